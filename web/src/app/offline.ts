/**
 * Offline start-up (spec §7 offline persistence): the service worker that serves the app shell
 * without a connection (production builds only; web/sw/sw.js), and the data kept on the device for
 * the runner's activities, profile and medals (lib/query-persistence.ts), put back before the first
 * render when the app opens offline and kept in step while it runs.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { offlineStore, persistQueries, readKeptSnapshot, restoreQueries } from '../lib/query-persistence.ts';

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

/**
 * Reads the kept data; offline, puts it into the cache before the first render. Then keeps it in
 * step, adding to what earlier visits kept. Never fails the start.
 */
export async function startOfflineData(queryClient: QueryClient): Promise<void> {
  // TanStack Query assumes online until an online or offline event; a page opened offline says so
  // at once, so queries wait for the connection instead of failing.
  onlineManager.setOnline(navigator.onLine);
  if (typeof indexedDB === 'undefined') {
    return;
  }
  const store = offlineStore();
  const kept = readKeptSnapshot(store, { buster: BUILD_ID, now: Date.now() }).catch((error: unknown) => {
    console.warn('The data kept for offline use could not be read', error);
    return undefined;
  });
  if (!navigator.onLine) {
    restoreQueries(queryClient, await kept);
  }
  const persisting = persistQueries(queryClient, store, { buster: BUILD_ID, now: () => Date.now(), carried: kept });
  // Leaving the page (a reload, a closed tab) writes what the throttle still holds back.
  window.addEventListener('pagehide', () => void persisting.flush());
}
