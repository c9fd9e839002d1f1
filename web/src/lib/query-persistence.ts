/**
 * The copy of the runner's last fetched activities, profile and medals kept on the device (spec §7
 * offline persistence), so that Stride opened without a connection still shows them. A dehydrated
 * snapshot of those queries (TanStack Query's `dehydrate`) is written to IndexedDB, at most once a
 * second after they change, together with the signed-in user it belongs to. It is put back into the
 * cache only when the app starts offline: online, the server answers and nothing old is shown.
 *
 * One snapshot is kept, of one user: signing in or out clears it, a different user's data replaces
 * it, and a snapshot older than seven days or written by another build of the app is dropped.
 * Signing out is the way to leave nothing on a shared device. (TanStack's persister packages:
 * docs/offline-and-accessibility.md says why they are not used.)
 */
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import type { PersistedSnapshot, SnapshotStore } from './offline-store.ts';
import { OFFLINE_CACHE_MAX_AGE_MS, OFFLINE_CACHE_WRITE_THROTTLE_MS } from '../../../core/offline.ts';
import {
  ACTIVITY_DETAILS_QUERY_KEY,
  ACTIVITY_LISTS_QUERY_KEY,
  MEDALS_QUERY_KEY,
  PERSONAL_BESTS_QUERY_KEY,
  PROFILE_QUERY_KEY,
  SESSION_QUERY_KEY,
  SPORT_TOTALS_QUERY_KEY,
} from './query-keys.ts';

/**
 * The queries kept: the activities (lists, single activities, totals, personal bests), the profile,
 * the medals, and the session, which names whose data it is and lets the guarded screens open.
 */
export const PERSISTED_QUERY_KEYS: readonly (readonly string[])[] = [
  ACTIVITY_LISTS_QUERY_KEY,
  ACTIVITY_DETAILS_QUERY_KEY,
  SPORT_TOTALS_QUERY_KEY,
  PERSONAL_BESTS_QUERY_KEY,
  PROFILE_QUERY_KEY,
  MEDALS_QUERY_KEY,
  SESSION_QUERY_KEY,
];

export function isPersistedQueryKey(queryKey: readonly unknown[]): boolean {
  return PERSISTED_QUERY_KEYS.some((prefix) => prefix.every((part, index) => queryKey[index] === part));
}

function shouldPersist(query: Query): boolean {
  return query.state.status === 'success' && isPersistedQueryKey(query.queryKey);
}

/** The signed-in user's id as the session query holds it: null signed out, undefined not known yet. */
function sessionUserId(queryClient: QueryClient): string | null | undefined {
  const user = queryClient.getQueryData<{ id: string } | null>(SESSION_QUERY_KEY);
  return user === undefined ? undefined : (user?.id ?? null);
}

/** The kept queries of the signed-in user, ready to store. */
export function takeSnapshot(queryClient: QueryClient, userId: string, buster: string, now: number): PersistedSnapshot {
  return {
    userId,
    buster,
    savedAt: now,
    state: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersist, shouldDehydrateMutation: () => false }),
  };
}

/** A snapshot is shown only if this build wrote it and it is younger than the maximum age. */
export function isRestorable(snapshot: PersistedSnapshot, buster: string, now: number): boolean {
  return snapshot.buster === buster && now - snapshot.savedAt >= 0 && now - snapshot.savedAt < OFFLINE_CACHE_MAX_AGE_MS;
}

/** The stored snapshot when it can be used; one that is stale or of another build is dropped. */
export async function readKeptSnapshot(
  store: SnapshotStore,
  options: { buster: string; now: number },
): Promise<PersistedSnapshot | undefined> {
  const snapshot = await store.read();
  if (snapshot && !isRestorable(snapshot, options.buster, options.now)) {
    await store.clear();
    return undefined;
  }
  return snapshot;
}

/** Puts a kept snapshot into the query cache (the app opened offline); true when there was one. */
export function restoreQueries(queryClient: QueryClient, snapshot: PersistedSnapshot | undefined): boolean {
  if (!snapshot) {
    return false;
  }
  hydrate(queryClient, snapshot.state);
  return true;
}

export interface Persisting {
  /** Writes what is pending now instead of after the throttle. */
  flush(): Promise<void>;
  stop(): void;
}

/**
 * Keeps the store in step with the cache: after a kept query changes, the signed-in user's kept
 * queries are written (at most once per throttle); once nobody is signed in, the store is cleared.
 *
 * The store holds what the user's earlier visits kept too (`carried`, the snapshot found at start):
 * opening the dashboard must not forget the medals kept last time. A kept query is replaced by newer
 * data of the same query and leaves once its data is seven days old; when the signed-in user is
 * someone else than the one the kept data belongs to, it is all dropped, never shown or written.
 */
export function persistQueries(
  queryClient: QueryClient,
  store: SnapshotStore,
  options: {
    buster: string;
    now: () => number;
    throttleMs?: number;
    carried?: Promise<PersistedSnapshot | undefined>;
  },
): Persisting {
  const throttleMs = options.throttleMs ?? OFFLINE_CACHE_WRITE_THROTTLE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  let kept: { userId: string; queries: Map<string, DehydratedState['queries'][number]> } | undefined;
  let carried = options.carried;

  const write = async () => {
    if (carried) {
      const snapshot = await carried.catch(() => undefined);
      carried = undefined;
      if (snapshot) {
        kept = { userId: snapshot.userId, queries: new Map(snapshot.state.queries.map((q) => [q.queryHash, q])) };
      }
    }
    const userId = sessionUserId(queryClient);
    if (userId === undefined) {
      return;
    }
    if (userId === null) {
      kept = undefined;
      await store.clear();
      return;
    }
    if (kept?.userId !== userId) {
      kept = { userId, queries: new Map() };
    }
    const now = options.now();
    for (const query of takeSnapshot(queryClient, userId, options.buster, now).state.queries) {
      kept.queries.set(query.queryHash, query);
    }
    for (const [hash, query] of kept.queries) {
      if (now - query.state.dataUpdatedAt >= OFFLINE_CACHE_MAX_AGE_MS) {
        kept.queries.delete(hash);
      }
    }
    await store.write({
      userId,
      buster: options.buster,
      savedAt: now,
      state: { mutations: [], queries: [...kept.queries.values()] },
    });
  };
  const flush = () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    // Writes go one after another, so an older snapshot never lands after a newer one.
    writing = writing.then(write).catch((error: unknown) => console.warn('Could not keep data for offline use', error));
    return writing;
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (!isPersistedQueryKey((event.query as Query).queryKey) || timer !== undefined) {
      return;
    }
    if (event.type === 'updated' || event.type === 'removed' || event.type === 'added') {
      timer = setTimeout(() => void flush(), throttleMs);
    }
  });
  return {
    flush,
    stop() {
      unsubscribe();
      if (timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    },
  };
}
