import { describe, expect, it } from 'vitest';
import { ERROR_TYPES } from './errors.ts';
import {
  IDENTITY_ERROR_CODES,
  IDENTITY_ERROR_MESSAGES,
  IDENTITY_ERROR_TYPES,
  identityCodeFor,
  type IdentityErrorCode,
} from './identity-errors.ts';

/** Spec §8 "Identity provider codes mapped", plus the network failure. */
const SPEC_CODES = [
  'email-already-in-use',
  'wrong-password',
  'invalid-credential',
  'user-not-found',
  'too-many-requests',
  'requires-recent-login',
  'user-disabled',
  'network-request-failed',
];

describe('identity error codes', () => {
  it('cover every code of spec §8', () => {
    expect(IDENTITY_ERROR_CODES).toEqual(expect.arrayContaining(SPEC_CODES));
  });

  it.each(IDENTITY_ERROR_CODES.map((code) => [code]))('%s has a sentence and a spec §8 error type', (code) => {
    const message = IDENTITY_ERROR_MESSAGES[code];
    expect(message).toMatch(/^[A-Z].*\.$/);
    expect(ERROR_TYPES).toContain(IDENTITY_ERROR_TYPES[code]);
  });

  it('gives each code its own sentence', () => {
    const messages = IDENTITY_ERROR_CODES.map((code) => IDENTITY_ERROR_MESSAGES[code]);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('uses the spec text for a network failure (spec §8, Google sign-in messages)', () => {
    expect(IDENTITY_ERROR_MESSAGES['network-request-failed']).toBe(
      'Network error. Please check your connection and try again.',
    );
  });

  it.each([
    ['too-many-requests', 'rate_limit_error'],
    ['user-disabled', 'permission_error'],
    ['invalid-credential', 'authentication'],
    ['email-already-in-use', 'validation_error'],
    ['network-request-failed', 'network_error'],
  ] as const)('types %s as %s', (code, type) => {
    expect(IDENTITY_ERROR_TYPES[code]).toBe(type);
  });
});

describe('identityCodeFor', () => {
  it.each([
    ['USER_ALREADY_EXISTS', 'email-already-in-use'],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'email-already-in-use'],
    ['INVALID_EMAIL_OR_PASSWORD', 'invalid-credential'],
    ['INVALID_PASSWORD', 'wrong-password'],
    ['USER_NOT_FOUND', 'user-not-found'],
    ['PASSWORD_TOO_SHORT', 'weak-password'],
    ['PASSWORD_TOO_LONG', 'weak-password'],
    ['WEAK_PASSWORD', 'weak-password'],
    ['INVALID_EMAIL', 'invalid-email'],
    ['SESSION_EXPIRED', 'requires-recent-login'],
    ['USER_DISABLED', 'user-disabled'],
    ['MISSING_FIELDS', 'missing-fields'],
  ] satisfies Array<[string, IdentityErrorCode]>)('maps better-auth %s to %s', (betterAuthCode, code) => {
    expect(identityCodeFor(400, betterAuthCode)).toBe(code);
  });

  it('maps any 429 to too-many-requests, whatever the code', () => {
    expect(identityCodeFor(429, undefined)).toBe('too-many-requests');
    expect(identityCodeFor(429, 'INVALID_EMAIL_OR_PASSWORD')).toBe('too-many-requests');
  });

  it.each([
    [400, 'BAD_REQUEST'],
    [400, 'SOMETHING_NEW'],
    [401, undefined],
    [500, undefined],
    [400, 'invalid_email_or_password'],
  ])('has no identity code for %s %s', (status, betterAuthCode) => {
    expect(identityCodeFor(status, betterAuthCode)).toBeUndefined();
  });
});
