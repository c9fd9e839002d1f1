/**
 * Every TanStack Query key the app shares, in one module. A key's first part names what it caches.
 * Whatever follows the runner's activities (lists, one activity, tracks, totals, charts, personal
 * bests, training, readiness, the weather) is keyed under ACTIVITIES_QUERY_KEY, so one invalidation
 * after an upload, edit, delete or sync refreshes every screen that shows them.
 */
import type { QueryClient } from '@tanstack/react-query';

export const SESSION_QUERY_KEY = ['session'] as const;
export const PROFILE_QUERY_KEY = ['profile'] as const;
export const PASSWORD_POLICY_QUERY_KEY = ['password-policy'] as const;
export const MAP_CONFIG_QUERY_KEY = ['config'] as const;
export const LINKED_ACCOUNTS_QUERY_KEY = ['linked-accounts'] as const;
export const PUBLIC_PROFILE_QUERY_KEY = ['public-profile'] as const;
/** Account → Public profile: its switches and the privacy zones. */
export const PROFILE_PRIVACY_QUERY_KEY = ['profile-privacy'] as const;
export const PRIVACY_ZONES_QUERY_KEY = ['profile-privacy', 'zones'] as const;
export const HEART_RATE_QUERY_KEY = ['heart-rate'] as const;
/** Account → Download my data: the newest export's state. */
export const DATA_EXPORT_QUERY_KEY = ['data-export'] as const;
export const ROUTES_QUERY_KEY = ['routes'] as const;
export const WELLBEING_QUERY_KEY = ['wellbeing'] as const;
export const MEDALS_QUERY_KEY = ['medals'] as const;
export const ANALYTICS_QUERY_KEY = ['analytics'] as const;
export const STRAVA_QUERY_KEY = ['strava'] as const;
export const STRAVA_STATUS_QUERY_KEY = [...STRAVA_QUERY_KEY, 'status'] as const;
/** The runner's subscription (Account, /success); the live event reloads it. */
export const SUBSCRIPTION_QUERY_KEY = ['subscription'] as const;
/** Account: this account's sessions, and its ways in (password, two-factor, providers). */
export const ACCOUNT_SESSIONS_QUERY_KEY = ['account-sessions'] as const;
export const SIGN_IN_METHODS_QUERY_KEY = ['sign-in-methods'] as const;
export const PHONE_SIGN_IN_QUERY_KEY = ['phone-sign-in'] as const;
/** The upload screen's archive import: the latest import's progress and report. */
export const ARCHIVE_IMPORT_QUERY_KEY = ['archive-import'] as const;

export const ACTIVITIES_QUERY_KEY = ['activities'] as const;
/** Every page of every activity list (the list screen, the dashboard's provider, the medal check). */
export const ACTIVITY_LISTS_QUERY_KEY = [...ACTIVITIES_QUERY_KEY, 'list'] as const;
export const SPORT_TOTALS_QUERY_KEY = [...ACTIVITIES_QUERY_KEY, 'totals'] as const;
export const PERSONAL_BESTS_QUERY_KEY = [...ACTIVITIES_QUERY_KEY, 'personal-bests'] as const;
/** Charts: an upload or a sync changes the bars. */
export const CHARTS_QUERY_KEY = [...ACTIVITIES_QUERY_KEY, 'charts'] as const;
/** Training: a new run changes goal progress and ticks plan tasks. */
export const TRAINING_QUERY_KEY = [...ACTIVITIES_QUERY_KEY, 'training'] as const;
/** Readiness: an upload or a sync changes the load behind it. */
export const READINESS_QUERY_KEY = [...ACTIVITIES_QUERY_KEY, 'readiness'] as const;
/** Shoes and gear: their distances follow every change of activities. */
export const GEAR_QUERY_KEY = [...ACTIVITIES_QUERY_KEY, 'gear'] as const;
/** The forecast: a new run may be the fallback location. */
export const WEATHER_QUERY_KEY = [...ACTIVITIES_QUERY_KEY, 'weather'] as const;

const ACTIVITY_DETAIL = 'detail';
const ACTIVITY_TRACK = 'track';

/** One activity; its best efforts and weather are keyed under it. */
export const activityDetailQueryKey = (id: string) => [...ACTIVITIES_QUERY_KEY, ACTIVITY_DETAIL, id] as const;
/** One activity's display track. */
export const activityTrackQueryKey = (id: string) => [...ACTIVITIES_QUERY_KEY, ACTIVITY_TRACK, id] as const;

/**
 * What a change of the runner's activities makes stale: every query under the activities' key, the
 * profile's totals, the medals (progress and hints) and the analytics (the calendar of running days).
 */
export const ACTIVITY_DATA_QUERY_KEYS = [
  ACTIVITIES_QUERY_KEY,
  PROFILE_QUERY_KEY,
  MEDALS_QUERY_KEY,
  ANALYTICS_QUERY_KEY,
] as const;

/** Is this one of `id`'s own queries (its detail, best efforts, weather or track)? */
function isActivityOwnQuery(queryKey: readonly unknown[], id: string): boolean {
  return (
    queryKey[0] === ACTIVITIES_QUERY_KEY[0] &&
    (queryKey[1] === ACTIVITY_DETAIL || queryKey[1] === ACTIVITY_TRACK) &&
    queryKey[2] === id
  );
}

/**
 * Marks everything a change of activities feeds as stale; what is on screen is fetched again.
 * `except` names an activity whose own queries are left alone: one just deleted (asking for it
 * again would answer 404) or one whose new state the caller has just put in the cache.
 */
export async function invalidateActivityData(
  queryClient: QueryClient,
  options: { except?: string } = {},
): Promise<void> {
  const { except } = options;
  await Promise.all(
    ACTIVITY_DATA_QUERY_KEYS.map((queryKey) =>
      queryClient.invalidateQueries({
        queryKey,
        predicate: except === undefined ? undefined : (query) => !isActivityOwnQuery(query.queryKey, except),
      }),
    ),
  );
}

/** Every single activity (its detail, best efforts and weather). */
export const ACTIVITY_DETAILS_QUERY_KEY = [...ACTIVITIES_QUERY_KEY, ACTIVITY_DETAIL] as const;
