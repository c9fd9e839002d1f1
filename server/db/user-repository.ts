/** SQL for the auth user row that Stride reads or changes outside better-auth. */
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

/** The password hash of a disabled account with this e-mail, or undefined for any other e-mail. */
export async function findDisabledPasswordHash(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('authUsers')
    .innerJoin('authAccounts', 'authAccounts.userId', 'authUsers.id')
    .select('authAccounts.password')
    .where('authUsers.email', '=', email.trim().toLowerCase())
    .where('authUsers.disabled', '=', true)
    .where('authAccounts.providerId', '=', 'credential')
    .executeTakeFirst();
  return row?.password ?? undefined;
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
