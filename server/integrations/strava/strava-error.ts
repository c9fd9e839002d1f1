/**
 * How a Strava call failed: the spec's message (§8, §9) and a kind the caller decides on (the sync
 * job waits out a rate limit, the activity page shows the cached copy).
 */
export type StravaErrorKind =
  | 'rate-limit'
  | 'unauthorized'
  | 'invalid-refresh-token'
  | 'not-found'
  | 'http'
  | 'timeout'
  | 'network'
  | 'invalid-response';

export class StravaError extends Error {
  constructor(
    message: string,
    readonly kind: StravaErrorKind,
    readonly status: number | null = null,
    /** After a 429: how long until Strava takes requests again. */
    readonly retryInMs: number | null = null,
  ) {
    super(message);
    this.name = 'StravaError';
  }
}
