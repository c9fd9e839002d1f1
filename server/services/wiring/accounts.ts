/** Signing in (better-auth, server/auth/) and the account's own use cases. */
import type { PasswordChange } from '../../../core/account-security.ts';
import { createAuth, type Auth } from '../../auth/auth.ts';
import { createSmsSender } from '../../integrations/sms/sms-sender.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import {
  changePassword,
  deleteAccount,
  endOtherSessions,
  forgetPhoneNumber,
  isNewAccount,
  phoneSignInOf,
  requestPhoneCode,
  setAccountDisabled,
} from '../account-service.ts';
import { endAccountSession, listAccountSessions, signInMethods } from '../account-sessions-service.ts';
import { createLoginThrottle } from '../login-throttle-service.ts';
import type { ProfileOwner } from '../profile-service.ts';
import { publicUseCase } from './context.ts';
import type { WiringContext } from '../service-context.ts';

export function wireAuth(ctx: WiringContext, profiles: { ensure: (owner: ProfileOwner) => Promise<unknown> }): Auth {
  const { db, config, logger, sessions, mailer } = ctx;
  return createAuth(db, config, logger, { onUserCreated: profiles.ensure }, sessions, mailer, {
    clock: ctx.clock,
    sessionClock: ctx.sessionClock,
    jobs: ctx.jobs,
    passwordHashing: ctx.passwordHashing,
    sms: createSmsSender(config, logger, ctx.clock),
  });
}

/** What deleting an account also ends elsewhere. */
interface AccountEnds {
  strava: { revoke: (userId: string) => Promise<void> };
  subscriptions: { cancelForDeletion: (userId: string) => Promise<void> };
  dataExports: { removeRunnerFiles: (userId: string) => Promise<void> };
}

/** Account use cases take the session's user: deletion checks its e-mail, the others its session. */
export function wireAccounts(ctx: WiringContext, auth: Auth, ends: AccountEnds) {
  const { db, clock, config, logger } = ctx;
  const loginThrottle = createLoginThrottle(db, config.appSecret, config.loginThrottle, clock);
  return {
    delete: (user: SessionUser, input: { confirmEmail: string; password: string }) =>
      deleteAccount(db, auth, user, input, {
        revokeStrava: ends.strava.revoke,
        cancelSubscription: ends.subscriptions.cancelForDeletion,
        removeFiles: ends.dataExports.removeRunnerFiles,
        logger,
      }),
    changePassword: (user: SessionUser, input: { change: PasswordChange; headers: Headers }) =>
      changePassword(db, auth, user, input.change, input.headers, new Date(clock.now())),
    endOtherSessions: (user: SessionUser) => endOtherSessions(db, user, new Date(clock.now())),
    /** Phone sign-in: the confirmed number, texting a code to a number being added, and forgetting it. */
    phoneSignIn: (userId: string) => phoneSignInOf(db, auth, userId),
    requestPhoneCode: (userId: string, phoneNumber: string) => requestPhoneCode(db, auth, userId, phoneNumber),
    forgetPhoneNumber: (userId: string) => forgetPhoneNumber(db, userId, new Date(clock.now())),
    /** The operator disables or re-enables an account: its sessions are refused, or let in again, at once. */
    setDisabled: (userId: string, disabled: boolean) => setAccountDisabled(db, userId, disabled, new Date(clock.now())),
    /** Whether the account is younger than a day (it holds fewer live-event streams). */
    isNewAccount: (userId: string) => isNewAccount(db, userId, clock.now()),
    /** The per-account sign-in throttle around better-auth's e-mail sign-in. */
    claimSignInAttempt: publicUseCase((email: string) => loginThrottle.claimAttempt(email)),
    recordSignInSuccess: publicUseCase((key: string) => loginThrottle.recordSuccess(key)),
    /** Account's active sessions, signing out one other, and the ways into the account. */
    listSessions: (user: SessionUser) => listAccountSessions(db, user, new Date(clock.now())),
    endSession: (user: SessionUser, sessionId: string) => endAccountSession(db, user, sessionId),
    signInMethods: (user: SessionUser) => signInMethods(db, user),
  };
}
