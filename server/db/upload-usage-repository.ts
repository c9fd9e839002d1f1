/** SQL for the per-user upload usage behind the files-a-minute and bytes-an-hour limits. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './db.ts';

export interface RecentUploadUsage {
  /** Files accepted in the last minute. */
  filesLastMinute: number;
  /** Bytes accepted in the last hour. */
  bytesLastHour: number;
}

/** The database's clock decides the windows, so every app server counts the same rows. */
export async function findRecentUploadUsage(db: Db, userId: string): Promise<RecentUploadUsage> {
  const row = await db
    .selectFrom('uploadUsage')
    .select([
      sql<number>`coalesce(sum(files) filter (where received_at > now() - interval '1 minute'), 0)::float8`.as(
        'filesLastMinute',
      ),
      sql<number>`coalesce(sum(bytes), 0)::float8`.as('bytesLastHour'),
    ])
    .where('userId', '=', userId)
    .where(sql<boolean>`received_at > now() - interval '1 hour'`)
    .executeTakeFirst();
  return { filesLastMinute: Number(row?.filesLastMinute ?? 0), bytesLastHour: Number(row?.bytesLastHour ?? 0) };
}

/** Records one accepted batch and forgets this user's batches older than the longest window. */
export async function recordUploadUsage(db: Db, userId: string, files: number, bytes: number): Promise<void> {
  await db.insertInto('uploadUsage').values({ id: randomUUID(), userId, files, bytes }).execute();
  await db
    .deleteFrom('uploadUsage')
    .where('userId', '=', userId)
    .where(sql<boolean>`received_at < now() - interval '1 hour'`)
    .execute();
}
