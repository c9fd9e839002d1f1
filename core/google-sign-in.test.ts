import { describe, expect, it } from 'vitest';
import {
  GOOGLE_LINK_MESSAGES,
  GOOGLE_POPUP_CLOSED_WAIT_MS,
  GOOGLE_POPUP_EVENT_CACHE_MS,
  GOOGLE_POPUP_HEIGHT,
  GOOGLE_POPUP_POLL_MS,
  GOOGLE_POPUP_WIDTH,
  GOOGLE_SIGN_IN_CODES,
  GOOGLE_SIGN_IN_MESSAGES,
  GOOGLE_EMAIL_NOT_VERIFIED_CODE,
  googleLinkCodeFor,
  googleSignInCodeFor,
} from './google-sign-in.ts';
import { IDENTITY_REQUEST_TIMEOUT_MS } from './identity-errors.ts';

describe('Google sign-in messages', () => {
  it('are the six spec §8 sentences, word for word', () => {
    expect(GOOGLE_SIGN_IN_MESSAGES['popup-closed-by-user']).toBe('Sign-in cancelled. Please try again.');
    expect(GOOGLE_SIGN_IN_MESSAGES['popup-blocked']).toBe(
      'Pop-up blocked by browser. Please allow pop-ups and try again.',
    );
    expect(GOOGLE_SIGN_IN_MESSAGES['cancelled-popup-request']).toBe('Another sign-in popup is already open.');
    expect(GOOGLE_SIGN_IN_MESSAGES['network-request-failed']).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(GOOGLE_SIGN_IN_MESSAGES['internal-error']).toBe('Internal authentication error. Please try again.');
    expect(GOOGLE_SIGN_IN_MESSAGES.failed).toBe('Failed to sign in with Google');
  });

  it('give every code its own sentence', () => {
    const messages = GOOGLE_SIGN_IN_CODES.map((code) => GOOGLE_SIGN_IN_MESSAGES[code]);
    expect(new Set(messages).size).toBe(messages.length);
  });
});

describe('spec §7 and §9 popup constants', () => {
  it('open a 500×600 popup, poll every 2 s (10 s on a phone), wait 8 s once closed, forget answers after 10 minutes', () => {
    expect([GOOGLE_POPUP_WIDTH, GOOGLE_POPUP_HEIGHT]).toEqual([500, 600]);
    expect(GOOGLE_POPUP_POLL_MS).toEqual({ desktop: 2000, mobile: 10_000 });
    expect(GOOGLE_POPUP_CLOSED_WAIT_MS).toBe(8000);
    expect(GOOGLE_POPUP_EVENT_CACHE_MS).toBe(600_000);
    expect(IDENTITY_REQUEST_TIMEOUT_MS).toEqual({ desktop: 30_000, mobile: 60_000 });
  });
});

describe('googleSignInCodeFor', () => {
  it.each([
    [GOOGLE_EMAIL_NOT_VERIFIED_CODE, 'email-not-verified'],
    ['email_not_verified', 'email-not-verified'],
    ['account_not_linked', 'account-exists-with-password'],
    ['oauth_provider_not_found', 'google-off'],
    ['internal_server_error', 'internal-error'],
    ['unable_to_create_user', 'internal-error'],
    ['access_denied', 'popup-closed-by-user'],
    ['invalid_code', 'failed'],
    [null, 'failed'],
  ] as const)('%s → %s', (error, code) => {
    expect(googleSignInCodeFor(error)).toBe(code);
  });
});

describe('googleLinkCodeFor', () => {
  it('names a different e-mail, a Google account linked elsewhere, and anything else', () => {
    expect(GOOGLE_LINK_MESSAGES[googleLinkCodeFor('email_does_not_match')]).toBe(
      'That Google account uses another e-mail address than this account.',
    );
    expect(GOOGLE_LINK_MESSAGES[googleLinkCodeFor('account_already_linked_to_different_user')]).toBe(
      'That Google account is already linked to another Stride account.',
    );
    expect(googleLinkCodeFor('unable_to_link_account')).toBe('link-failed');
  });
});
