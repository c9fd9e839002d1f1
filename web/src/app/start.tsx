/** Renders the app (main.tsx loads it). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppTheme } from './AppTheme.tsx';
import { reportingMutationCache, startErrorReporting } from './error-reporting.ts';
import { startOfflineData } from './offline.ts';
import { startPageViews } from '../analytics/page-view-reporting.ts';
import { watchSessionSignals } from '../lib/auth/session.ts';
import { router } from './router.tsx';

startErrorReporting();
startPageViews();

const queryClient = new QueryClient({
  mutationCache: reportingMutationCache,
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
    // A change made offline runs at once and is refused with a sentence (api/client.ts), instead
    // of waiting, paused and unseen, for the connection to come back.
    mutations: { networkMode: 'always' },
  },
});
watchSessionSignals(queryClient);

const root = document.getElementById('root');
if (!root) {
  throw new Error('The page has no #root element');
}

// Offline, the kept data is in the cache before the first screen renders.
await startOfflineData(queryClient);

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppTheme>
        <RouterProvider router={router} />
      </AppTheme>
    </QueryClientProvider>
  </StrictMode>,
);
