/** Deleting an account: the user and every row that belongs to them (Data Deletion Policy). */
import { ACCOUNT_DELETION_MESSAGES } from '../../core/profile.ts';
import type { Db } from '../db/profile-repository.ts';
import { deleteAuthUser } from '../db/user-repository.ts';
import type { SessionUser } from '../http/context.ts';
import { AppError, invalid } from '../http/app-error.ts';

/**
 * Deletes the account and everything it owns (one cascading DELETE). `revokeStrava` withdraws
 * Stride's Strava access first, so Strava stops treating Stride as authorised for this athlete.
 */
export async function deleteAccount(
  db: Db,
  user: SessionUser,
  confirmEmail: string,
  revokeStrava: (userId: string) => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw invalid(ACCOUNT_DELETION_MESSAGES.confirmationMismatch, {
      confirmEmail: ACCOUNT_DELETION_MESSAGES.confirmationMismatch,
    });
  }
  await revokeStrava(user.id);
  if (!(await deleteAuthUser(db, user.id))) {
    throw new AppError(404, 'api_error', 'Account not found.');
  }
}
