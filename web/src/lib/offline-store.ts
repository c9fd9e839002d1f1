/**
 * Where the copy of the runner's data kept for offline use lives (query-persistence.ts decides what
 * is kept and when): one snapshot in the browser's IndexedDB. Small and free of TanStack Query, so
 * a signed-out page can clear what an earlier visit kept without loading the persister.
 */
import type { DehydratedState } from '@tanstack/react-query';

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
