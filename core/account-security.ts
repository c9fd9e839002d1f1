/**
 * Changing the password and ending other sessions from Account Settings: the request shapes and
 * the sentences the server and the form share. The new password meets the same policy as at
 * sign-up (core/password-policy.ts), with the same messages.
 */
import { z } from 'zod';

export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: 'Enter your current password.',
  confirmationMismatch: 'The new passwords do not match.',
} as const;

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, PASSWORD_CHANGE_MESSAGES.currentRequired),
    newPassword: z.string(),
  })
  .strict();
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const passwordChangeResultSchema = z.object({
  changed: z.literal(true),
  otherSessionsEnded: z.number().int().min(0),
});

export const otherSessionsEndedSchema = z.object({ otherSessionsEnded: z.number().int().min(0) });

/** What the form says after the password changed. */
export function passwordChangedMessage(otherSessionsEnded: number): string {
  return otherSessionsEnded === 0
    ? 'Your password was changed.'
    : `Your password was changed and ${sessionCount(otherSessionsEnded)} elsewhere ${otherSessionsEnded === 1 ? 'was' : 'were'} signed out.`;
}

/** What "Sign out everywhere else" says when done. */
export function otherSessionsEndedMessage(otherSessionsEnded: number): string {
  return otherSessionsEnded === 0
    ? 'You were not signed in anywhere else.'
    : `Signed out of ${sessionCount(otherSessionsEnded)} elsewhere.`;
}

function sessionCount(count: number): string {
  return count === 1 ? '1 other session' : `${count} other sessions`;
}
