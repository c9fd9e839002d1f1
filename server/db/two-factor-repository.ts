/** SQL for Stride's own column of better-auth's two-factor rows (auth_two_factors, migration 0042). */
import { sql } from 'kysely';
import type { Db } from './db.ts';

/**
 * Records `step` as the account's last accepted TOTP time step, only if it is later than the one
 * recorded: one conditional update, so of two requests with the same code only one succeeds (the
 * other waits for the row and then finds the step taken). False when the step was taken already.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('authTwoFactors')
    .set({ lastTotpStep: step })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('lastTotpStep', 'is', null), eb('lastTotpStep', '<', sql<string>`${step}`)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
