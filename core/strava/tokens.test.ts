import { describe, expect, it } from 'vitest';
import { STRAVA_MESSAGES } from './messages.ts';
import {
  connectedRecord,
  disconnectRecord,
  markRefreshAttempt,
  parseTokenResponse,
  refreshedRecord,
  type StravaIntegrationRecord,
  tokenDecision,
  tokenDecisionHoldsFor,
  validateRefreshToken,
} from './tokens.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const S = 1000;

function record(overrides: Partial<StravaIntegrationRecord> = {}): StravaIntegrationRecord {
  return {
    accessToken: 'access',
    refreshToken: 'r'.repeat(40),
    expiresAt: NOW + 3600 * S,
    refreshTokenExpiresAt: null,
    athleteId: '42',
    athleteName: 'Ada Runner',
    connectedAt: NOW - 86_400 * S,
    updatedAt: NOW - 86_400 * S,
    lastRefreshAttempt: null,
    disconnectedAt: null,
    isActive: true,
    ...overrides,
  };
}

describe('tokenDecision', () => {
  it.each([
    [299, 'refresh'],
    [300, 'refresh'],
    [301, 'use'],
  ] as const)('on load with %d s left → %s', (left, expected) => {
    expect(tokenDecision(record({ expiresAt: NOW + left * S }), NOW, 'load')).toBe(expected);
  });

  it.each([
    [599, 'refresh'],
    [600, 'refresh'],
    [601, 'use'],
  ] as const)('on request with %d s left → %s', (left, expected) => {
    expect(tokenDecision(record({ expiresAt: NOW + left * S }), NOW, 'request')).toBe(expected);
  });

  it('refreshes an access token that has already expired', () => {
    expect(tokenDecision(record({ expiresAt: NOW - S }), NOW, 'load')).toBe('refresh');
  });

  it.each([
    [4900, 'reuse-recent'],
    [4999, 'reuse-recent'],
    [5000, 'refresh'],
    [5100, 'refresh'],
  ] as const)('a refresh attempted %d ms ago → %s', (ago, expected) => {
    const stale = record({ expiresAt: NOW + 100 * S, lastRefreshAttempt: NOW - ago });
    expect(tokenDecision(stale, NOW, 'request')).toBe(expected);
  });

  it('uses a valid token whatever the last refresh attempt', () => {
    expect(tokenDecision(record({ lastRefreshAttempt: NOW - S }), NOW, 'load')).toBe('use');
  });

  it('returns the old token after a recent attempt even when it has expired (spec §4)', () => {
    expect(tokenDecision(record({ expiresAt: NOW - S, lastRefreshAttempt: NOW - S }), NOW, 'load')).toBe(
      'reuse-recent',
    );
  });

  it.each([
    ['no record', null],
    ['undefined', undefined],
    ['inactive', record({ isActive: false })],
    ['no access token', record({ accessToken: null })],
    ['empty access token', record({ accessToken: '' })],
    ['no refresh token', record({ refreshToken: null })],
    ['no expiry', record({ expiresAt: null })],
    ['refresh token expired a second ago', record({ refreshTokenExpiresAt: NOW - S })],
    ['refresh token expiring right now', record({ refreshTokenExpiresAt: NOW })],
  ])('%s → disconnected', (_label, value) => {
    expect(tokenDecision(value, NOW, 'load')).toBe('disconnected');
    expect(tokenDecision(value, NOW, 'request')).toBe('disconnected');
  });

  it('keeps a record whose refresh token expires later', () => {
    expect(tokenDecision(record({ refreshTokenExpiresAt: NOW + S }), NOW, 'load')).toBe('use');
  });

  it('does not need the athlete fields', () => {
    expect(tokenDecision(record({ athleteId: null, athleteName: null }), NOW, 'load')).toBe('use');
  });
});

describe('tokenDecisionHoldsFor', () => {
  it.each([
    ['a good token, on load', record(), 'load', 3600 * S - 300 * S],
    ['a good token, on request', record(), 'request', 3600 * S - 600 * S],
    ['a refresh token expiring first', record({ refreshTokenExpiresAt: NOW + 60 * S }), 'load', 60 * S],
  ] as const)('%s: the same decision until the margin, another one from then', (_label, value, purpose, holds) => {
    expect(tokenDecisionHoldsFor(value, NOW, purpose)).toBe(holds);
    expect(tokenDecision(value, NOW + holds - 1, purpose)).toBe('use');
    expect(tokenDecision(value, NOW + holds, purpose)).not.toBe('use');
  });

  it('holds a disconnection for good, and a refresh or a reuse not at all', () => {
    expect(tokenDecisionHoldsFor(record({ isActive: false }), NOW, 'load')).toBe(Number.POSITIVE_INFINITY);
    expect(tokenDecisionHoldsFor(null, NOW, 'load')).toBe(Number.POSITIVE_INFINITY);
    expect(tokenDecisionHoldsFor(record({ expiresAt: NOW + 100 * S }), NOW, 'load')).toBe(0);
    const reusing = record({ expiresAt: NOW + 100 * S, lastRefreshAttempt: NOW - S });
    expect(tokenDecision(reusing, NOW, 'load')).toBe('reuse-recent');
    expect(tokenDecisionHoldsFor(reusing, NOW, 'load')).toBe(0);
  });
});

describe('validateRefreshToken', () => {
  it.each([
    [39, STRAVA_MESSAGES.invalidRefreshTokenFormat],
    [40, null],
    [41, null],
    [0, STRAVA_MESSAGES.invalidRefreshTokenFormat],
  ])('%d characters → %s', (length, expected) => {
    expect(validateRefreshToken('x'.repeat(length))).toBe(expected);
  });

  it.each([null, undefined, 12_345, {}])('rejects a non-text token %s', (value) => {
    expect(validateRefreshToken(value)).toBe('Invalid refresh token format');
  });
});

describe('parseTokenResponse', () => {
  const refresh = { access_token: 'a1', refresh_token: 'r1', expires_at: 1_768_000_000 };
  const exchange = { ...refresh, athlete: { id: 42, firstname: ' Ada ', lastname: 'Runner ' } };

  it('reads a refresh answer, seconds as ms', () => {
    expect(parseTokenResponse(refresh, 'refresh')).toEqual({
      ok: true,
      value: { accessToken: 'a1', refreshToken: 'r1', expiresAt: 1_768_000_000_000, refreshTokenExpiresAt: null },
    });
    expect(parseTokenResponse({ ...refresh, refresh_token_expires_at: 1_770_000_000 }, 'refresh')).toEqual({
      ok: true,
      value: {
        accessToken: 'a1',
        refreshToken: 'r1',
        expiresAt: 1_768_000_000_000,
        refreshTokenExpiresAt: 1_770_000_000_000,
      },
    });
  });

  it('reads an exchange answer with the athlete', () => {
    expect(parseTokenResponse(exchange, 'exchange')).toEqual({
      ok: true,
      value: {
        accessToken: 'a1',
        refreshToken: 'r1',
        expiresAt: 1_768_000_000_000,
        refreshTokenExpiresAt: null,
        athleteId: '42',
        athleteName: 'Ada Runner',
      },
    });
  });

  it('accepts an athlete without names and a numeric-text id', () => {
    const result = parseTokenResponse({ ...refresh, athlete: { id: '7', firstname: null } }, 'exchange');
    expect(result).toMatchObject({ ok: true, value: { athleteId: '7', athleteName: '' } });
  });

  it('ignores the athlete on a refresh answer', () => {
    expect(parseTokenResponse(exchange, 'refresh')).toMatchObject({ ok: true, value: { accessToken: 'a1' } });
  });

  const invalid = { ok: false, error: 'Invalid token response from Strava' };

  it.each([
    ['null', null],
    ['text', 'access_token=a'],
    ['an array', [refresh]],
    ['no access token', { ...refresh, access_token: undefined }],
    ['empty access token', { ...refresh, access_token: ' ' }],
    ['no refresh token', { ...refresh, refresh_token: undefined }],
    ['numeric refresh token', { ...refresh, refresh_token: 5 }],
    ['no expiry', { ...refresh, expires_at: undefined }],
    ['expiry as text', { ...refresh, expires_at: '1768000000' }],
    ['zero expiry', { ...refresh, expires_at: 0 }],
    ['broken refresh expiry', { ...refresh, refresh_token_expires_at: 'soon' }],
  ])('rejects %s for both kinds', (_label, json) => {
    expect(parseTokenResponse(json, 'refresh')).toEqual(invalid);
    expect(parseTokenResponse(json, 'exchange')).toEqual(invalid);
  });

  it.each([
    ['no athlete', refresh],
    ['athlete without id', { ...refresh, athlete: { firstname: 'Ada' } }],
    ['athlete id not a number', { ...refresh, athlete: { id: 'abc' } }],
    ['athlete id negative', { ...refresh, athlete: { id: -1 } }],
    ['athlete not an object', { ...refresh, athlete: 42 }],
  ])('rejects an exchange with %s', (_label, json) => {
    expect(parseTokenResponse(json, 'exchange')).toEqual(invalid);
  });
});

describe('record transitions', () => {
  const tokens = {
    accessToken: 'a2',
    refreshToken: 'r2'.repeat(20),
    expiresAt: NOW + 21_600 * S,
    refreshTokenExpiresAt: null,
  };

  it('connects a fresh, active record', () => {
    const connected = connectedRecord({ ...tokens, athleteId: '42', athleteName: 'Ada Runner' }, NOW);
    expect(connected).toEqual({
      ...tokens,
      athleteId: '42',
      athleteName: 'Ada Runner',
      connectedAt: NOW,
      updatedAt: NOW,
      lastRefreshAttempt: null,
      disconnectedAt: null,
      isActive: true,
    });
    expect(tokenDecision(connected, NOW, 'request')).toBe('use');
  });

  it('marks an attempt so a second caller reuses the token', () => {
    const marked = markRefreshAttempt(record({ expiresAt: NOW + 10 * S }), NOW);
    expect(marked.lastRefreshAttempt).toBe(NOW);
    expect(tokenDecision(marked, NOW + 4999, 'request')).toBe('reuse-recent');
  });

  it('stores refreshed tokens, keeping a known refresh expiry when Strava sends none', () => {
    const before = record({ refreshTokenExpiresAt: NOW + 1000 * S });
    const after = refreshedRecord(before, tokens, NOW);
    expect(after).toMatchObject({ accessToken: 'a2', refreshToken: tokens.refreshToken, updatedAt: NOW });
    expect(after.refreshTokenExpiresAt).toBe(NOW + 1000 * S);
    expect(refreshedRecord(before, { ...tokens, refreshTokenExpiresAt: NOW + 5 * S }, NOW).refreshTokenExpiresAt).toBe(
      NOW + 5 * S,
    );
  });

  it('disconnects: isActive false and disconnectedAt set, nothing else lost', () => {
    const before = record();
    const after = disconnectRecord(before, NOW);
    expect(after).toEqual({ ...before, isActive: false, disconnectedAt: NOW, updatedAt: NOW });
    expect(before.isActive).toBe(true);
    expect(tokenDecision(after, NOW, 'load')).toBe('disconnected');
  });
});
