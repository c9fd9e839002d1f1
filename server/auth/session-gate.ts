/**
 * The one gate every new session passes, whichever better-auth endpoint creates it (the password,
 * an e-mail link, a verification link, Google, and any way better-auth adds later): it sits on the
 * creation of the session row itself, not on a list of sign-in paths.
 *
 * - A disabled account gets no session.
 * - An account with two-factor on gets no session until its second factor is given: the session
 *   a sign-in creates is marked, and once the endpoint has answered, the two-factor plugin's
 *   challenge replaces it (server/auth/two-factor.ts). A marked session the challenge did not take
 *   over (the endpoint set no cookie) is deleted. Only the second factor's own endpoints, and a
 *   signed-in session of the same account replacing itself (turning two-factor on or off, a new
 *   password), create a session without it.
 * - An account is created with a verified e-mail only, except by the password sign-up (whose
 *   address is verified by the mailed link): anyone could otherwise claim an address they do not
 *   own through a provider that does not vouch for it.
 *
 * The hooks run inside better-auth's transaction, so they read through its adapter, never `db`.
 */
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { APIError } from 'better-auth/api';
import {
  GOOGLE_EMAIL_NOT_VERIFIED_CODE,
  GOOGLE_SIGN_IN_MESSAGES,
  USER_DISABLED_CODE,
} from '../../core/google-sign-in.ts';
import { IDENTITY_ERROR_MESSAGES } from '../../core/identity-errors.ts';

/** The endpoints that take the second factor itself: the session they create ends a challenge. */
const SECOND_FACTOR_PATHS: ReadonlySet<string> = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/verify-otp',
]);

/** The only endpoint that creates an account whose e-mail is not yet verified. */
const PASSWORD_SIGN_UP_PATH = '/sign-up/email';

/** Per request (better-auth's context object): the tokens of the sessions that still need the second factor. */
const awaitingSecondFactor = new WeakMap<object, Set<string>>();

/** The tokens of the sessions this request created that still need the second factor. */
export function sessionsAwaitingSecondFactor(requestContext: object): ReadonlySet<string> {
  return awaitingSecondFactor.get(requestContext) ?? new Set();
}

interface GateUser {
  disabled?: unknown;
  twoFactorEnabled?: unknown;
}

async function gateSession(session: { userId: string; token: string }, context: GenericEndpointContext | null) {
  if (context === null) {
    // Every session Stride creates comes from a better-auth endpoint; one from nowhere is refused.
    throw new APIError('FORBIDDEN', { code: 'SESSION_OUTSIDE_ENDPOINT', message: 'No session outside sign-in.' });
  }
  // `disabled` is Stride's own column (auth.ts additionalFields), `twoFactorEnabled` the plugin's.
  const user = (await context.context.internalAdapter.findUserById(session.userId)) as GateUser | null;
  if (user?.disabled === true) {
    throw new APIError('FORBIDDEN', { code: USER_DISABLED_CODE, message: IDENTITY_ERROR_MESSAGES['user-disabled'] });
  }
  if (user?.twoFactorEnabled !== true || SECOND_FACTOR_PATHS.has(context.path)) {
    return;
  }
  if (context.context.session?.user.id === session.userId) {
    return;
  }
  const pending = awaitingSecondFactor.get(context.context) ?? new Set<string>();
  pending.add(session.token);
  awaitingSecondFactor.set(context.context, pending);
}

export const sessionGate = {
  id: 'stride-session-gate',
  init: () => ({
    options: {
      databaseHooks: {
        user: {
          create: {
            before: (user: { emailVerified?: boolean }, context: GenericEndpointContext | null) => {
              if (context?.path !== PASSWORD_SIGN_UP_PATH && user.emailVerified !== true) {
                throw new APIError('FORBIDDEN', {
                  code: GOOGLE_EMAIL_NOT_VERIFIED_CODE,
                  message: GOOGLE_SIGN_IN_MESSAGES['email-not-verified'],
                });
              }
              return Promise.resolve();
            },
          },
        },
        session: { create: { before: gateSession } },
      },
    },
  }),
} satisfies BetterAuthPlugin;
