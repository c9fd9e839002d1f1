/**
 * The change-password form's checks as the user types: the current password is required, the new
 * one meets the server's policy (passwordProblems, as on the register form), and the confirmation
 * matches. The server checks the same again.
 */
import { PASSWORD_CHANGE_MESSAGES } from '../../../core/account-security.ts';
import { passwordProblems, type PasswordPolicy } from '../../../core/password-policy.ts';

export const PASSWORD_CHANGE_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
export type PasswordChangeField = (typeof PASSWORD_CHANGE_FIELDS)[number];
export type PasswordChangeValues = Record<PasswordChangeField, string>;

export const EMPTY_PASSWORD_CHANGE: PasswordChangeValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

export function passwordChangeErrors(
  values: PasswordChangeValues,
  policy: PasswordPolicy,
): Partial<Record<PasswordChangeField, string>> {
  const errors: Partial<Record<PasswordChangeField, string>> = {};
  if (values.currentPassword === '') {
    errors.currentPassword = PASSWORD_CHANGE_MESSAGES.currentRequired;
  }
  const problems = passwordProblems(values.newPassword, policy);
  if (problems.length > 0) {
    errors.newPassword = problems[0];
  }
  if (values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = PASSWORD_CHANGE_MESSAGES.confirmationMismatch;
  }
  return errors;
}
