/**
 * Offline start-up (spec §7 offline persistence): the service worker that serves the app shell
 * without a connection (production builds only; web/sw/sw.js), and the data kept on the device for
 * the runner's activities, profile and medals (lib/query-persistence.ts), put back before the first
 * render when the app opens offline and kept in step while a runner is signed in.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { clearOfflineData, offlineStore } from '../lib/offline-store.ts';
import { SESSION_QUERY_KEY } from '../lib/query-keys.ts';

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
 * Offline, puts the kept data into the cache before the first render. Then keeps it in step while
 * a runner is signed in, adding to what earlier visits kept; its code (lib/query-persistence.ts)
 * loads then, so a signed-out page (the sign-in page) downloads none of it, and only clears what an
 * earlier visit kept. Never fails the start.
 */
export async function startOfflineData(queryClient: QueryClient): Promise<void> {
  // TanStack Query assumes online until an online or offline event; a page opened offline says so
  // at once, so queries wait for the connection instead of failing.
  onlineManager.setOnline(navigator.onLine);
  if (typeof indexedDB === 'undefined') {
    return;
  }
  if (!navigator.onLine) {
    await keepOfflineData(queryClient, true);
    return;
  }
  let cleared = false;
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    const user = queryClient.getQueryData<{ id: string } | null>(SESSION_QUERY_KEY);
    if (user === null && !cleared) {
      cleared = true;
      void clearOfflineData();
    } else if (user) {
      unsubscribe();
      void keepOfflineData(queryClient, false);
    }
  });
}

/** Reads the kept data (restoring it when `restore`), then keeps the store in step with the cache. */
async function keepOfflineData(queryClient: QueryClient, restore: boolean): Promise<void> {
  try {
    const { persistQueries, readKeptSnapshot, restoreQueries } = await import('../lib/query-persistence.ts');
    const store = offlineStore();
    const kept = readKeptSnapshot(store, { buster: BUILD_ID, now: Date.now() }).catch((error: unknown) => {
      console.warn('The data kept for offline use could not be read', error);
      return undefined;
    });
    if (restore) {
      restoreQueries(queryClient, await kept);
    }
    const persisting = persistQueries(queryClient, store, { buster: BUILD_ID, now: () => Date.now(), carried: kept });
    // Leaving the page (a reload, a closed tab) writes what the throttle still holds back.
    window.addEventListener('pagehide', () => void persisting.flush());
  } catch (error) {
    console.warn('The data kept for offline use is not kept in step', error);
  }
}
