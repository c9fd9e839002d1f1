/**
 * Google sign-in (spec §7 identity provider, §8 Google sign-in messages, §9 popup constants): the
 * popup's size and timings, the codes a Google sign-in ends with, and the sentence each shows.
 * Stride's own refusals (an unverified Google e-mail, an e-mail that already has a password account,
 * linking and unlinking) have their sentences here too.
 */
import { IDENTITY_ERROR_MESSAGES } from './identity-errors.ts';

/** The provider id of Google in better-auth and in the callback path `/api/auth/callback/google`. */
export const GOOGLE_PROVIDER_ID = 'google';

/** Spec §7: scopes profile and email (OpenID Connect adds `openid`), and the account chooser forced. */
export const GOOGLE_SCOPES = ['openid', 'profile', 'email'] as const;
export const GOOGLE_PROMPT = 'select_account';

/** Spec §9 "Popup sign-in": the popup's default size. */
export const GOOGLE_POPUP_WIDTH = 500;
export const GOOGLE_POPUP_HEIGHT = 600;

/**
 * Spec §9: how often the page checks whether the popup was closed ("poll delay 2 to 10 s": 2 s on a
 * desktop, 10 s on a phone, where a background page's timers are costly).
 */
export const GOOGLE_POPUP_POLL_MS = { desktop: 2_000, mobile: 10_000 } as const;

/** Spec §9: once the popup is closed, how long its answer may still take to arrive before the sign-in counts as cancelled. */
export const GOOGLE_POPUP_CLOSED_WAIT_MS = 8_000;

/** Spec §9: a finished popup's answer is remembered (and a repeat of it ignored) for 10 minutes. */
export const GOOGLE_POPUP_EVENT_CACHE_MS = 10 * 60 * 1000;

/**
 * How a Google sign-in ended, when it did not succeed: the spec §8 popup codes, network failure,
 * an internal error, Stride's own refusals, and anything else.
 */
export const GOOGLE_SIGN_IN_CODES = [
  'popup-closed-by-user',
  'popup-blocked',
  'cancelled-popup-request',
  'unauthorized-domain',
  'network-request-failed',
  'internal-error',
  'email-not-verified',
  'account-exists-with-password',
  'google-off',
  'user-disabled',
  'failed',
] as const;
export type GoogleSignInCode = (typeof GOOGLE_SIGN_IN_CODES)[number];

export const GOOGLE_SIGN_IN_MESSAGES: Readonly<Record<GoogleSignInCode, string>> = {
  'popup-closed-by-user': 'Sign-in cancelled. Please try again.',
  'popup-blocked': 'Pop-up blocked by browser. Please allow pop-ups and try again.',
  'cancelled-popup-request': 'Another sign-in popup is already open.',
  'unauthorized-domain': IDENTITY_ERROR_MESSAGES['unauthorized-domain'],
  'network-request-failed': IDENTITY_ERROR_MESSAGES['network-request-failed'],
  'internal-error': 'Internal authentication error. Please try again.',
  'email-not-verified':
    'Your Google account has not verified its e-mail address. Verify it with Google, then try again.',
  'account-exists-with-password':
    'An account with this e-mail already exists. Sign in with your password, then link Google from Account.',
  'google-off': IDENTITY_ERROR_MESSAGES['provider-unavailable'],
  'user-disabled': IDENTITY_ERROR_MESSAGES['user-disabled'],
  failed: 'Failed to sign in with Google',
};

/** The button that starts a Google sign-in, and the one that does it in this window when pop-ups are blocked. */
export const GOOGLE_BUTTON_LABEL = 'Continue with Google';
export const GOOGLE_REDIRECT_BUTTON_LABEL = 'Continue with Google in this window';

/** What the popup shows for the moment between Google's answer and closing. */
export const GOOGLE_POPUP_LANDING_TEXT = 'Signing in…';

/** Linking and unlinking Google from Account. */
export const GOOGLE_LINK_CODES = ['email-does-not-match', 'already-linked-elsewhere', 'link-failed'] as const;
export type GoogleLinkCode = (typeof GOOGLE_LINK_CODES)[number];

export const GOOGLE_LINK_MESSAGES: Readonly<Record<GoogleLinkCode, string>> = {
  'email-does-not-match': 'That Google account uses another e-mail address than this account.',
  'already-linked-elsewhere': 'That Google account is already linked to another Stride account.',
  'link-failed': 'Google could not be linked. Make sure its e-mail address is verified, then try again.',
};

/** Account's Google card: linking Google to sign in with it, and unlinking it. */
export const GOOGLE_ACCOUNT_TEXTS = {
  title: 'Google',
  linked: 'Google is linked: you can sign in with your Google account.',
  notLinked: 'Link your Google account to sign in with it too. It must use the same e-mail address as this account.',
  link: 'Link Google',
  unlink: 'Unlink Google',
  justLinked: 'Google is now linked to this account.',
  unlinked: 'Google is no longer linked to this account.',
} as const;

/** The code better-auth's refusal of an unverified Google e-mail carries (server/auth/google.ts). */
export const GOOGLE_EMAIL_NOT_VERIFIED_CODE = 'GOOGLE_EMAIL_NOT_VERIFIED';

/** The code a disabled account's refusal carries, with Google as with a password. */
export const USER_DISABLED_CODE = 'USER_DISABLED';

/**
 * The `error` a failed Google callback sends the browser back with (better-auth's callback codes,
 * and Stride's own) → the sentence's code.
 */
export function googleSignInCodeFor(callbackError: string | null | undefined): GoogleSignInCode {
  switch (callbackError) {
    case GOOGLE_EMAIL_NOT_VERIFIED_CODE:
    case 'email_not_verified':
      return 'email-not-verified';
    case 'account_not_linked':
      return 'account-exists-with-password';
    case USER_DISABLED_CODE:
      return 'user-disabled';
    case 'oauth_provider_not_found':
      return 'google-off';
    case 'internal_server_error':
    case 'unable_to_create_user':
    case 'unable_to_create_session':
    case 'unable_to_link_account':
    case 'unable_to_update_account':
      return 'internal-error';
    case 'access_denied':
      return 'popup-closed-by-user';
    default:
      return 'failed';
  }
}

/** The `error` a failed link sends Account back with → the sentence's code. */
export function googleLinkCodeFor(callbackError: string | null | undefined): GoogleLinkCode {
  switch (callbackError) {
    case 'email_does_not_match':
      return 'email-does-not-match';
    case 'account_already_linked_to_different_user':
      return 'already-linked-elsewhere';
    default:
      return 'link-failed';
  }
}
