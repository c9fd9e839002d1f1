import { describe, expect, it } from 'vitest';
import type { ActivitySummary } from '../activity/schemas.ts';
import { ACTIVITY_CACHE_FRESH_MS, PROVIDER_CACHE_FRESH_MS } from './constants.ts';
import {
  ACTIVITY_DATA_OUTSIDE_PROVIDER,
  activityDataReducer,
  type ActivityDataAction,
  type ActivityDataState,
  initialActivityDataState,
  isActivityCacheFresh,
  isFresh,
  isMockActivity,
  isProviderSyncDue,
  mockActivities,
  needsBackgroundRefresh,
  networkStatus,
  planFetch,
  visibleActivities,
} from './data-state.ts';
import { ACTIVITY_ERROR_TEXTS } from './messages.ts';

const NOW = Date.parse('2025-06-14T12:00:00Z');

function activity(id: string, overrides: Partial<ActivitySummary> = {}): ActivitySummary {
  const base: Omit<ActivitySummary, 'stravaId'> = {
    id,
    name: `Run ${id}`,
    type: 'run',
    source: 'upload',
    hasTiming: true,
    startDate: '2025-06-10T07:00:00.000Z',
    startDateLocal: '2025-06-10T09:00:00',
    timezone: 'Europe/Paris',
    distance: 5000,
    movingTime: 1500,
    elapsedTime: 1550,
    elevationGain: 20,
    averageSpeed: 3.33,
    maxSpeed: 4,
    averageHeartrate: null,
    maxHeartrate: null,
    averageCadence: null,
    startLatLng: null,
    endLatLng: null,
    hasTrack: false,
    fileType: 'gpx',
    originalFilename: 'run.gpx',
    flagged: false,
    flagReason: null,
    flagConfirmedAt: null,
  };
  return Object.assign({ stravaId: null }, base, overrides);
}

function run(state: ActivityDataState, ...actions: ActivityDataAction[]): ActivityDataState {
  return actions.reduce(activityDataReducer, state);
}

const empty = initialActivityDataState();
const loaded = run(empty, { type: 'fetch-start' }, { type: 'fetch-success', activities: [activity('a')], at: NOW });

describe('the initial state (spec §3)', () => {
  it('is empty, not loading, not initialised, online, without filters', () => {
    expect(empty).toEqual({
      activities: [],
      status: { loading: false, initialised: false, lastError: null, lastSync: null, network: 'online' },
      filters: { type: null, from: null, to: null },
    });
  });

  it('may start from the network status the browser reports', () => {
    expect(initialActivityDataState('offline').status.network).toBe('offline');
  });
});

describe('activityDataReducer: the lifecycle of spec §4', () => {
  it('fetch start sets loading and clears the error', () => {
    const failed = run(empty, { type: 'fetch-error', message: 'boom' });
    const started = run(failed, { type: 'fetch-start' });
    expect(started.status.loading).toBe(true);
    expect(started.status.lastError).toBeNull();
  });

  it('fetch success stores the data, clears loading, initialises and stamps the sync time', () => {
    const list = [activity('a'), activity('b')];
    const state = run(empty, { type: 'fetch-start' }, { type: 'fetch-success', activities: list, at: NOW });
    expect(state.activities).toBe(list);
    expect(state.status).toMatchObject({ loading: false, initialised: true, lastSync: NOW, lastError: null });
  });

  it('fetch error stores the friendly text of spec §8 and clears loading', () => {
    const state = run(loaded, { type: 'fetch-start' }, { type: 'fetch-error', message: 'Request failed: 429' });
    expect(state.status.lastError).toBe(ACTIVITY_ERROR_TEXTS.rateLimit);
    expect(state.status.loading).toBe(false);
  });

  it('fetch error keeps an unclassified message as it is', () => {
    const state = run(empty, { type: 'fetch-error', message: 'Disk full' });
    expect(state.status.lastError).toBe('Disk full');
  });

  it('fetch error with cached activities keeps the cached list and its sync time (spec §8)', () => {
    const state = run(loaded, { type: 'fetch-start' }, { type: 'fetch-error', message: 'Failed to fetch' });
    expect(state.activities).toBe(loaded.activities);
    expect(state.status.lastSync).toBe(NOW);
    expect(state.status.lastError).toBe(ACTIVITY_ERROR_TEXTS.network);
  });

  it('fetch error without a cache initialises the state with an empty list (spec §8)', () => {
    const state = run(empty, { type: 'fetch-start' }, { type: 'fetch-error', message: 'token expired' });
    expect(state.activities).toEqual([]);
    expect(state.status).toMatchObject({
      initialised: true,
      loading: false,
      lastError: ACTIVITY_ERROR_TEXTS.connection,
    });
  });

  it('login initialises a state that is not initialised with an empty list', () => {
    const state = run(empty, { type: 'login' });
    expect(state.status.initialised).toBe(true);
    expect(state.activities).toEqual([]);
  });

  it('login leaves an initialised state as it is', () => {
    expect(run(loaded, { type: 'login' })).toBe(loaded);
  });

  it('a fetch without a signed-in user gives an empty, initialised list (spec §5)', () => {
    const state = run(loaded, { type: 'fetch-start' }, { type: 'no-user' });
    expect(state.activities).toEqual([]);
    expect(state.status).toMatchObject({ initialised: true, loading: false });
  });

  it('reset puts everything back to empty but keeps what the browser says about the network', () => {
    const state = run(
      loaded,
      { type: 'network', network: 'slow' },
      { type: 'set-filter', filter: 'type', value: 'run' },
      { type: 'fetch-error', message: 'boom' },
      { type: 'reset' },
    );
    expect(state).toEqual(initialActivityDataState('slow'));
  });

  it('stores the network status, and returns the same state when it does not change', () => {
    const slow = run(empty, { type: 'network', network: 'slow' });
    expect(slow.status.network).toBe('slow');
    expect(run(slow, { type: 'network', network: 'slow' })).toBe(slow);
  });

  it('sets and clears filters per filter type', () => {
    const filtered = run(
      empty,
      { type: 'set-filter', filter: 'type', value: 'run' },
      { type: 'set-filter', filter: 'from', value: '2025-06-01' },
      { type: 'set-filter', filter: 'to', value: '2025-06-30' },
    );
    expect(filtered.filters).toEqual({ type: 'run', from: '2025-06-01', to: '2025-06-30' });
    expect(run(filtered, { type: 'clear-filters', filter: 'from' }).filters).toEqual({
      type: 'run',
      from: null,
      to: '2025-06-30',
    });
    expect(run(filtered, { type: 'set-filter', filter: 'type', value: '' }).filters.type).toBeNull();
    expect(run(filtered, { type: 'clear-filters' }).filters).toEqual({ type: null, from: null, to: null });
  });

  it('uses the mock runs without touching the stored error or the sync time', () => {
    const failed = run(empty, { type: 'fetch-error', message: 'Quota exceeded' });
    const state = run(failed, { type: 'use-mock', at: NOW });
    expect(state.activities).toEqual(mockActivities(NOW));
    expect(state.status).toMatchObject({
      initialised: true,
      loading: false,
      lastError: 'Quota exceeded',
      lastSync: null,
    });
  });
});

describe('visibleActivities (spec §5 filters)', () => {
  const list = [
    activity('r1', { startDateLocal: '2025-06-01T07:00:00' }),
    activity('w1', { type: 'walk', startDateLocal: '2025-06-05T23:30:00' }),
    activity('r2', { startDateLocal: '2025-06-06T00:10:00' }),
  ];
  const state = run(empty, { type: 'fetch-success', activities: list, at: NOW });
  const ids = (filters: ActivityDataAction[]) => visibleActivities(run(state, ...filters)).map(({ id }) => id);

  it('returns everything without a filter', () => {
    expect(ids([])).toEqual(['r1', 'w1', 'r2']);
  });

  it('matches the type exactly', () => {
    expect(ids([{ type: 'set-filter', filter: 'type', value: 'walk' }])).toEqual(['w1']);
    expect(ids([{ type: 'set-filter', filter: 'type', value: 'Walk' }])).toEqual([]);
  });

  it('keeps the inclusive date range of local start days', () => {
    expect(
      ids([
        { type: 'set-filter', filter: 'from', value: '2025-06-01' },
        { type: 'set-filter', filter: 'to', value: '2025-06-05' },
      ]),
    ).toEqual(['r1', 'w1']);
  });
});

describe('networkStatus (spec §4)', () => {
  it.each([
    [{ online: true }, 'online'],
    [{ online: true, effectiveType: '4g' }, 'online'],
    [{ online: true, effectiveType: '3g' }, 'online'],
    [{ online: true, effectiveType: '2g' }, 'slow'],
    [{ online: true, effectiveType: 'slow-2g' }, 'slow'],
    [{ online: true, effectiveType: null }, 'online'],
    [{ online: false, effectiveType: '4g' }, 'offline'],
    [{ online: false, effectiveType: 'slow-2g' }, 'offline'],
  ] as const)('%o → %s', (report, expected) => {
    expect(networkStatus(report)).toBe(expected);
  });
});

describe('freshness (spec §9)', () => {
  it('isFresh is true strictly inside the age and false when never stamped', () => {
    expect(isFresh(NOW, NOW, 1000)).toBe(true);
    expect(isFresh(NOW - 999, NOW, 1000)).toBe(true);
    expect(isFresh(NOW - 1000, NOW, 1000)).toBe(false);
    expect(isFresh(null, NOW, 1000)).toBe(false);
  });

  it('keeps the in-memory list fresh for 5 minutes', () => {
    expect(ACTIVITY_CACHE_FRESH_MS).toBe(5 * 60 * 1000);
    expect(isActivityCacheFresh(loaded, NOW + ACTIVITY_CACHE_FRESH_MS - 1)).toBe(true);
    expect(isActivityCacheFresh(loaded, NOW + ACTIVITY_CACHE_FRESH_MS)).toBe(false);
    expect(isActivityCacheFresh(empty, NOW)).toBe(false);
  });

  it('asks the server for a sync when the last one finished 15 minutes ago or more, or never', () => {
    expect(PROVIDER_CACHE_FRESH_MS).toBe(15 * 60 * 1000);
    const lastSyncAt = new Date(NOW).toISOString();
    expect(isProviderSyncDue(lastSyncAt, NOW + PROVIDER_CACHE_FRESH_MS - 1)).toBe(false);
    expect(isProviderSyncDue(lastSyncAt, NOW + PROVIDER_CACHE_FRESH_MS)).toBe(true);
    expect(isProviderSyncDue(null, NOW)).toBe(true);
    expect(isProviderSyncDue('not a date', NOW)).toBe(true);
  });

  it('waits 15 minutes after a failed sync too, so a failing sync is not asked for on every load', () => {
    const failedAt = new Date(NOW).toISOString();
    expect(isProviderSyncDue(null, NOW + 1000, failedAt)).toBe(false);
    expect(isProviderSyncDue(new Date(NOW - 60 * 60 * 1000).toISOString(), NOW + 1000, failedAt)).toBe(false);
    expect(isProviderSyncDue(null, NOW + PROVIDER_CACHE_FRESH_MS, failedAt)).toBe(true);
  });
});

describe('planFetch (spec §4 reuse, §8 quota rule)', () => {
  const plan = (state: ActivityDataState, options: { force?: boolean; inFlight?: boolean; now?: number } = {}) =>
    planFetch(state, { inFlight: false, now: NOW, ...options });

  it('fetches a state that has nothing', () => {
    expect(plan(empty)).toBe('fetch');
  });

  it('reuses a fresh non-empty list', () => {
    expect(plan(loaded, { now: NOW + ACTIVITY_CACHE_FRESH_MS - 1 })).toBe('cached');
  });

  it('fetches again once the list is stale', () => {
    expect(plan(loaded, { now: NOW + ACTIVITY_CACHE_FRESH_MS })).toBe('fetch');
  });

  it('does not reuse a fresh but empty list', () => {
    const nothing = run(empty, { type: 'fetch-success', activities: [], at: NOW });
    expect(plan(nothing)).toBe('fetch');
  });

  it('reuses a request in flight', () => {
    expect(plan(run(empty, { type: 'fetch-start' }), { inFlight: true })).toBe('join');
  });

  it('returns the existing data when the state is loading', () => {
    expect(plan(run(empty, { type: 'fetch-start' }))).toBe('current');
  });

  it('with force refresh fetches even a fresh list, and queues behind a request in flight', () => {
    expect(plan(loaded, { force: true })).toBe('fetch');
    expect(plan(loaded, { force: true, inFlight: true })).toBe('queue');
  });

  it.each(['Quota exceeded for this project', 'RESOURCE_EXHAUSTED', '8 resource-exhausted: try later'])(
    'uses the mock runs when the stored error is "%s" and no force refresh is asked',
    (message) => {
      const failed = run(loaded, { type: 'fetch-error', message });
      expect(plan(failed)).toBe('mock');
      expect(plan(failed, { inFlight: true })).toBe('mock');
      expect(plan(failed, { force: true })).toBe('fetch');
    },
  );

  it('does not use the mock runs for other errors', () => {
    expect(plan(run(empty, { type: 'fetch-error', message: 'Request failed: 500' }))).toBe('fetch');
  });
});

describe('needsBackgroundRefresh (spec §4, every 10 minutes)', () => {
  const later = NOW + ACTIVITY_CACHE_FRESH_MS;

  it('refreshes a stale non-empty list when nothing loads', () => {
    expect(needsBackgroundRefresh(loaded, later)).toBe(true);
  });

  it('leaves a fresh list alone', () => {
    expect(needsBackgroundRefresh(loaded, later - 1)).toBe(false);
  });

  it('leaves an empty list alone', () => {
    expect(needsBackgroundRefresh(run(empty, { type: 'fetch-success', activities: [], at: NOW }), later)).toBe(false);
  });

  it('does not refresh while loading', () => {
    expect(needsBackgroundRefresh(run(loaded, { type: 'fetch-start' }), later)).toBe(false);
  });

  it('does not refresh offline', () => {
    expect(needsBackgroundRefresh(run(loaded, { type: 'network', network: 'offline' }), later)).toBe(false);
  });
});

describe('mockActivities (spec §8)', () => {
  it('are two runs: 5 km in 30 minutes and 8 km in 45 minutes, one and two days back, newest first', () => {
    const [first, second] = mockActivities(NOW);
    expect(mockActivities(NOW)).toHaveLength(2);
    expect(first).toMatchObject({ type: 'run', source: 'mock', distance: 5000, movingTime: 1800, elapsedTime: 1800 });
    expect(second).toMatchObject({ type: 'run', source: 'mock', distance: 8000, movingTime: 2700, elapsedTime: 2700 });
    expect(first?.startDate).toBe('2025-06-13T12:00:00.000Z');
    expect(first?.startDateLocal).toBe('2025-06-13T12:00:00');
    expect(second?.startDate).toBe('2025-06-12T12:00:00.000Z');
    expect(first?.averageSpeed).toBeCloseTo(5000 / 1800);
    expect(first && isMockActivity(first)).toBe(true);
    expect(isMockActivity(activity('a'))).toBe(false);
  });
});

describe('the data hook outside its provider (spec §8)', () => {
  it('says it must be used within its provider', () => {
    expect(ACTIVITY_DATA_OUTSIDE_PROVIDER).toBe('useActivityData must be used within an ActivityDataProvider');
  });
});
