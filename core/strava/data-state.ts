/**
 * The client's activity data state (spec §3 "Activity data state (client)"): its types, the
 * network status, when to ask the server for a sync, and the quota rule's mock runs (spec §8).
 * The web app derives the state from the query holding the server's list
 * (web/src/activities/activity-data.ts); the clock is handed in.
 */
import type { ActivitySummary } from '../activity/schemas.ts';
import { PROVIDER_CACHE_FRESH_MS } from './constants.ts';

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

/** Spec §8: an error about an exhausted quota, which shows the two mock runs when nothing is cached. */
export function isQuotaError(message: string): boolean {
  return /quota|resource[-_ ]exhausted/i.test(message);
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
    strideMovingTime: movingTime,
    timerTime: null,
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
    countedOverride: null,
    counted: true,
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
