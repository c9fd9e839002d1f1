import { describe, expect, it } from 'vitest';
import { ACTIVITY_ERROR_TEXTS, classifyActivityError, STRAVA_MESSAGES } from './messages.ts';

describe('Strava messages', () => {
  it('are the spec §5/§8 texts with {service} = Strava', () => {
    expect(STRAVA_MESSAGES.invalidRefreshToken).toBe('Invalid refresh token - please reconnect to Strava');
    expect(STRAVA_MESSAGES.rateLimited).toBe('Rate limit exceeded - please try again later');
    expect(STRAVA_MESSAGES.refreshFailed('boom')).toBe('Failed to refresh token: boom');
    expect(STRAVA_MESSAGES.exchangeFailed(400)).toBe('Failed to exchange code: 400');
    expect(STRAVA_MESSAGES.connectFailed).toBe('Failed to connect to Strava');
    expect(STRAVA_MESSAGES.checkConnectionFailed).toBe('Failed to check Strava connection');
    expect(STRAVA_MESSAGES.disconnectFailed).toBe('Failed to disconnect from Strava');
    expect(STRAVA_MESSAGES.accessTokenFailed).toBe('Failed to get Strava access token');
    expect(STRAVA_MESSAGES.integrationNotFound).toBe('Strava integration not found');
    expect(STRAVA_MESSAGES.validateTokenFailed).toBe('Failed to validate Strava token');
    expect(STRAVA_MESSAGES.invalidApiResponse).toBe('Invalid response from Strava API');
    expect(STRAVA_MESSAGES.noCachedActivities).toBe('No activities found in cache');
    expect(STRAVA_MESSAGES.detailUnavailable).toBe('Unable to fetch detailed activity data');
    expect(STRAVA_MESSAGES.noStreams).toBe('No streams data received from Strava API');
    expect(STRAVA_MESSAGES.requestFailed(502)).toBe('Request failed: 502');
    expect(STRAVA_MESSAGES.apiRequestFailed(404)).toBe('Strava API request failed: 404');
    expect(STRAVA_MESSAGES.authenticationFailed).toBe('Authentication failed - token might be invalid');
    expect(STRAVA_MESSAGES.invalidRefreshTokenFormat).toBe('Invalid refresh token format');
    expect(STRAVA_MESSAGES.invalidTokenResponse).toBe('Invalid token response from Strava');
  });

  it('has the classification texts of spec §8', () => {
    expect(ACTIVITY_ERROR_TEXTS).toEqual({
      connection: 'Strava connection issue. Please reconnect your Strava account.',
      rateLimit: 'Rate limit exceeded. Please try again in a moment.',
      network: 'Connection error. Please check your internet connection.',
      api: 'Error communicating with Strava. Please try again.',
    });
  });
});

describe('classifyActivityError', () => {
  const { connection, rateLimit, network, api } = ACTIVITY_ERROR_TEXTS;

  it.each([
    ['token expired', connection],
    ['Invalid refresh token - please reconnect to Strava', connection],
    ['TOKEN missing', connection],
    ['auth failed', connection],
    ['Authorization header missing', connection],
    ['Authentication failed - token might be invalid', connection],
    ['Failed to get Strava access token', connection],
    ['Missing authorization', connection],
  ])('%s → connection issue', (message, expected) => {
    expect(classifyActivityError(message)).toBe(expected);
  });

  it.each([
    ['Request failed: 429', rateLimit],
    ['429', rateLimit],
    ['Rate limit exceeded - please try again later', rateLimit],
    ['rate limit hit', rateLimit],
    ['RATE LIMIT', rateLimit],
  ])('%s → rate limit', (message, expected) => {
    expect(classifyActivityError(message)).toBe(expected);
  });

  it.each([
    ['Failed to fetch', network],
    ['TypeError: failed to fetch', network],
    ['network down', network],
    ['Network connection lost', network],
  ])('%s → connection error', (message, expected) => {
    expect(classifyActivityError(message)).toBe(expected);
  });

  it.each([
    ['Invalid response from Strava API', api],
    ['Strava API request failed: 500', api],
    ['api unreachable', api],
    ['invalid response', api],
    ['No streams data received from Strava API', api],
  ])('%s → communication error', (message, expected) => {
    expect(classifyActivityError(message)).toBe(expected);
  });

  it.each([
    'Something odd happened',
    'Request failed: 500',
    'No activities found in cache',
    '',
    'rapid capital letters', // "api" only as a whole word
    'climbed 14290 m', // "429" only as a whole word
  ])('%s → the raw message', (message) => {
    expect(classifyActivityError(message)).toBe(message);
  });

  it('matches "auth" as a substring, as the spec lists it', () => {
    expect(classifyActivityError('author unknown')).toBe(connection);
  });

  it.each([
    ['Network error: token expired', connection], // token before network
    ['Strava API request failed: 429', rateLimit], // 429 before API
    ['Failed to fetch: rate limit', rateLimit], // rate limit before network
    ['API network failure', network], // network before API
    ['Auth 429 from API over network', connection], // the first rule wins over all
    ['invalid response: Failed to fetch', network],
  ])('overlap %s → the earlier rule', (message, expected) => {
    expect(classifyActivityError(message)).toBe(expected);
  });
});
