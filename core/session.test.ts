import { describe, expect, it } from 'vitest';
import {
  SESSION_END_MESSAGES,
  sessionExpired,
  sessionRefreshDelay,
  sessionRetryBackoff,
  sessionRetryDelay,
} from './session.ts';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const MINUTE = 60_000;

describe('the session refresh schedule (spec §4, §9)', () => {
  it('refreshes five minutes before the session expires, at once when that moment has passed', () => {
    expect(sessionRefreshDelay(NOW + 7 * 24 * 60 * MINUTE, NOW)).toBe(7 * 24 * 60 * MINUTE - 5 * MINUTE);
    expect(sessionRefreshDelay(NOW + 6 * MINUTE, NOW)).toBe(MINUTE);
    expect(sessionRefreshDelay(NOW + 5 * MINUTE, NOW)).toBe(0);
    expect(sessionRefreshDelay(NOW + 2 * MINUTE, NOW)).toBe(0);
  });

  it('backs off from 30 s, doubling, capped at 960 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(sessionRetryBackoff)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000, 960_000,
    ]);
  });

  it('never waits past the 30 s expiry margin, and gives up once the session counts as expired', () => {
    const expiresAt = NOW + 5 * MINUTE;
    expect(sessionRetryDelay(1, expiresAt, NOW)).toBe(30_000);
    expect(sessionRetryDelay(5, expiresAt, NOW)).toBe(5 * MINUTE - 30_000);
    expect(sessionRetryDelay(1, expiresAt, expiresAt - 40_000)).toBe(10_000);
    expect(sessionRetryDelay(1, expiresAt, expiresAt - 30_000)).toBeNull();
    expect(sessionExpired(expiresAt, expiresAt - 30_001)).toBe(false);
    expect(sessionExpired(expiresAt, expiresAt - 30_000)).toBe(true);
  });

  it('says why the runner was signed out', () => {
    expect(SESSION_END_MESSAGES).toEqual({
      expired: 'Your session has expired. Please sign in again.',
      disabled: 'This account has been disabled. Contact the server administrator.',
    });
  });
});
