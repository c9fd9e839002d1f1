import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_CACHE_MAX_AGE_MS, OFFLINE_CACHE_WRITE_THROTTLE_MS } from '../../../core/offline.ts';
import {
  isPersistedQueryKey,
  isRestorable,
  persistQueries,
  readKeptSnapshot,
  restoreQueries,
  takeSnapshot,
} from './query-persistence.ts';
import type { PersistedSnapshot, SnapshotStore } from './offline-store.ts';
import {
  ACTIVITY_LISTS_QUERY_KEY,
  activityDetailQueryKey,
  activityTrackQueryKey,
  CHARTS_QUERY_KEY,
  MEDALS_QUERY_KEY,
  PROFILE_QUERY_KEY,
  SESSION_QUERY_KEY,
  WELLBEING_QUERY_KEY,
} from './query-keys.ts';

const NOW = Date.parse('2026-03-14T09:00:00Z');
const BUILD = 'build-1';

/** A store in memory, standing where the browser's IndexedDB stands. */
function memoryStore(): SnapshotStore & { saved: PersistedSnapshot | undefined; writes: number } {
  const store = {
    saved: undefined as PersistedSnapshot | undefined,
    writes: 0,
    read: () => Promise.resolve(store.saved === undefined ? undefined : structuredClone(store.saved)),
    write: (snapshot: PersistedSnapshot) => {
      store.writes += 1;
      store.saved = structuredClone(snapshot);
      return Promise.resolve();
    },
    clear: () => {
      store.saved = undefined;
      return Promise.resolve();
    },
  };
  return store;
}

const ada = { id: 'user-ada', name: 'Ada', email: 'ada@example.com' };
const listKey = [...ACTIVITY_LISTS_QUERY_KEY, 'provider', ada.id, { limit: 10 }];
const runs = { activities: [{ id: 'run-1', name: 'Morning Run' }], total: 1 };

function clientWithAdasData(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(SESSION_QUERY_KEY, ada, { updatedAt: NOW });
  client.setQueryData(listKey, runs, { updatedAt: NOW });
  client.setQueryData(activityDetailQueryKey('run-1'), { id: 'run-1', distance: 5000 }, { updatedAt: NOW });
  client.setQueryData(activityTrackQueryKey('run-1'), { points: [[52.5, 13.4]] }, { updatedAt: NOW });
  client.setQueryData(PROFILE_QUERY_KEY, { firstName: 'Ada' }, { updatedAt: NOW });
  client.setQueryData(MEDALS_QUERY_KEY, { medals: [{ id: 'first-run', earned: true }] }, { updatedAt: NOW });
  client.setQueryData([...CHARTS_QUERY_KEY, 'week'], { bars: [1, 2] }, { updatedAt: NOW });
  client.setQueryData(WELLBEING_QUERY_KEY, { score: 70 }, { updatedAt: NOW });
  return client;
}

describe('which queries are kept for offline use', () => {
  it('keeps activity lists and details, the profile, the medals and the session, nothing else', () => {
    expect(isPersistedQueryKey(listKey)).toBe(true);
    expect(isPersistedQueryKey(activityDetailQueryKey('run-1'))).toBe(true);
    expect(isPersistedQueryKey(PROFILE_QUERY_KEY)).toBe(true);
    expect(isPersistedQueryKey(MEDALS_QUERY_KEY)).toBe(true);
    expect(isPersistedQueryKey(SESSION_QUERY_KEY)).toBe(true);
    expect(isPersistedQueryKey(activityTrackQueryKey('run-1'))).toBe(false);
    expect(isPersistedQueryKey([...CHARTS_QUERY_KEY, 'week'])).toBe(false);
    expect(isPersistedQueryKey(WELLBEING_QUERY_KEY)).toBe(false);
  });

  it('a snapshot holds only those queries, of the user it names', () => {
    const snapshot = takeSnapshot(clientWithAdasData(), ada.id, BUILD, NOW);
    expect(snapshot.userId).toBe(ada.id);
    expect(snapshot.buster).toBe(BUILD);
    expect(snapshot.savedAt).toBe(NOW);
    expect(snapshot.state.queries.map((query) => query.queryKey)).toEqual([
      SESSION_QUERY_KEY,
      listKey,
      activityDetailQueryKey('run-1'),
      PROFILE_QUERY_KEY,
      MEDALS_QUERY_KEY,
    ]);
    expect(snapshot.state.mutations).toEqual([]);
  });

  it('leaves out a query that failed or has not answered', () => {
    const client = new QueryClient();
    client.setQueryData(SESSION_QUERY_KEY, ada);
    void client.prefetchQuery({ queryKey: MEDALS_QUERY_KEY, queryFn: () => new Promise(() => undefined) });
    expect(takeSnapshot(client, ada.id, BUILD, NOW).state.queries.map((query) => query.queryKey)).toEqual([
      SESSION_QUERY_KEY,
    ]);
  });
});

describe('restoring', () => {
  it('a stored snapshot comes back into an empty cache with its data', async () => {
    const store = memoryStore();
    await store.write(takeSnapshot(clientWithAdasData(), ada.id, BUILD, NOW));

    const fresh = new QueryClient();
    expect(restoreQueries(fresh, await readKeptSnapshot(store, { buster: BUILD, now: NOW + 60_000 }))).toBe(true);
    expect(fresh.getQueryData(SESSION_QUERY_KEY)).toEqual(ada);
    expect(fresh.getQueryData(listKey)).toEqual(runs);
    expect(fresh.getQueryData(MEDALS_QUERY_KEY)).toEqual({ medals: [{ id: 'first-run', earned: true }] });
    expect(fresh.getQueryData(PROFILE_QUERY_KEY)).toEqual({ firstName: 'Ada' });
    expect(fresh.getQueryState(listKey)?.dataUpdatedAt).toBe(NOW);
    expect(fresh.getQueryData([...CHARTS_QUERY_KEY, 'week'])).toBeUndefined();
  });

  it('drops a snapshot of another build, and one seven days old or older', async () => {
    const snapshot = takeSnapshot(clientWithAdasData(), ada.id, BUILD, NOW);
    expect(isRestorable(snapshot, BUILD, NOW + OFFLINE_CACHE_MAX_AGE_MS - 1)).toBe(true);
    expect(isRestorable(snapshot, BUILD, NOW + OFFLINE_CACHE_MAX_AGE_MS)).toBe(false);
    expect(isRestorable(snapshot, 'build-2', NOW)).toBe(false);

    for (const [buster, now] of [
      ['build-2', NOW],
      [BUILD, NOW + OFFLINE_CACHE_MAX_AGE_MS],
    ] as const) {
      const store = memoryStore();
      await store.write(snapshot);
      const fresh = new QueryClient();
      expect(restoreQueries(fresh, await readKeptSnapshot(store, { buster, now }))).toBe(false);
      expect(fresh.getQueryData(listKey)).toBeUndefined();
      expect(store.saved).toBeUndefined();
    }
  });

  it('restores nothing when nothing was kept', async () => {
    const fresh = new QueryClient();
    expect(restoreQueries(fresh, await readKeptSnapshot(memoryStore(), { buster: BUILD, now: NOW }))).toBe(false);
    expect(fresh.getQueryCache().getAll()).toEqual([]);
  });
});

describe('keeping the store in step', () => {
  const manualTimer = 60_000;

  it('writes the signed-in user’s kept queries after they change', async () => {
    const client = new QueryClient();
    const store = memoryStore();
    const persisting = persistQueries(client, store, { buster: BUILD, now: () => NOW, throttleMs: manualTimer });
    client.setQueryData(SESSION_QUERY_KEY, ada);
    client.setQueryData(MEDALS_QUERY_KEY, { medals: [] });
    client.setQueryData(WELLBEING_QUERY_KEY, { score: 70 });
    await persisting.flush();
    expect(store.saved?.userId).toBe(ada.id);
    expect(store.saved?.state.queries.map((query) => query.queryKey)).toEqual([SESSION_QUERY_KEY, MEDALS_QUERY_KEY]);
    persisting.stop();
  });

  it('clears the store once nobody is signed in, and replaces one user’s data with the next user’s', async () => {
    const client = clientWithAdasData();
    const store = memoryStore();
    const persisting = persistQueries(client, store, { buster: BUILD, now: () => NOW, throttleMs: manualTimer });
    await persisting.flush();
    expect(store.saved?.userId).toBe(ada.id);

    // Signing out: the data is removed and the session answers null.
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    client.setQueryData(SESSION_QUERY_KEY, null);
    await persisting.flush();
    expect(store.saved).toBeUndefined();

    const grace = { id: 'user-grace', name: 'Grace', email: 'grace@example.com' };
    client.setQueryData(SESSION_QUERY_KEY, grace);
    client.setQueryData(PROFILE_QUERY_KEY, { firstName: 'Grace' });
    await persisting.flush();
    expect(store.saved?.userId).toBe(grace.id);
    const restored = new QueryClient();
    restoreQueries(restored, await readKeptSnapshot(store, { buster: BUILD, now: NOW }));
    expect(restored.getQueryData(PROFILE_QUERY_KEY)).toEqual({ firstName: 'Grace' });
    expect(restored.getQueryData(listKey)).toBeUndefined();
    persisting.stop();
  });

  it('writes nothing before the session is known, and nothing for queries it does not keep', async () => {
    const client = new QueryClient();
    const store = memoryStore();
    const persisting = persistQueries(client, store, { buster: BUILD, now: () => NOW, throttleMs: manualTimer });
    client.setQueryData(MEDALS_QUERY_KEY, { medals: [] });
    await persisting.flush();
    expect(store.writes).toBe(0);
    persisting.stop();
  });
});

describe('what earlier visits kept', () => {
  const manualTimer = 60_000;

  it('stays beside what this visit fetched, replaced only by newer data of the same query', async () => {
    const store = memoryStore();
    await store.write(takeSnapshot(clientWithAdasData(), ada.id, BUILD, NOW));

    // The next visit, online, opens the dashboard only: the session and the profile.
    const client = new QueryClient();
    const persisting = persistQueries(client, store, {
      buster: BUILD,
      now: () => NOW + 60_000,
      throttleMs: manualTimer,
      carried: readKeptSnapshot(store, { buster: BUILD, now: NOW + 60_000 }),
    });
    client.setQueryData(SESSION_QUERY_KEY, ada, { updatedAt: NOW + 60_000 });
    client.setQueryData(PROFILE_QUERY_KEY, { firstName: 'Augusta' }, { updatedAt: NOW + 60_000 });
    await persisting.flush();

    const restored = new QueryClient();
    restoreQueries(restored, await readKeptSnapshot(store, { buster: BUILD, now: NOW + 120_000 }));
    expect(restored.getQueryData(PROFILE_QUERY_KEY)).toEqual({ firstName: 'Augusta' });
    expect(restored.getQueryData(MEDALS_QUERY_KEY)).toEqual({ medals: [{ id: 'first-run', earned: true }] });
    expect(restored.getQueryData(listKey)).toEqual(runs);
    persisting.stop();
  });

  it('leaves once its data is seven days old', async () => {
    const store = memoryStore();
    await store.write(takeSnapshot(clientWithAdasData(), ada.id, BUILD, NOW));
    const later = NOW + OFFLINE_CACHE_MAX_AGE_MS - 1;
    const client = new QueryClient();
    const persisting = persistQueries(client, store, {
      buster: BUILD,
      now: () => later + 1,
      throttleMs: manualTimer,
      carried: readKeptSnapshot(store, { buster: BUILD, now: later }),
    });
    client.setQueryData(SESSION_QUERY_KEY, ada, { updatedAt: later });
    await persisting.flush();
    expect(store.saved?.state.queries.map((query) => query.queryKey)).toEqual([SESSION_QUERY_KEY]);
    persisting.stop();
  });

  it('is dropped, never written again, when someone else is signed in', async () => {
    const store = memoryStore();
    await store.write(takeSnapshot(clientWithAdasData(), ada.id, BUILD, NOW));
    const client = new QueryClient();
    const persisting = persistQueries(client, store, {
      buster: BUILD,
      now: () => NOW,
      throttleMs: manualTimer,
      carried: readKeptSnapshot(store, { buster: BUILD, now: NOW }),
    });
    const grace = { id: 'user-grace', name: 'Grace', email: 'grace@example.com' };
    client.setQueryData(SESSION_QUERY_KEY, grace);
    await persisting.flush();
    expect(store.saved?.userId).toBe(grace.id);
    expect(store.saved?.state.queries.map((query) => query.queryKey)).toEqual([SESSION_QUERY_KEY]);
    expect(store.saved?.state.queries[0]?.state.data).toEqual(grace);
    persisting.stop();
  });
});

describe('the throttle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes once a second at most, the latest data, after the first change', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const store = memoryStore();
    const persisting = persistQueries(client, store, { buster: BUILD, now: () => NOW });
    client.setQueryData(SESSION_QUERY_KEY, ada);
    client.setQueryData(MEDALS_QUERY_KEY, { medals: [] });
    await vi.advanceTimersByTimeAsync(OFFLINE_CACHE_WRITE_THROTTLE_MS - 1);
    expect(store.writes).toBe(0);
    client.setQueryData(MEDALS_QUERY_KEY, { medals: [{ id: 'first-run', earned: true }] });
    await vi.advanceTimersByTimeAsync(1);
    expect(store.writes).toBe(1);
    expect(store.saved?.state.queries.find((query) => query.queryKey[0] === 'medals')?.state.data).toEqual({
      medals: [{ id: 'first-run', earned: true }],
    });
    persisting.stop();
    client.setQueryData(MEDALS_QUERY_KEY, { medals: [] });
    await vi.advanceTimersByTimeAsync(OFFLINE_CACHE_WRITE_THROTTLE_MS);
    expect(store.writes).toBe(1);
  });
});
