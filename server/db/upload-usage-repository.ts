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

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The usage in the windows ending at `now`: the server's injected clock decides the windows, the
 * same clock that stamps each batch, so every app server counts the same rows.
 */
export async function findRecentUploadUsage(db: Db, userId: string, now: Date): Promise<RecentUploadUsage> {
  const minuteAgo = new Date(now.getTime() - MINUTE_MS);
  const row = await db
    .selectFrom('uploadUsage')
    .select([
      sql<number>`coalesce(sum(files) filter (where received_at > ${minuteAgo}), 0)::float8`.as('filesLastMinute'),
      sql<number>`coalesce(sum(bytes), 0)::float8`.as('bytesLastHour'),
    ])
    .where('userId', '=', userId)
    .where('receivedAt', '>', new Date(now.getTime() - HOUR_MS))
    .executeTakeFirst();
  return { filesLastMinute: Number(row?.filesLastMinute ?? 0), bytesLastHour: Number(row?.bytesLastHour ?? 0) };
}

/** Records one batch accepted at `now` and forgets this user's batches older than the longest window. */
export async function recordUploadUsage(
  db: Db,
  userId: string,
  files: number,
  bytes: number,
  now: Date,
): Promise<void> {
  await db.insertInto('uploadUsage').values({ id: randomUUID(), userId, files, bytes, receivedAt: now }).execute();
  await db
    .deleteFrom('uploadUsage')
    .where('userId', '=', userId)
    .where('receivedAt', '<', new Date(now.getTime() - HOUR_MS))
    .execute();
}
