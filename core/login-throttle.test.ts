import { describe, expect, it } from 'vitest';
import { IDENTITY_ERROR_MESSAGES } from './identity-errors.ts';
import {
  decideLoginAttempt,
  delayAfterFailures,
  tooManyAttemptsMessage,
  type LoginThrottlePolicy,
  type LoginThrottleState,
} from './login-throttle.ts';

const policy: LoginThrottlePolicy = { freeFailures: 5, windowSeconds: 900, maxDelaySeconds: 900 };
const start = new Date('2026-03-01T10:00:00Z');
const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe('delayAfterFailures', () => {
  it('is free below the threshold, then doubles from 1 s, capped at the maximum', () => {
    expect([1, 4, 5, 6, 7, 14, 15, 50].map((n) => delayAfterFailures(n, policy))).toEqual([
      0, 0, 1, 2, 4, 512, 900, 900,
    ]);
  });
});

describe('decideLoginAttempt', () => {
  it('allows the first attempt and counts it', () => {
    expect(decideLoginAttempt(undefined, start, policy)).toEqual({
      allowed: true,
      next: { failures: 1, lastFailureAt: start, lockedUntil: null },
    });
  });

  it('locks after the fifth failure for 1 s, then 2 s after the sixth', () => {
    const fourth: LoginThrottleState = { failures: 4, lastFailureAt: start, lockedUntil: null };
    const fifth = decideLoginAttempt(fourth, start, policy);
    expect(fifth).toEqual({ allowed: true, next: { failures: 5, lastFailureAt: start, lockedUntil: later(1) } });
    if (!fifth.allowed) {
      throw new Error('unreachable');
    }

    expect(decideLoginAttempt(fifth.next, later(0.5), policy)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(decideLoginAttempt(fifth.next, later(1), policy)).toEqual({
      allowed: true,
      next: { failures: 6, lastFailureAt: later(1), lockedUntil: later(3) },
    });
  });

  it('refuses while locked and says how long is left, rounded up', () => {
    const locked: LoginThrottleState = { failures: 15, lastFailureAt: start, lockedUntil: later(900) };

    expect(decideLoginAttempt(locked, later(100.2), policy)).toEqual({ allowed: false, retryAfterSeconds: 800 });
  });

  it('starts counting again once the window has passed since the last failure', () => {
    const old: LoginThrottleState = { failures: 9, lastFailureAt: start, lockedUntil: later(16) };

    expect(decideLoginAttempt(old, later(901), policy)).toEqual({
      allowed: true,
      next: { failures: 1, lastFailureAt: later(901), lockedUntil: null },
    });
  });
});

describe('tooManyAttemptsMessage', () => {
  it('uses the identity message for waits up to a minute, and names longer waits in minutes', () => {
    expect(tooManyAttemptsMessage(1)).toBe(IDENTITY_ERROR_MESSAGES['too-many-requests']);
    expect(tooManyAttemptsMessage(60)).toBe(IDENTITY_ERROR_MESSAGES['too-many-requests']);
    expect(tooManyAttemptsMessage(61)).toBe('Too many attempts. Please wait 2 minutes and try again.');
    expect(tooManyAttemptsMessage(900)).toBe('Too many attempts. Please wait 15 minutes and try again.');
  });
});
