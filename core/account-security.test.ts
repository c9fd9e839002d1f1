import { describe, expect, it } from 'vitest';
import {
  otherSessionsEndedMessage,
  PASSWORD_CHANGE_MESSAGES,
  passwordChangedMessage,
  passwordChangeSchema,
} from './account-security.ts';

describe('passwordChangeSchema', () => {
  it('needs the current password', () => {
    const result = passwordChangeSchema.safeParse({ currentPassword: '', newPassword: 'new-password-1' });

    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PASSWORD_CHANGE_MESSAGES.currentRequired);
  });

  it('refuses unknown fields (revokeOtherSessions is not the caller’s choice)', () => {
    expect(
      passwordChangeSchema.safeParse({ currentPassword: 'a', newPassword: 'b', revokeOtherSessions: false }).success,
    ).toBe(false);
  });
});

describe('session messages', () => {
  it('count the sessions that were ended', () => {
    expect(passwordChangedMessage(0)).toBe('Your password was changed.');
    expect(passwordChangedMessage(1)).toBe('Your password was changed and 1 other session elsewhere was signed out.');
    expect(passwordChangedMessage(3)).toBe('Your password was changed and 3 other sessions elsewhere were signed out.');
    expect(otherSessionsEndedMessage(0)).toBe('You were not signed in anywhere else.');
    expect(otherSessionsEndedMessage(1)).toBe('Signed out of 1 other session elsewhere.');
    expect(otherSessionsEndedMessage(2)).toBe('Signed out of 2 other sessions elsewhere.');
  });
});
