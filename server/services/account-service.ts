/**
 * Account use cases outside better-auth's own endpoints: deleting an account (the user and every
 * row that belongs to them, Data Deletion Policy, behind the typed e-mail and the password), changing the password, ending other sessions,
 * and the phone number an account signs in with (server/auth/phone-sign-in.ts).
 */
import type { PasswordChange } from '../../core/account-security.ts';
import { APIError } from 'better-auth/api';
import type { Auth } from '../auth/auth.ts';
import { ACCOUNT_DELETION_MESSAGES, confirmsAccountDeletion } from '../../core/account-deletion.ts';
import type { Db } from '../db/db.ts';
import type { Logger } from 'pino';
import {
  countOtherSessions,
  deleteAuthUser,
  deleteOtherSessions,
  findAccountCreatedAt,
  findPasswordHash,
  findPhoneNumber,
  phoneNumberHeldByOther,
  removePhoneNumber,
  setUserDisabled,
  userDataTables,
  vacuumTables,
} from '../db/user-repository.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { PHONE_SIGN_IN_TEXTS } from '../../core/phone-sign-in.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { NEW_ACCOUNT_STREAM_AGE_MS } from '../../core/events.ts';

/**
 * Deletes the account and everything it owns (one cascading DELETE), once the typed e-mail matches
 * and the password is right: a session alone (a stolen cookie, a shared computer) cannot delete.
 * `cancelSubscription` cancels a live Stripe subscription at Stripe first (the runner is never
 * charged again), and `revokeStrava` withdraws Stride's Strava access, so Strava stops treating Stride as
 * authorised for this athlete. Then the tables the cascade reached are vacuumed, so the deleted
 * rows' space is reclaimed and reused (the Data Deletion Policy says what remains on disk until it
 * is written over). The account is gone either way: a failed VACUUM is logged, not answered.
 */
export async function deleteAccount(
  db: Db,
  auth: Auth,
  user: SessionUser,
  confirmation: { confirmEmail: string; password: string },
  options: {
    revokeStrava?: (userId: string) => Promise<void>;
    cancelSubscription?: (userId: string) => Promise<void>;
    /** Deletes what the account keeps on disk rather than in rows (its data export files). */
    removeFiles?: (userId: string) => Promise<void>;
    logger: Logger;
  },
): Promise<void> {
  if (!confirmsAccountDeletion(confirmation.confirmEmail, user.email)) {
    throw invalid(ACCOUNT_DELETION_MESSAGES.confirmationMismatch, {
      confirmEmail: ACCOUNT_DELETION_MESSAGES.confirmationMismatch,
    });
  }
  const hash = await findPasswordHash(db, user.id);
  const context = await auth.$context;
  if (hash === undefined || !(await context.password.verify({ hash, password: confirmation.password }))) {
    throw invalid(ACCOUNT_DELETION_MESSAGES.wrongPassword, { password: ACCOUNT_DELETION_MESSAGES.wrongPassword });
  }
  // A subscription Stripe would still renew is cancelled first: if that fails, nothing is deleted.
  await options.cancelSubscription?.(user.id);
  await options.revokeStrava?.(user.id);
  // Every session of the account ends with it, and its cached reads: the unit of work's writes.
  const deleted = await deleteAuthUser(db, user.id);
  if (!deleted) {
    throw notFound(NOT_FOUND_MESSAGES.account);
  }
  await options.removeFiles?.(user.id);
  try {
    await vacuumTables(db, await userDataTables(db));
  } catch (error) {
    options.logger.warn({ err: error }, 'VACUUM after an account deletion failed');
  }
}

/**
 * Changes the password through better-auth's endpoint, whose hook applies Stride's password policy
 * and ends every other session (server/auth/auth.ts). Answers better-auth's response as is (its
 * errors and the new session cookie), with how many other sessions were live before.
 */
export async function changePassword(
  db: Db,
  auth: Auth,
  user: SessionUser,
  change: PasswordChange,
  headers: Headers,
  now: Date,
): Promise<{ response: Response; otherSessionsEnded: number }> {
  const otherSessionsEnded = await countOtherSessions(db, user.id, user.sessionId, now);
  try {
    const response = await auth.api.changePassword({
      body: { ...change, revokeOtherSessions: true },
      headers,
      asResponse: true,
    });
    return { response, otherSessionsEnded };
  } catch (error) {
    // Errors of better-auth's hooks are thrown even when a Response was asked for; answer them as
    // its endpoint would over HTTP.
    if (error instanceof APIError) {
      const response = Response.json(
        { code: error.body?.code, message: error.body?.message ?? error.message },
        { status: error.statusCode },
      );
      return { response, otherSessionsEnded };
    }
    throw error;
  }
}

/** "Sign out everywhere else": ends every session but this one (on every app server); how many were ended. */
export function endOtherSessions(db: Db, user: SessionUser, now: Date): Promise<number> {
  return deleteOtherSessions(db, user.id, user.sessionId, now);
}

/**
 * The operator disables (or re-enables) an account: its sessions are refused with "user-disabled"
 * from the next request on, on every app server.
 */
export async function setAccountDisabled(db: Db, userId: string, disabled: boolean, now: Date): Promise<void> {
  await setUserDisabled(db, userId, disabled, now);
}

/** Whether the account is younger than a day, so it holds fewer live-event streams. */
export async function isNewAccount(db: Db, userId: string, now: number): Promise<boolean> {
  const createdAt = await findAccountCreatedAt(db, userId);
  return createdAt !== undefined && createdAt.getTime() > now - NEW_ACCOUNT_STREAM_AGE_MS;
}

/** The account's phone sign-in: its confirmed number (null: none), and whether this server offers it. */
export async function phoneSignInOf(
  db: Db,
  auth: Auth,
  userId: string,
): Promise<{ offered: boolean; phoneNumber: string | null }> {
  const row = await findPhoneNumber(db, userId);
  return {
    offered: auth.phoneSignIn,
    phoneNumber: row?.phoneNumberVerified === true ? row.phoneNumber : null,
  };
}

/**
 * Texts a code to a number the runner adds for phone sign-in (confirmed with better-auth's
 * /phone-number/verify and `updatePhoneNumber`). A number of another account is refused.
 */
export async function requestPhoneCode(db: Db, auth: Auth, userId: string, phoneNumber: string): Promise<void> {
  if (!auth.phoneSignIn) {
    throw notFound(PHONE_SIGN_IN_TEXTS.notOffered);
  }
  if (await phoneNumberHeldByOther(db, phoneNumber, userId)) {
    throw conflict(PHONE_SIGN_IN_TEXTS.numberTaken);
  }
  // From the server, not over HTTP: auth.ts texts it within the per-number limits.
  await auth.api.sendPhoneNumberOTP({ body: { phoneNumber } });
}

export async function forgetPhoneNumber(db: Db, userId: string, now: Date): Promise<void> {
  await removePhoneNumber(db, userId, now);
}
