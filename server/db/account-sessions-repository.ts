/** SQL for Account's list of sessions and sign-in methods (auth_sessions, auth_accounts, auth_users). */
import type { Db } from './db.ts';

export interface SessionRow {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The account's unexpired sessions, the most recently used first. */
export async function findActiveSessions(db: Db, userId: string, now: Date): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('authSessions')
    .select(['id', 'userAgent', 'createdAt', 'updatedAt'])
    .where('userId', '=', userId)
    .where('expiresAt', '>', now)
    .orderBy('updatedAt', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  }));
}

/** Deletes one session of the account; its token (to drop it from the session cache), or undefined when none matched. */
export async function deleteSessionOf(db: Db, userId: string, sessionId: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('authSessions')
    .where('userId', '=', userId)
    .where('id', '=', sessionId)
    .returning('token')
    .executeTakeFirst();
  return row?.token;
}

/** The providers of the account's ways in ("credential" is the password) and whether two-factor is on. */
export async function findSignInMethods(
  db: Db,
  userId: string,
): Promise<{ providers: string[]; twoFactorEnabled: boolean }> {
  const [accounts, user] = await Promise.all([
    db.selectFrom('authAccounts').select('providerId').where('userId', '=', userId).orderBy('providerId').execute(),
    db.selectFrom('authUsers').select('twoFactorEnabled').where('id', '=', userId).executeTakeFirst(),
  ]);
  return { providers: accounts.map((row) => row.providerId), twoFactorEnabled: user?.twoFactorEnabled === true };
}
