/** SQL for the account-mail counts (auth_mail_counts; the limits are in core/mail-limits.ts). */
import { sql } from 'kysely';
import type { MailCounter } from '../../core/mail-limits.ts';
import type { Db } from './db.ts';

class OverLimit extends Error {}

/**
 * Adds one to every counter, all or none: each add is one conditional upsert (the row locked until
 * the transaction ends, so parallel requests on any app server are counted one after another), and
 * one counter at its cap rolls the others back. True when every counter was below its cap.
 */
export async function claimMailCounts(db: Db, counters: readonly MailCounter[]): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      for (const { counter, windowStart, cap } of counters) {
        const counted = await trx
          .insertInto('authMailCounts')
          .values({ counter, windowStart, count: 1 })
          .onConflict((oc) =>
            oc
              .columns(['counter', 'windowStart'])
              .doUpdateSet({ count: sql<number>`auth_mail_counts.count + 1` })
              .where('authMailCounts.count', '<', cap),
          )
          .returning('count')
          .executeTakeFirst();
        if (counted === undefined || counted.count > cap) {
          throw new OverLimit();
        }
      }
    });
    return true;
  } catch (error) {
    if (error instanceof OverLimit) {
      return false;
    }
    throw error;
  }
}

/** Counts of windows that began before `before` count for nothing any more. */
export async function deleteStaleMailCounts(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('authMailCounts').where('windowStart', '<', before).execute();
}
