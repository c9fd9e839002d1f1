/**
 * The browser's session (spec §4 "Signed-in state", §9): it is refreshed about five minutes before
 * it expires, a refresh that meets a network failure is tried again after 30 s, doubling up to
 * 960 s, and a session that is disabled or expired signs the runner out with a sentence saying why.
 * Pure: the times are handed in.
 */
import { IDENTITY_ERROR_MESSAGES } from './identity-errors.ts';

/** Spec §9: the session is refreshed this long before it expires. */
export const SESSION_REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;
/** Spec §9: a session this close to its expiry counts as expired (no refresh is tried past it). */
export const SESSION_EXPIRY_MARGIN_MS = 30_000;
/** Spec §9: the first retry of a refresh after a network failure, doubling each time up to the cap. */
export const SESSION_REFRESH_FIRST_RETRY_MS = 30_000;
export const SESSION_REFRESH_RETRY_CAP_MS = 960_000;

export const SESSION_END_REASONS = ['expired', 'disabled'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** What the sign-in page says to a runner who was signed out. */
export const SESSION_END_MESSAGES: Readonly<Record<SessionEndReason, string>> = {
  expired: 'Your session has expired. Please sign in again.',
  disabled: IDENTITY_ERROR_MESSAGES['user-disabled'],
};

/** Whether a session expiring at `expiresAtMs` counts as expired at `nowMs` (the 30 s margin). */
export function sessionExpired(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= expiresAtMs - SESSION_EXPIRY_MARGIN_MS;
}

/** How long from `nowMs` until the refresh of a session expiring at `expiresAtMs` (0: now). */
export function sessionRefreshDelay(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, expiresAtMs - SESSION_REFRESH_BEFORE_EXPIRY_MS - nowMs);
}

/** The wait after the `failures`-th refresh failure in a row (1 → 30 s, 2 → 60 s, … capped at 960 s). */
export function sessionRetryBackoff(failures: number): number {
  const doublings = Math.max(0, Math.floor(failures) - 1);
  return Math.min(SESSION_REFRESH_RETRY_CAP_MS, SESSION_REFRESH_FIRST_RETRY_MS * 2 ** Math.min(doublings, 30));
}

/**
 * When to try again after the `failures`-th failed refresh: the backoff, but never past the moment
 * the session counts as expired; null when that moment has come (the runner is signed out).
 */
export function sessionRetryDelay(failures: number, expiresAtMs: number, nowMs: number): number | null {
  if (sessionExpired(expiresAtMs, nowMs)) {
    return null;
  }
  return Math.min(sessionRetryBackoff(failures), expiresAtMs - SESSION_EXPIRY_MARGIN_MS - nowMs);
}
