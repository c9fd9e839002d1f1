/** Deleting an account: the user and every row that belongs to them (Data Deletion Policy). */
import { ACCOUNT_DELETION_MESSAGES } from '../../core/profile.ts';
import type { Db } from '../db/profile-repository.ts';
import { deleteAuthUser } from '../db/user-repository.ts';
import type { SessionUser } from '../http/context.ts';
import { AppError, invalid } from '../http/app-error.ts';

export async function deleteAccount(db: Db, user: SessionUser, confirmEmail: string): Promise<void> {
  if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw invalid(ACCOUNT_DELETION_MESSAGES.confirmationMismatch, {
      confirmEmail: ACCOUNT_DELETION_MESSAGES.confirmationMismatch,
    });
  }
  if (!(await deleteAuthUser(db, user.id))) {
    throw new AppError(404, 'api_error', 'Account not found.');
  }
}
