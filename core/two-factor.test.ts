import { describe, expect, it } from 'vitest';
import {
  TWO_FACTOR_MESSAGES,
  needsTwoFactor,
  totpSecretOf,
  twoFactorErrorFor,
  twoFactorLanding,
} from './two-factor.ts';
import { totpCodeSchema } from './two-factor-codes.ts';

describe('two-factor', () => {
  it('translates better-auth codes into sentences, and leaves the rest alone', () => {
    expect(twoFactorErrorFor('INVALID_CODE')).toEqual({
      type: 'authentication',
      message: 'That code is not right. Enter the code your authenticator app shows now.',
      code: 'invalid-code',
    });
    expect(twoFactorErrorFor('ACCOUNT_TEMPORARILY_LOCKED')?.message).toBe(
      'Too many wrong codes. Two-factor sign-in for this account is paused for 15 minutes.',
    );
    expect(twoFactorErrorFor('INVALID_PASSWORD')).toBeUndefined();
    expect(twoFactorErrorFor(undefined)).toBeUndefined();
  });

  it('accepts six digits only as an app code', () => {
    expect(totpCodeSchema.safeParse(' 012345 ').success).toBe(true);
    const refused = totpCodeSchema.safeParse('12345');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(TWO_FACTOR_MESSAGES.codeFormat);
    expect(TWO_FACTOR_MESSAGES.codeFormat).toBe('Enter the 6-digit code from your authenticator app.');
  });

  it('reads the challenge answer and the secret of an otpauth URI', () => {
    expect(needsTwoFactor({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })).toBe(true);
    expect(needsTwoFactor({ user: {} })).toBe(false);
    expect(needsTwoFactor(null)).toBe(false);
    expect(totpSecretOf('otpauth://totp/Stride:a%40b.c?secret=ABCDEF234&issuer=Stride')).toBe('ABCDEF234');
    expect(totpSecretOf('not a uri')).toBeUndefined();
  });

  it('sends a Google sign-in that asks for a code to the sign-in page’s code step, then on to where it was going', () => {
    expect(twoFactorLanding('/dashboard')).toBe('/login?two-factor=1&redirect=%2Fdashboard');
    expect(twoFactorLanding('/activities?page=2')).toBe('/login?two-factor=1&redirect=%2Factivities%3Fpage%3D2');
    expect(twoFactorLanding('http://localhost:3000/charts')).toBe('/login?two-factor=1&redirect=%2Fcharts');
    // A popup's landing keeps its attempt.
    expect(twoFactorLanding('/login?google-popup=a1')).toBe('/login?google-popup=a1&two-factor=1');
  });
});
