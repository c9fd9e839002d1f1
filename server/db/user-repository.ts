/** SQL for the auth user row that Stride reads or changes outside better-auth. */
import { sql } from 'kysely';
import type { Db } from './db.ts';

export interface AuthUserRow {
  id: string;
  name: string;
  email: string;
  disabled: boolean;
}

export function findAuthUser(db: Db, userId: string): Promise<AuthUserRow | undefined> {
  return db
    .selectFrom('authUsers')
    .select(['id', 'name', 'email', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** When the account was made, or undefined when there is none. */
export async function findAccountCreatedAt(db: Db, userId: string): Promise<Date | undefined> {
  const row = await db.selectFrom('authUsers').select('createdAt').where('id', '=', userId).executeTakeFirst();
  return row === undefined ? undefined : new Date(row.createdAt);
}

/** The password hash of a user's e-mail-and-password account, if they have one. */
export async function findPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('authAccounts')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  return row?.password ?? undefined;
}

/** The account that signs in with this confirmed phone number (E.164), if any. */
export async function findUserIdByVerifiedPhone(db: Db, phoneNumber: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('authUsers')
    .select('id')
    .where('phoneNumber', '=', phoneNumber)
    .where('phoneNumberVerified', '=', true)
    .executeTakeFirst();
  return row?.id;
}

/** Whether an account other than `userId` holds this phone number. */
export async function phoneNumberHeldByOther(db: Db, phoneNumber: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('authUsers')
    .select('id')
    .where('phoneNumber', '=', phoneNumber)
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's phone number and whether it was confirmed. */
export async function findPhoneNumber(
  db: Db,
  userId: string,
): Promise<{ phoneNumber: string | null; phoneNumberVerified: boolean } | undefined> {
  return db
    .selectFrom('authUsers')
    .select(['phoneNumber', 'phoneNumberVerified'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function removePhoneNumber(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('authUsers')
    .set({ phoneNumber: null, phoneNumberVerified: false, updatedAt: now })
    .where('id', '=', userId)
    .execute();
}

export async function setUserDisabled(db: Db, userId: string, disabled: boolean, now: Date): Promise<void> {
  await db.updateTable('authUsers').set({ disabled, updatedAt: now }).where('id', '=', userId).execute();
}

export async function renameAuthUser(db: Db, userId: string, name: string, now: Date): Promise<void> {
  await db.updateTable('authUsers').set({ name, updatedAt: now }).where('id', '=', userId).execute();
}

/**
 * Deletes the user. Every table that holds a user's rows references auth_users with ON DELETE
 * CASCADE, so this one statement removes sessions, accounts, the profile and everything later
 * issues add (the Data Deletion Policy page promises exactly that).
 */
export async function deleteAuthUser(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('authUsers').where('id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * The tables a user's deletion reaches: auth_users and every table that references it, directly or
 * through another such table (the cascade's path). Names as PostgreSQL prints them, quoted if needed.
 */
export async function userDataTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    with recursive reached(rel) as (
      select 'auth_users'::regclass
      union
      select constraint_row.conrelid::regclass
      from pg_constraint constraint_row
      join reached on constraint_row.confrelid = reached.rel
      where constraint_row.contype = 'f'
    )
    select rel::text as name from reached order by 1`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * VACUUM of these tables: the deleted rows' space is reclaimed for reuse and trailing empty pages
 * are cut off. It cannot run inside a transaction.
 */
export async function vacuumTables(db: Db, tables: readonly string[]): Promise<void> {
  if (tables.length > 0) {
    // The names come from the catalog (userDataTables), already quoted where needed.
    await sql`vacuum ${sql.raw(tables.join(', '))}`.execute(db);
  }
}

/** Sessions of the user that have not expired by `now`, apart from `exceptSessionId`. */
export async function countOtherSessions(db: Db, userId: string, exceptSessionId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('authSessions')
    .select((eb) => eb.fn.countAll<string | number>().as('sessions'))
    .where('userId', '=', userId)
    .where('id', '<>', exceptSessionId)
    .where('expiresAt', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.sessions);
}

/** Ends every session of the user but `keepSessionId`; the number of sessions live at `now` it ended. */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string, now: Date): Promise<number> {
  const rows = await db
    .deleteFrom('authSessions')
    .where('userId', '=', userId)
    .where('id', '<>', keepSessionId)
    .returning('expiresAt')
    .execute();
  return rows.filter((row) => new Date(row.expiresAt).getTime() > now.getTime()).length;
}
