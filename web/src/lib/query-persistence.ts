/**
 * The copy of the runner's last fetched activities, profile and medals kept on the device (spec §7
 * offline persistence), so that Stride opened without a connection still shows them. A dehydrated
 * snapshot of those queries (TanStack Query's `dehydrate`) is written to IndexedDB, at most once a
 * second after they change, together with the signed-in user it belongs to. It is read back only
 * when the app starts offline: online, the server answers and nothing old is shown.
 *
 * One snapshot is kept, of one user: signing in or out clears it, a different user's data replaces
 * it, and a snapshot older than seven days or written by another build of the app is dropped.
 */
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
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

export interface PersistedSnapshot {
  userId: string;
  /** The build that wrote it; another build drops it. */
  buster: string;
  /** Epoch ms. */
  savedAt: number;
  state: DehydratedState;
}

/** Where the snapshot lives: IndexedDB in the browser. */
export interface SnapshotStore {
  read(): Promise<PersistedSnapshot | undefined>;
  write(snapshot: PersistedSnapshot): Promise<void>;
  clear(): Promise<void>;
}

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

/**
 * Puts the stored snapshot into the query cache, or drops it when it is stale or of another build.
 * True when something was restored.
 */
export async function restoreQueries(
  queryClient: QueryClient,
  store: SnapshotStore,
  options: { buster: string; now: number },
): Promise<boolean> {
  const snapshot = await store.read();
  if (!snapshot) {
    return false;
  }
  if (!isRestorable(snapshot, options.buster, options.now)) {
    await store.clear();
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
 */
export function persistQueries(
  queryClient: QueryClient,
  store: SnapshotStore,
  options: { buster: string; now: () => number; throttleMs?: number },
): Persisting {
  const throttleMs = options.throttleMs ?? OFFLINE_CACHE_WRITE_THROTTLE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = async () => {
    const userId = sessionUserId(queryClient);
    if (userId === null) {
      await store.clear();
    } else if (userId !== undefined) {
      await store.write(takeSnapshot(queryClient, userId, options.buster, options.now()));
    }
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

const DATABASE = 'stride-offline';
const STORE = 'queries';
const SNAPSHOT_KEY = 'snapshot';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The snapshot in the browser's IndexedDB (one database, one object store, one record). */
export function indexedDbStore(factory: IDBFactory = indexedDB): SnapshotStore {
  let opened: Promise<IDBDatabase> | undefined;
  const open = () => {
    opened ??= new Promise((resolve, reject) => {
      const req = factory.open(DATABASE, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    const transaction = db.transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    });
    const result = await request(action(transaction.objectStore(STORE)));
    await done;
    return result;
  };
  return {
    read: async () => (await run('readonly', (store) => store.get(SNAPSHOT_KEY))) as PersistedSnapshot | undefined,
    write: async (snapshot) => {
      await run('readwrite', (store) => store.put(snapshot, SNAPSHOT_KEY));
    },
    clear: async () => {
      await run('readwrite', (store) => store.delete(SNAPSHOT_KEY));
    },
  };
}

let browserStore: SnapshotStore | undefined;

/** The app's store (created on first use, so merely loading this module touches no browser API). */
export function offlineStore(): SnapshotStore {
  browserStore ??= indexedDbStore();
  return browserStore;
}

/** Removes the kept data at once (sign-in and sign-out: nothing of one user is left for the next). */
export async function clearOfflineData(): Promise<void> {
  if (typeof indexedDB === 'undefined') {
    return;
  }
  await offlineStore()
    .clear()
    .catch((error: unknown) => console.warn('Could not clear the data kept for offline use', error));
}
