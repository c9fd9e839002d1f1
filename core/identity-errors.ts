/**
 * Identity error codes of spec §8 and the sentence each shows on a form.
 * The server translates better-auth's own codes into these, so the web app only knows this list.
 */
import type { ErrorType } from './errors.ts';

/** Spec §7: a request to the identity provider gives up after 30 s on a desktop, 60 s on a phone. */
export const IDENTITY_REQUEST_TIMEOUT_MS = { desktop: 30_000, mobile: 60_000 } as const;

export const IDENTITY_ERROR_CODES = [
  'email-already-in-use',
  'wrong-password',
  'invalid-credential',
  'user-not-found',
  'too-many-requests',
  'requires-recent-login',
  'user-disabled',
  'network-request-failed',
  'weak-password',
  'invalid-email',
  'missing-fields',
  'last-sign-in-method',
  'provider-unavailable',
  'unauthorized-domain',
] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

export const IDENTITY_ERROR_MESSAGES: Readonly<Record<IdentityErrorCode, string>> = {
  'email-already-in-use': 'An account with this e-mail already exists. Sign in instead.',
  'wrong-password': 'That password is not right. Try again or reset it.',
  'invalid-credential': 'The e-mail or password is incorrect.',
  'user-not-found': 'There is no account with this e-mail. Register to create one.',
  'too-many-requests': 'Too many attempts. Please wait a minute and try again.',
  'requires-recent-login': 'Please sign in again to continue.',
  'user-disabled': 'This account has been disabled. Contact the server administrator.',
  'network-request-failed': 'Network error. Please check your connection and try again.',
  'weak-password': 'The password does not meet the password policy.',
  'invalid-email': 'Enter a valid e-mail address.',
  'missing-fields': 'Fill in every required field.',
  'last-sign-in-method': 'This is the only way to sign in to this account, so it cannot be removed.',
  'provider-unavailable': 'This sign-in method is not available on this server.',
  'unauthorized-domain': 'Signing in is not allowed from this address. Open Stride at its own address and try again.',
};

export const IDENTITY_ERROR_TYPES: Readonly<Record<IdentityErrorCode, ErrorType>> = {
  'email-already-in-use': 'validation_error',
  'wrong-password': 'authentication',
  'invalid-credential': 'authentication',
  'user-not-found': 'authentication',
  'too-many-requests': 'rate_limit_error',
  'requires-recent-login': 'authentication',
  'user-disabled': 'permission_error',
  'network-request-failed': 'network_error',
  'weak-password': 'validation_error',
  'invalid-email': 'validation_error',
  'missing-fields': 'validation_error',
  'last-sign-in-method': 'validation_error',
  'provider-unavailable': 'validation_error',
  'unauthorized-domain': 'permission_error',
};

/**
 * better-auth's error codes → ours. better-auth deliberately answers a wrong password and an unknown
 * e-mail alike (INVALID_EMAIL_OR_PASSWORD) so that accounts cannot be enumerated; Stride keeps that,
 * so sign-in failures surface as "invalid-credential".
 */
const BETTER_AUTH_CODES: Readonly<Record<string, IdentityErrorCode>> = {
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  INVALID_EMAIL_OR_PASSWORD: 'invalid-credential',
  INVALID_PASSWORD: 'wrong-password',
  USER_NOT_FOUND: 'user-not-found',
  PASSWORD_TOO_SHORT: 'weak-password',
  PASSWORD_TOO_LONG: 'weak-password',
  WEAK_PASSWORD: 'weak-password',
  INVALID_EMAIL: 'invalid-email',
  SESSION_EXPIRED: 'requires-recent-login',
  SESSION_NOT_FRESH: 'requires-recent-login',
  USER_DISABLED: 'user-disabled',
  MISSING_FIELDS: 'missing-fields',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'last-sign-in-method',
  PROVIDER_NOT_FOUND: 'provider-unavailable',
  ID_TOKEN_NOT_SUPPORTED: 'provider-unavailable',
  // A page or a return address at an origin the server does not trust (spec §8's popup code).
  INVALID_ORIGIN: 'unauthorized-domain',
  INVALID_CALLBACK_URL: 'unauthorized-domain',
  INVALID_ERROR_CALLBACK_URL: 'unauthorized-domain',
  INVALID_REDIRECT_URL: 'unauthorized-domain',
  INVALID_NEW_USER_CALLBACK_URL: 'unauthorized-domain',
};

export function identityCodeFor(status: number, betterAuthCode: string | undefined): IdentityErrorCode | undefined {
  if (status === 429) {
    return 'too-many-requests';
  }
  return betterAuthCode === undefined ? undefined : BETTER_AUTH_CODES[betterAuthCode];
}
