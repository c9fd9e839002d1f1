/**
 * Per-account sign-in throttling: after a number of failed attempts at one e-mail address, each
 * further attempt must wait twice as long as the one before (1 s, 2 s, 4 s, … up to a cap), even
 * from a new client address and even with the right password. Unknown addresses are counted the
 * same way, so the answer never reveals whether an account exists. A successful sign-in resets the
 * count. Pure: the caller hands in the stored state and the time.
 */
import { IDENTITY_ERROR_MESSAGES } from './identity-errors.ts';

export interface LoginThrottlePolicy {
  /** Failures allowed within the window before waits begin. */
  freeFailures: number;
  /** Seconds after the last failure when the count starts again from zero. */
  windowSeconds: number;
  /** The longest wait, in seconds. */
  maxDelaySeconds: number;
}

/** What is stored per e-mail address. */
export interface LoginThrottleState {
  /** Attempts counted since the last success (an attempt counts until it is known to have succeeded). */
  failures: number;
  lastFailureAt: Date;
  /** No attempt is accepted before this time. */
  lockedUntil: Date | null;
}

export type LoginAttemptDecision =
  { allowed: true; next: LoginThrottleState } | { allowed: false; retryAfterSeconds: number };

/** The wait after the `failures`-th failure: none up to the free ones, then 2^(n − free) s, capped. */
export function delayAfterFailures(failures: number, policy: LoginThrottlePolicy): number {
  if (failures < policy.freeFailures) {
    return 0;
  }
  return Math.min(2 ** (failures - policy.freeFailures), policy.maxDelaySeconds);
}

/**
 * Decides whether an attempt may go ahead now, and if so the state that counts it as a failure
 * (written before the password is checked, so a burst of parallel guesses cannot slip through
 * together; a success then clears it).
 */
export function decideLoginAttempt(
  state: LoginThrottleState | undefined,
  now: Date,
  policy: LoginThrottlePolicy,
): LoginAttemptDecision {
  if (state?.lockedUntil && state.lockedUntil.getTime() > now.getTime()) {
    return { allowed: false, retryAfterSeconds: Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000) };
  }
  const expired = state === undefined || now.getTime() - state.lastFailureAt.getTime() > policy.windowSeconds * 1000;
  const failures = (expired ? 0 : state.failures) + 1;
  const delay = delayAfterFailures(failures, policy);
  return {
    allowed: true,
    next: {
      failures,
      lastFailureAt: now,
      lockedUntil: delay > 0 ? new Date(now.getTime() + delay * 1000) : null,
    },
  };
}

/** The sentence for a refused attempt; it names the wait, never the account. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds <= 60) {
    return IDENTITY_ERROR_MESSAGES['too-many-requests'];
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please wait ${minutes} minutes and try again.`;
}
