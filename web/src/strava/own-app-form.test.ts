import { describe, expect, it } from 'vitest';
import { OWN_APP_MESSAGES } from '../../../core/strava/api.ts';
import { EMPTY_OWN_APP, ownAppFieldErrors } from './own-app-form.ts';

const SECRET = '5f1e0c2a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f';

describe('ownAppFieldErrors', () => {
  it('asks for both fields of an empty form', () => {
    expect(ownAppFieldErrors(EMPTY_OWN_APP)).toEqual(OWN_APP_MESSAGES);
  });

  it('accepts a numeric client ID and a 40-character hex secret, around white space', () => {
    expect(ownAppFieldErrors({ clientId: ' 12345 ', clientSecret: SECRET.toUpperCase() })).toEqual({});
  });

  it('names only the field that is wrong', () => {
    expect(ownAppFieldErrors({ clientId: '12a45', clientSecret: SECRET })).toEqual({
      clientId: OWN_APP_MESSAGES.clientId,
    });
    expect(ownAppFieldErrors({ clientId: '12345', clientSecret: SECRET.slice(1) })).toEqual({
      clientSecret: OWN_APP_MESSAGES.clientSecret,
    });
    expect(ownAppFieldErrors({ clientId: '1'.repeat(21), clientSecret: `${SECRET.slice(1)}g` })).toEqual(
      OWN_APP_MESSAGES,
    );
  });
});
