/**
 * Account Settings → sign-in methods and active sessions: the list (browser and device named from
 * the user agent, last seen, which one is this browser), signing out one other session, and the
 * ways into the account. "Sign out everywhere else" is endOtherSessions (account-service.ts).
 */
import {
  ACCOUNT_SESSION_MESSAGES,
  describeUserAgent,
  type AccountSession,
  type SignInMethods,
} from '../../core/account-sessions.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { deleteSessionOf, findActiveSessions, findSignInMethods } from '../db/account-sessions-repository.ts';
import type { Db } from '../db/db.ts';
import { invalid, notFound } from '../errors.ts';

/** better-auth's provider id of an e-mail and password account. */
const PASSWORD_PROVIDER = 'credential';

export async function listAccountSessions(db: Db, user: SessionUser, now: Date): Promise<AccountSession[]> {
  const rows = await findActiveSessions(db, user.id, now);
  return rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.updatedAt.toISOString(),
    current: row.id === user.sessionId,
  }));
}

/** Signs out one other session of the account, on every app server before answering. */
export async function endAccountSession(db: Db, user: SessionUser, sessionId: string): Promise<void> {
  if (sessionId === user.sessionId) {
    throw invalid(ACCOUNT_SESSION_MESSAGES.current);
  }
  const token = await deleteSessionOf(db, user.id, sessionId);
  if (token === undefined) {
    throw notFound(ACCOUNT_SESSION_MESSAGES.notFound);
  }
}

export async function signInMethods(db: Db, user: SessionUser): Promise<SignInMethods> {
  const { providers, twoFactorEnabled } = await findSignInMethods(db, user.id);
  return {
    password: providers.includes(PASSWORD_PROVIDER),
    twoFactor: twoFactorEnabled,
    providers: providers.filter((provider) => provider !== PASSWORD_PROVIDER),
  };
}
