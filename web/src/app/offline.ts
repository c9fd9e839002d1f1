/**
 * Offline start-up (spec §7 offline persistence): the service worker that serves the app shell
 * without a connection (production builds only; web/sw/sw.js), and the data kept on the device for
 * the runner's activities, profile and medals (lib/query-persistence.ts), put back before the first
 * render when the app opens offline and kept in step while it runs.
 */
import type { QueryClient } from '@tanstack/react-query';
import { offlineStore, persistQueries, restoreQueries } from '../lib/query-persistence.ts';

/** The build this app came from; the kept data of another build is dropped. */
export const BUILD_ID: string = import.meta.env.VITE_STRIDE_BUILD ?? 'development';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) {
    return;
  }
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
    console.warn('The service worker could not be registered; Stride will not open offline', error);
  });
}

/** Restores the kept data when starting offline, then keeps it. Never fails the start. */
export async function startOfflineData(queryClient: QueryClient): Promise<void> {
  if (typeof indexedDB === 'undefined') {
    return;
  }
  const store = offlineStore();
  if (!navigator.onLine) {
    await restoreQueries(queryClient, store, { buster: BUILD_ID, now: Date.now() }).catch((error: unknown) =>
      console.warn('The data kept for offline use could not be read', error),
    );
  }
  persistQueries(queryClient, store, { buster: BUILD_ID, now: () => Date.now() });
}
