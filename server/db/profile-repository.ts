/** SQL for the profiles table. Every query is scoped by the owner's user id. */
import { sql } from 'kysely';
import { DEFAULT_ACTIVITY_TIME, type ActivityTimeChoice } from '../../core/profile.ts';
import type { Db } from './db.ts';
import type { NewProfileRow, ProfileRow, ProfileRowUpdate } from './schema.ts';

export function findProfileByUserId(db: Db, userId: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('userId', '=', userId).executeTakeFirst();
}

export function findProfileByUsername(db: Db, username: string): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('profiles')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function isUsernameTaken(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  let query = db
    .selectFrom('profiles')
    .select('userId')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase());
  if (exceptUserId !== undefined) {
    query = query.where('userId', '<>', exceptUserId);
  }
  return (await query.executeTakeFirst()) !== undefined;
}

/** Inserts unless the user already has a profile; returns whether a row was written. */
export async function insertProfileIfMissing(db: Db, row: NewProfileRow): Promise<boolean> {
  const result = await db
    .insertInto('profiles')
    .values(row)
    .onConflict((conflict) => conflict.column('userId').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: ProfileRowUpdate,
  now: Date,
): Promise<ProfileRow | undefined> {
  return db
    .updateTable('profiles')
    .set({ ...changes, updatedAt: now })
    .where('userId', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Which time the runner's activities show (core/profile.ts ACTIVITY_TIMES); the default without a profile. */
export async function findActivityTimeChoice(db: Db, userId: string): Promise<ActivityTimeChoice> {
  const row = await db.selectFrom('profiles').select('activityTime').where('userId', '=', userId).executeTakeFirst();
  return row?.activityTime ?? DEFAULT_ACTIVITY_TIME;
}
