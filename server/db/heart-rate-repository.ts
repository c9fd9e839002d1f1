/** SQL for the runner's own maximum heart rate (Account → Heart rate). */
import type { Db } from './db.ts';

export async function findMaxHeartRate(db: Db, userId: string): Promise<number | null> {
  const row = await db.selectFrom('profiles').select('maxHeartRate').where('userId', '=', userId).executeTakeFirst();
  return row?.maxHeartRate ?? null;
}

/** Sets (or, with null, clears) the maximum; false when the user has no profile. */
export async function saveMaxHeartRate(db: Db, userId: string, maxHeartRate: number | null): Promise<boolean> {
  const result = await db.updateTable('profiles').set({ maxHeartRate }).where('userId', '=', userId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
