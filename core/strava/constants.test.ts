import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';

/** Spec §4, §7 and §9, written out once more so a changed constant is a deliberate act. */
describe('Strava constants', () => {
  it('match the spec', () => {
    expect(constants).toMatchObject({
      STRAVA_SCOPES: 'read,activity:read_all,profile:read_all',
      TOKEN_MARGIN_ON_LOAD_MS: 300_000,
      TOKEN_MARGIN_ON_REQUEST_MS: 600_000,
      MIN_REFRESH_TOKEN_LENGTH: 40,
      MIN_REFRESH_ATTEMPT_GAP_MS: 5000,
      RATE_LIMIT_MAX_REQUESTS: 100,
      RATE_LIMIT_WINDOW_MS: 900_000,
      RATE_LIMIT_MIN_SPACING_MS: 2000,
      TOKEN_REFRESH_MAX_RETRIES: 3,
      TOKEN_REFRESH_RETRY_DELAY_MS: 5000,
      REQUEST_MAX_RETRIES: 3,
      REQUEST_BACKOFF_BASE_MS: 2000,
      REQUEST_BACKOFF_CAP_MS: 60_000,
      RATE_LIMIT_FALLBACK_WAIT_MS: 60_000,
      TOKEN_REFRESH_TIMEOUT_MS: 10_000,
      TOKEN_REFRESH_TIMEOUT_MAX_MS: 15_000,
      API_REQUEST_TIMEOUT_MS: 15_000,
      DEFAULT_FETCH_SIZE: 30,
      RECENT_ACTIVITIES_SIZE: 10,
      SYNC_PAGE_SIZE: 100,
      ACTIVITY_CACHE_FRESH_MS: 300_000,
      PROVIDER_CACHE_FRESH_MS: 900_000,
      DETAIL_CACHE_MS: 86_400_000,
      STREAMS_CACHE_MS: 86_400_000,
      PROFILE_CACHE_MS: 300_000,
      BACKGROUND_CHECK_INTERVAL_MS: 600_000,
      DEFAULT_STREAM_KEYS: ['altitude', 'distance', 'time'],
    });
  });
});
