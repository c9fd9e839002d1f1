/**
 * Every Strava number of the spec (§4 "Fitness-service connection", §7 "Fitness service", §9), once.
 * Durations are milliseconds unless the name says seconds; the server's Strava client, the sync job
 * and the web data provider all read them from here.
 */

/** Spec §6/§7: the scopes requested on the authorise redirect, comma-separated as Strava expects. */
export const STRAVA_SCOPES = 'read,activity:read_all,profile:read_all';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

/** Spec §4/§9: a token valid for more than 300 s is used on load, otherwise refreshed. */
export const TOKEN_MARGIN_ON_LOAD_MS = 300 * SECOND_MS;
/** Spec §4/§9: when a token is requested it is refreshed if it expires within 600 s. */
export const TOKEN_MARGIN_ON_REQUEST_MS = 600 * SECOND_MS;
/** Spec §5/§9: a refresh token shorter than this is rejected as "Invalid refresh token format". */
export const MIN_REFRESH_TOKEN_LENGTH = 40;
/** Spec §4/§9: a refresh attempted less than 5 s ago is not repeated; the old token is returned. */
export const MIN_REFRESH_ATTEMPT_GAP_MS = 5 * SECOND_MS;

/** Spec §9 rate limit: 100 requests in any rolling 15 minutes, and at least 2 s between requests. */
export const RATE_LIMIT_MAX_REQUESTS = 100;
export const RATE_LIMIT_WINDOW_MS = 15 * MINUTE_MS;
export const RATE_LIMIT_MIN_SPACING_MS = 2 * SECOND_MS;
/**
 * A sync whose next request must wait longer than this for the rate limit (Strava's reset time
 * after a 429, or the 15-minute budget spent) says so: its state is "waiting" until it resumes.
 * Shorter waits are the requests' own spacing, part of running.
 */
export const SYNC_WAIT_SHOWN_MS = 5 * SECOND_MS;
/**
 * Of those 100, this many are kept for requests someone waits for (an opened activity, the OAuth
 * exchange, a disconnect): background work (sync pages, webhook follow-ups) stops at 80 a window,
 * so a busy sync or a flood of webhooks never leaves an opened activity without a slot.
 */
export const RATE_LIMIT_INTERACTIVE_RESERVE = 20;
/**
 * Of the 80 background slots, this many more are kept for the runners' own syncs: deferred work
 * (webhook follow-ups, back-fills) stops at 50 a window, so a flood of webhook events naming real
 * athletes never leaves a connect or a runner's sync waiting for the next window (DESIGN.md: a
 * runner's own work first, webhooks and back-fills after).
 */
export const RATE_LIMIT_SYNC_RESERVE = 30;

/**
 * Webhook events are unsigned, so each costs a Strava call only when plausible; per athlete at
 * most this many are followed up in WEBHOOK_WINDOW_MS, and the same object and aspect twice within
 * the window is one fetch. The rest are answered 200 and dropped (polling stays the fallback).
 */
export const WEBHOOK_EVENTS_PER_ATHLETE = 20;
export const WEBHOOK_WINDOW_MS = 15 * MINUTE_MS;
/** Posts to the webhook endpoint per client address per minute; more are answered 429. */
export const WEBHOOK_POSTS_PER_MINUTE = 600;

/**
 * Total time an opened Strava activity may spend on Strava (detail and streams, with retries and
 * limiter queueing) before the page gets "Unable to fetch detailed activity data" and the cached
 * copy: shorter than a browser's patience.
 */
export const INTERACTIVE_DEADLINE_MS = 15 * SECOND_MS;
/** Connect (the code exchange) gets as long; a disconnect's revocation at Strava is best effort. */
export const REVOKE_DEADLINE_MS = 3 * SECOND_MS;

/** Spec §8: 5xx and timeouts on token refresh are retried up to 3 times, 5 s apart. */
export const TOKEN_REFRESH_MAX_RETRIES = 3;
export const TOKEN_REFRESH_RETRY_DELAY_MS = 5 * SECOND_MS;
/** Spec §9: other requests retry at most 3 times, exponential backoff from 2 s capped at 60 s. */
export const REQUEST_MAX_RETRIES = 3;
export const REQUEST_BACKOFF_BASE_MS = 2 * SECOND_MS;
export const REQUEST_BACKOFF_CAP_MS = 60 * SECOND_MS;
/** Spec §9: on a rate limit without a reset header, the sync waits 60 s. */
export const RATE_LIMIT_FALLBACK_WAIT_MS = 60 * SECOND_MS;

/**
 * Spec §7: the refresh call times out after "10 s or 15 s" — the spec names both. The client uses
 * the shorter one per attempt (the retries of spec §8 cover a slow Strava), the longer one is the
 * ceiling a caller may configure.
 */
export const TOKEN_REFRESH_TIMEOUT_MS = 10 * SECOND_MS;
export const TOKEN_REFRESH_TIMEOUT_MAX_MS = 15 * SECOND_MS;
/** Spec §7: generic GET with Bearer token, timeout 15 s. */
export const API_REQUEST_TIMEOUT_MS = 15 * SECOND_MS;

/**
 * Spec §9 fetch sizes: a Strava activity list without per_page gives 30 (Strava's own default),
 * the dashboard shows the 10 most recent, and the sync asks for pages of 100. The uploaded list's
 * default (50) is ACTIVITY_PAGE_SIZE in the activities API. The data provider's own fetch limits
 * (200 and 30) have no counterpart: the server serves one merged list, paged.
 */
export const DEFAULT_FETCH_SIZE = 30;
export const RECENT_ACTIVITIES_SIZE = 10;
export const SYNC_PAGE_SIZE = 100;

/** Spec §9 cache lifetimes. */
export const ACTIVITY_CACHE_FRESH_MS = 5 * MINUTE_MS;
export const PROVIDER_CACHE_FRESH_MS = 15 * MINUTE_MS;
export const DETAIL_CACHE_MS = 24 * HOUR_MS;
export const STREAMS_CACHE_MS = 24 * HOUR_MS;
/** The signed-in runner's profile is read again after 5 minutes (the web's profile query). */
export const PROFILE_CACHE_MS = 5 * MINUTE_MS;
/** Spec §4/§9: the silent background freshness check. */
export const BACKGROUND_CHECK_INTERVAL_MS = 10 * MINUTE_MS;

/**
 * Spec §7: default stream keys "elevation, distance, time". Strava's API calls the elevation
 * stream `altitude`, so that is the key sent.
 */
export const DEFAULT_STREAM_KEYS: readonly string[] = ['altitude', 'distance', 'time'];
