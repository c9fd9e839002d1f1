/**
 * Every Strava message of spec §5 "Tokens" and §8 "Fitness service", with {service} = Strava, and the
 * classification of activity-data errors into the texts the user sees (§8 "Activity data
 * classification by message text").
 */

export const STRAVA_SERVICE_NAME = 'Strava';
const S = STRAVA_SERVICE_NAME;

export const STRAVA_MESSAGES = {
  /** §8: a 400 from the token endpoint about the refresh token. */
  invalidRefreshToken: `Invalid refresh token - please reconnect to ${S}`,
  /** §8: any 429. */
  rateLimited: 'Rate limit exceeded - please try again later',
  /** §8: every other refresh failure; `reason` is what went wrong. */
  refreshFailed: (reason: string) => `Failed to refresh token: ${reason}`,
  exchangeFailed: (status: number) => `Failed to exchange code: ${status}`,
  connectFailed: `Failed to connect to ${S}`,
  checkConnectionFailed: `Failed to check ${S} connection`,
  disconnectFailed: `Failed to disconnect from ${S}`,
  /** §8: the default when getting a token fails. */
  accessTokenFailed: `Failed to get ${S} access token`,
  integrationNotFound: `${S} integration not found`,
  validateTokenFailed: `Failed to validate ${S} token`,
  invalidApiResponse: `Invalid response from ${S} API`,
  /** §8: the live call failed and the cache is empty. */
  noCachedActivities: 'No activities found in cache',
  detailUnavailable: 'Unable to fetch detailed activity data',
  noStreams: `No streams data received from ${S} API`,
  requestFailed: (status: number) => `Request failed: ${status}`,
  apiRequestFailed: (status: number) => `${S} API request failed: ${status}`,
  /** §8: on 401. */
  authenticationFailed: 'Authentication failed - token might be invalid',
  /** §5 "Tokens". */
  invalidRefreshTokenFormat: 'Invalid refresh token format',
  invalidTokenResponse: `Invalid token response from ${S}`,
} as const;

/** §8 "Activity data classification": the friendly texts. */
export const ACTIVITY_ERROR_TEXTS = {
  connection: `${S} connection issue. Please reconnect your ${S} account.`,
  rateLimit: 'Rate limit exceeded. Please try again in a moment.',
  network: 'Connection error. Please check your internet connection.',
  api: `Error communicating with ${S}. Please try again.`,
} as const;

/**
 * The rules in the spec's own order; the first that matches wins, so a message naming two causes
 * gets the earlier one ("Network error: token expired" is a connection issue, "Strava API request
 * failed: 429" a rate limit).
 *
 * Matching is case-insensitive: Stride's own 429 text is "Rate limit exceeded - …" with a capital R,
 * which the spec clearly means to classify as a rate limit. The spec lists "auth" and
 * "Authorization" separately because its source matched case-sensitively; case-insensitive "auth"
 * covers both. Two guards keep that from over-matching: "429" and "API" must stand as whole words,
 * so "rapid" or "capital" is not an API error and "14290 m" is not a rate limit.
 */
const CLASSIFICATION_RULES: readonly (readonly [RegExp, string])[] = [
  [/token|auth/i, ACTIVITY_ERROR_TEXTS.connection],
  [/\b429\b|rate limit/i, ACTIVITY_ERROR_TEXTS.rateLimit],
  [/failed to fetch|network/i, ACTIVITY_ERROR_TEXTS.network],
  [/\bapi\b|invalid response/i, ACTIVITY_ERROR_TEXTS.api],
];

/** The text shown for an activity-data error: a classified friendly text, or the raw message. */
export function classifyActivityError(message: string): string {
  return CLASSIFICATION_RULES.find(([pattern]) => pattern.test(message))?.[1] ?? message;
}
