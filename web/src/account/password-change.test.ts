import { describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_MESSAGES } from '../../../core/account-security.ts';
import { DEFAULT_PASSWORD_POLICY, passwordLengthMessages } from '../../../core/password-policy.ts';
import { EMPTY_PASSWORD_CHANGE, passwordChangeErrors } from './password-change.ts';

const policy = DEFAULT_PASSWORD_POLICY;

describe('passwordChangeErrors', () => {
  it('asks for every field of an empty form', () => {
    expect(passwordChangeErrors(EMPTY_PASSWORD_CHANGE, policy)).toEqual({
      currentPassword: PASSWORD_CHANGE_MESSAGES.currentRequired,
      newPassword: passwordLengthMessages(policy).tooShort,
    });
  });

  it('has nothing to say about a complete form', () => {
    const values = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };
    expect(passwordChangeErrors(values, policy)).toEqual({});
  });

  it('holds the new password to the policy at its bounds', () => {
    const atMinimum = 'x'.repeat(policy.minLength);
    const values = { currentPassword: 'old', newPassword: atMinimum, confirmPassword: atMinimum };
    expect(passwordChangeErrors(values, policy)).toEqual({});
    const short = atMinimum.slice(1);
    expect(passwordChangeErrors({ ...values, newPassword: short, confirmPassword: short }, policy)).toEqual({
      newPassword: passwordLengthMessages(policy).tooShort,
    });
    const strict = { ...policy, requireNumeric: true };
    expect(passwordChangeErrors(values, strict)).toEqual({ newPassword: 'Password must contain a number.' });
  });

  it('says when the confirmation differs', () => {
    const values = { currentPassword: 'old', newPassword: 'new-secret', confirmPassword: 'new-secreT' };
    expect(passwordChangeErrors(values, policy)).toEqual({
      confirmPassword: PASSWORD_CHANGE_MESSAGES.confirmationMismatch,
    });
  });
});
