/**
 * Two-factor sign-in (TOTP from an authenticator app, with one-time backup codes): the constants
 * and every sentence the server and the forms show (the challenge's request shapes are
 * two-factor-codes.ts, so the sign-in page loads no zod).
 * The server translates better-auth's two-factor error codes into these (twoFactorErrorFor).
 */
import type { ErrorType } from './errors.ts';

/** The name an authenticator app shows beside the account. */
export const TWO_FACTOR_ISSUER = 'Stride';
/** A code from the authenticator app has this many digits. */
export const TOTP_DIGITS = 6;
/** "Trust this device": the challenge is skipped on that browser for this many days. */
export const TRUST_DEVICE_DAYS = 30;
export const TRUST_DEVICE_MAX_AGE_S = TRUST_DEVICE_DAYS * 24 * 60 * 60;
/** How long the challenge after a correct password stays open before the password is asked again. */
export const TWO_FACTOR_CHALLENGE_S = 10 * 60;
/** Wrong codes in a row (across challenges) before the account's challenges pause, and for how long. */
export const TWO_FACTOR_LOCKOUT_FAILURES = 10;
export const TWO_FACTOR_LOCKOUT_S = 15 * 60;

export const TWO_FACTOR_MESSAGES = {
  codeFormat: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app.`,
  backupCodeRequired: 'Enter one of your backup codes.',
  passwordRequired: 'Enter your password.',
  invalidCode: 'That code is not right. Enter the code your authenticator app shows now.',
  invalidBackupCode: 'That backup code is not right or has already been used.',
  challengeExpired: 'This sign-in has expired. Enter your e-mail and password again.',
  tooManyAttempts: 'Too many wrong codes. Enter your e-mail and password again.',
  locked: `Too many wrong codes. Two-factor sign-in for this account is paused for ${TWO_FACTOR_LOCKOUT_S / 60} minutes.`,
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is off for this account.',
  enabled: 'Two-factor sign-in is on. Keep your backup codes somewhere safe.',
  disabled: 'Two-factor sign-in is off.',
  backupCodesRegenerated: 'New backup codes are ready; the old ones no longer work.',
  trustDevice: `Trust this device for ${TRUST_DEVICE_DAYS} days`,
} as const;

interface TwoFactorError {
  type: ErrorType;
  message: string;
  code: string;
}

/** better-auth's two-factor error codes → Stride's error (type, sentence, stable code). */
const BETTER_AUTH_TWO_FACTOR_ERRORS: Readonly<Record<string, TwoFactorError>> = {
  INVALID_CODE: { type: 'authentication', message: TWO_FACTOR_MESSAGES.invalidCode, code: 'invalid-code' },
  INVALID_BACKUP_CODE: {
    type: 'authentication',
    message: TWO_FACTOR_MESSAGES.invalidBackupCode,
    code: 'invalid-backup-code',
  },
  INVALID_TWO_FACTOR_COOKIE: {
    type: 'authentication',
    message: TWO_FACTOR_MESSAGES.challengeExpired,
    code: 'two-factor-expired',
  },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: {
    type: 'rate_limit_error',
    message: TWO_FACTOR_MESSAGES.tooManyAttempts,
    code: 'two-factor-expired',
  },
  ACCOUNT_TEMPORARILY_LOCKED: {
    type: 'rate_limit_error',
    message: TWO_FACTOR_MESSAGES.locked,
    code: 'too-many-requests',
  },
  TOTP_ALREADY_ENABLED: {
    type: 'validation_error',
    message: TWO_FACTOR_MESSAGES.alreadyEnabled,
    code: 'two-factor-enabled',
  },
  TWO_FACTOR_NOT_ENABLED: {
    type: 'validation_error',
    message: TWO_FACTOR_MESSAGES.notEnabled,
    code: 'two-factor-disabled',
  },
  TOTP_NOT_ENABLED: { type: 'validation_error', message: TWO_FACTOR_MESSAGES.notEnabled, code: 'two-factor-disabled' },
  BACKUP_CODES_NOT_ENABLED: {
    type: 'validation_error',
    message: TWO_FACTOR_MESSAGES.notEnabled,
    code: 'two-factor-disabled',
  },
};

export function twoFactorErrorFor(betterAuthCode: string | undefined): TwoFactorError | undefined {
  return betterAuthCode === undefined ? undefined : BETTER_AUTH_TWO_FACTOR_ERRORS[betterAuthCode];
}

/** The sign-in page's query parameter that opens its code step: a Google sign-in left the challenge open. */
export const TWO_FACTOR_LOGIN_PARAM = 'two-factor';

/**
 * Where a Google sign-in to an account that asks for a code sends the browser instead of
 * `location` (the page it was to land on): the sign-in page's code step, which goes on to that page
 * once the code is accepted. A popup's own landing (/login with its query) keeps its query.
 */
export function twoFactorLanding(location: string): string {
  const url = new URL(location, 'http://stride.invalid');
  if (url.pathname === '/login') {
    url.searchParams.set(TWO_FACTOR_LOGIN_PARAM, '1');
    return `${url.pathname}${url.search}`;
  }
  const query = new URLSearchParams({ [TWO_FACTOR_LOGIN_PARAM]: '1', redirect: `${url.pathname}${url.search}` });
  return `/login?${query.toString()}`;
}

/** A sign-in's answer (password, e-mail link) when the account asks for a second factor (no session exists yet). */
export function needsTwoFactor(answer: unknown): boolean {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

/** The secret of an otpauth:// URI, for typing into an app that cannot scan the QR code. */
export function totpSecretOf(uri: string): string | undefined {
  try {
    return new URL(uri).searchParams.get('secret') ?? undefined;
  } catch {
    return undefined;
  }
}
