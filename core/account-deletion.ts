/**
 * Deleting an account: its sentences, the sign-in page's mark after a deletion and the typed
 * confirmation, without zod, so the sign-in page can say the deletion is done without loading it
 * (the request's schema is in profile.ts).
 */
export const ACCOUNT_DELETION_MESSAGES = {
  confirmationMismatch: 'Type your e-mail address exactly to confirm deletion.',
  passwordRequired: 'Enter your password to confirm deletion.',
  wrongPassword: 'That password is not right. Enter your current password to delete the account.',
  /** The sign-in page says so after a deletion (ACCOUNT_DELETED_PARAM). */
  done: 'Your account has been deleted, with everything it held on this server.',
} as const;
/** `/login?account-deleted=1`: where a deleted account's runner lands. */
export const ACCOUNT_DELETED_PARAM = 'account-deleted';
/** Deleting an account needs its e-mail typed again: case and surrounding spaces do not matter. */
export function confirmsAccountDeletion(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}
