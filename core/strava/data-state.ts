/**
 * The client's activity data state (spec §3 "Activity data state (client)") and its lifecycle
 * (spec §4 "Activity data lifecycle", §8 "Activity data classification"): a reducer and the pure
 * decisions around it. The web app's ActivityDataProvider holds the state and does the fetching;
 * every rule about when to fetch, what to keep and what to show lives here. The clock is handed in.
 */
import type { ActivitySummary } from '../activity/schemas.ts';
import { ACTIVITY_CACHE_FRESH_MS, PROVIDER_CACHE_FRESH_MS } from './constants.ts';
import { classifyActivityError } from './messages.ts';
import { filterActivities } from './normalize.ts';

/** Spec §8: the text of the error thrown when the data hook is used outside its provider. */
export const ACTIVITY_DATA_OUTSIDE_PROVIDER = 'useActivityData must be used within an ActivityDataProvider';

/**
 * Spec §3 "source ... 'mock' for fallback entries". Mock runs exist only in the browser's state
 * (spec §8 quota rule), never on the server, so the source is this module's and not one of
 * ActivitySource's stored values.
 */
export const MOCK_ACTIVITY_SOURCE = 'mock';
export interface MockActivity extends Omit<ActivitySummary, 'source' | 'stravaId'> {
  source: typeof MOCK_ACTIVITY_SOURCE;
  stravaId: null;
}

/** What the state's list holds: activities from the server, or the quota rule's mock runs. */
export type DataActivity = ActivitySummary | MockActivity;

export const NETWORK_STATUSES = ['online', 'slow', 'offline'] as const;
export type NetworkStatus = (typeof NETWORK_STATUSES)[number];

export const ACTIVITY_FILTER_KEYS = ['type', 'from', 'to'] as const;
export type ActivityFilterKey = (typeof ACTIVITY_FILTER_KEYS)[number];
/** Spec §3 filters: activity type, and a date range start and end (YYYY-MM-DD, inclusive). */
export type ActivityDataFilters = Record<ActivityFilterKey, string | null>;

export interface ActivityDataStatus {
  loading: boolean;
  initialised: boolean;
  /** The friendly text of the last failed fetch (spec §8 classification), cleared by the next fetch. */
  lastError: string | null;
  /** Epoch ms of the last successful fetch. */
  lastSync: number | null;
  network: NetworkStatus;
}

export interface ActivityDataState {
  activities: DataActivity[];
  status: ActivityDataStatus;
  filters: ActivityDataFilters;
}

export type ActivityDataAction =
  /** Spec §4: loading set, error cleared. */
  | { type: 'fetch-start' }
  /** Spec §4: data stored, loading cleared, initialised, last sync stamped with `at` (epoch ms). */
  | { type: 'fetch-success'; activities: DataActivity[]; at: number }
  /** Spec §4/§8: the raw error message; the state keeps its friendly classification. */
  | { type: 'fetch-error'; message: string }
  /** Spec §8 quota rule: the two mock runs dated from `at` (epoch ms); the error that caused it stays. */
  | { type: 'use-mock'; at: number }
  /** Spec §4: on login, a state not yet initialised becomes initialised with an empty list. */
  | { type: 'login' }
  /** Spec §5: a fetch with no signed-in user gives an empty, initialised state. */
  | { type: 'no-user' }
  /** Spec §4: on logout everything goes back to empty. */
  | { type: 'reset' }
  | { type: 'network'; network: NetworkStatus }
  /** Spec §4: filters are set or cleared per filter type; a null or empty value clears it. */
  | { type: 'set-filter'; filter: ActivityFilterKey; value: string | null }
  /** Clears one filter, or all of them without `filter`. */
  | { type: 'clear-filters'; filter?: ActivityFilterKey };

const NO_FILTERS: ActivityDataFilters = { type: null, from: null, to: null };

/** The empty state; the network status is the browser's, so a caller may start from what it knows. */
export function initialActivityDataState(network: NetworkStatus = 'online'): ActivityDataState {
  return {
    activities: [],
    status: { loading: false, initialised: false, lastError: null, lastSync: null, network },
    filters: NO_FILTERS,
  };
}

export function activityDataReducer(state: ActivityDataState, action: ActivityDataAction): ActivityDataState {
  switch (action.type) {
    case 'fetch-start':
      return { ...state, status: { ...state.status, loading: true, lastError: null } };
    case 'fetch-success':
      return {
        ...state,
        activities: action.activities,
        status: { ...state.status, loading: false, initialised: true, lastError: null, lastSync: action.at },
      };
    case 'fetch-error': {
      const lastError = classifyActivityError(action.message);
      // Spec §8: with cached activities the cached list stays; without, the state is initialised empty.
      return hasCachedActivities(state)
        ? { ...state, status: { ...state.status, loading: false, lastError } }
        : { ...state, activities: [], status: { ...state.status, loading: false, initialised: true, lastError } };
    }
    case 'use-mock':
      return {
        ...state,
        activities: mockActivities(action.at),
        status: { ...state.status, loading: false, initialised: true },
      };
    case 'login':
      return state.status.initialised
        ? state
        : { ...state, activities: [], status: { ...state.status, initialised: true } };
    case 'no-user':
      return { ...state, activities: [], status: { ...state.status, loading: false, initialised: true } };
    case 'reset':
      // The network status describes the browser, not the user's data: it survives a logout.
      return initialActivityDataState(state.status.network);
    case 'network':
      return state.status.network === action.network
        ? state
        : { ...state, status: { ...state.status, network: action.network } };
    case 'set-filter':
      return { ...state, filters: { ...state.filters, [action.filter]: action.value || null } };
    case 'clear-filters':
      return {
        ...state,
        filters: action.filter === undefined ? NO_FILTERS : { ...state.filters, [action.filter]: null },
      };
  }
}

/** Spec §8: a failed fetch with this state returns the cached list instead of rethrowing. */
export function hasCachedActivities(state: ActivityDataState): boolean {
  return state.activities.length > 0;
}

/** Spec §3/§5: the list as the filters show it (type exact, dates inclusive). */
export function visibleActivities(state: ActivityDataState): DataActivity[] {
  return filterActivities(state.activities, state.filters);
}

/** What the browser reports, as navigator.onLine and navigator.connection.effectiveType do. */
export interface NetworkReport {
  online: boolean;
  effectiveType?: string | null | undefined;
}

const SLOW_CONNECTION_TYPES: readonly string[] = ['2g', 'slow-2g'];

/** Spec §4: offline when the browser says so, slow on 2g or slow-2g, otherwise online. */
export function networkStatus({ online, effectiveType }: NetworkReport): NetworkStatus {
  if (!online) {
    return 'offline';
  }
  return effectiveType && SLOW_CONNECTION_TYPES.includes(effectiveType) ? 'slow' : 'online';
}

/** True when `stampedAt` (epoch ms) is less than `maxAgeMs` before `now`. Never stamped is never fresh. */
export function isFresh(stampedAt: number | null, now: number, maxAgeMs: number): boolean {
  return stampedAt !== null && now - stampedAt < maxAgeMs;
}

/** Spec §4/§9: the in-memory list is fresh for 5 minutes after the last successful fetch. */
export function isActivityCacheFresh(state: ActivityDataState, now: number): boolean {
  return isFresh(state.status.lastSync, now, ACTIVITY_CACHE_FRESH_MS);
}

/**
 * Spec §9 "fetch cache freshness in the data provider: 15 minutes". Stride's server syncs Strava
 * itself; the provider asks it for a new (incremental) sync only when the last attempt ended longer
 * ago than this: the last successful sync (`lastSyncAt`), or a failed one (`failedAt`), so that a
 * sync that keeps failing is not asked for again on every reload. ISO times; never tried is due.
 */
export function isProviderSyncDue(lastSyncAt: string | null, now: number, failedAt: string | null = null): boolean {
  const times = [lastSyncAt, failedAt]
    .map((iso) => (iso === null ? NaN : Date.parse(iso)))
    .filter((at) => !Number.isNaN(at));
  return !isFresh(times.length === 0 ? null : Math.max(...times), now, PROVIDER_CACHE_FRESH_MS);
}

/** Spec §8: a stored error about an exhausted quota. */
const QUOTA_ERROR = /quota|resource[-_ ]exhausted/i;

export interface FetchOptions {
  /** Skip every reuse: the caller wants what the server has now. */
  force?: boolean;
}

/**
 * How a fetch request is answered (spec §4 "A fetch without force refresh …", §8 quota rule):
 * - `mock`: the stored error is about a quota and no force refresh was asked → the two mock runs;
 * - `cached`: a non-empty list fetched less than 5 minutes ago is reused;
 * - `join`: a request already in flight is reused;
 * - `current`: the state is loading (without a request of this provider's) → the existing data;
 * - `queue`: a forced fetch while one is in flight runs once that one is done, so what it answers
 *   is never older than the request;
 * - `fetch`: ask the server.
 */
export type FetchPlan = 'mock' | 'cached' | 'join' | 'current' | 'queue' | 'fetch';

export function planFetch(
  state: ActivityDataState,
  { force = false, inFlight, now }: FetchOptions & { inFlight: boolean; now: number },
): FetchPlan {
  if (force) {
    return inFlight ? 'queue' : 'fetch';
  }
  if (state.status.lastError !== null && QUOTA_ERROR.test(state.status.lastError)) {
    return 'mock';
  }
  if (hasCachedActivities(state) && isActivityCacheFresh(state, now)) {
    return 'cached';
  }
  if (inFlight) {
    return 'join';
  }
  return state.status.loading ? 'current' : 'fetch';
}

/**
 * Spec §4: the background check (every 10 minutes) refreshes silently when the data is stale, the
 * list is non-empty and nothing is loading. Offline there is nothing to gain by trying.
 */
export function needsBackgroundRefresh(state: ActivityDataState, now: number): boolean {
  return (
    !state.status.loading &&
    state.status.network !== 'offline' &&
    hasCachedActivities(state) &&
    !isActivityCacheFresh(state, now)
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

function mockRun(id: string, name: string, distance: number, movingTime: number, start: number): MockActivity {
  const startDate = new Date(start).toISOString();
  return {
    id,
    name,
    type: 'run',
    source: MOCK_ACTIVITY_SOURCE,
    startDate,
    startDateLocal: startDate.slice(0, 19),
    timezone: 'UTC',
    distance,
    movingTime,
    elapsedTime: movingTime,
    elevationGain: 0,
    hasTiming: true,
    averageSpeed: distance / movingTime,
    maxSpeed: distance / movingTime,
    averageHeartrate: null,
    maxHeartrate: null,
    averageCadence: null,
    startLatLng: null,
    endLatLng: null,
    hasTrack: false,
    fileType: null,
    originalFilename: null,
    stravaId: null,
    flagged: false,
    flagReason: null,
    flagConfirmedAt: null,
  };
}

/**
 * Spec §8: the two mock runs used while the quota is exhausted — 5 km in 30 minutes and 8 km in
 * 45 minutes, dated one and two days before `now`, newest first.
 */
export function mockActivities(now: number): MockActivity[] {
  return [
    mockRun('mock-1', '5 km run', 5000, 30 * 60, now - DAY_MS),
    mockRun('mock-2', '8 km run', 8000, 45 * 60, now - 2 * DAY_MS),
  ];
}

export function isMockActivity(activity: DataActivity): activity is MockActivity {
  return activity.source === MOCK_ACTIVITY_SOURCE;
}
