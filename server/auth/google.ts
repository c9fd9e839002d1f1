/**
 * Google sign-in over OpenID Connect (spec §1, §7): better-auth's generic OAuth plugin with
 * Google's discovery document (GOOGLE_DISCOVERY_URL points it at another issuer in tests). Without
 * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET there is no provider, so better-auth refuses every
 * Google endpoint. The first sign-in creates the account; its profile follows from the account's
 * name like every other (spec §3 name split, §4 "created on first sign-in").
 */
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import {
  GOOGLE_EMAIL_NOT_VERIFIED_CODE,
  GOOGLE_PROMPT,
  GOOGLE_PROVIDER_ID,
  GOOGLE_SCOPES,
  GOOGLE_SIGN_IN_MESSAGES,
  USER_DISABLED_CODE,
} from '../../core/google-sign-in.ts';
import { IDENTITY_ERROR_MESSAGES } from '../../core/identity-errors.ts';
import { PROFILE_LIMITS } from '../../core/profile.ts';
import { normaliseUserText, truncateText } from '../../core/user-text.ts';
import type { GoogleConfig } from '../config.ts';

/** The path pattern of better-auth's provider callback, where a sign-in with a provider creates its user. */
export const PROVIDER_CALLBACK_PATH = '/callback/:id';

/**
 * An account is only ever created from a Google answer that vouches for its e-mail: anyone could
 * otherwise claim an address they do not own. Refused before the user row is written, inside
 * better-auth's transaction, so nothing is left behind; the callback sends the browser back with
 * the code. A disabled account gets no session through Google either, as with its password.
 */
const googleRefusals = {
  id: 'stride-google-refusals',
  init: () => ({
    options: {
      databaseHooks: {
        user: {
          create: {
            before: (user: { emailVerified?: boolean }, context: { path?: string } | null) => {
              if (context?.path === PROVIDER_CALLBACK_PATH && user.emailVerified !== true) {
                throw new APIError('FORBIDDEN', {
                  code: GOOGLE_EMAIL_NOT_VERIFIED_CODE,
                  message: GOOGLE_SIGN_IN_MESSAGES['email-not-verified'],
                });
              }
              return Promise.resolve();
            },
          },
        },
        session: {
          create: {
            before: async (session: { userId: string }, context: GenericEndpointContext | null) => {
              if (context?.path !== PROVIDER_CALLBACK_PATH) {
                return;
              }
              // The `disabled` column is Stride's own (auth.ts additionalFields).
              const user = (await context.context.internalAdapter.findUserById(session.userId)) as {
                disabled?: unknown;
              } | null;
              if (user?.disabled === true) {
                throw new APIError('FORBIDDEN', {
                  code: USER_DISABLED_CODE,
                  message: IDENTITY_ERROR_MESSAGES['user-disabled'],
                });
              }
            },
          },
        },
      },
    },
  }),
} satisfies BetterAuthPlugin;

/** better-auth's plugins for Google sign-in; none when Google is not configured. */
export function googlePlugins(google: GoogleConfig | null): BetterAuthPlugin[] {
  if (!google) {
    return [];
  }
  return [
    genericOAuth({
      config: [
        {
          providerId: GOOGLE_PROVIDER_ID,
          name: 'Google',
          discoveryUrl: google.discoveryUrl,
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          scopes: [...GOOGLE_SCOPES],
          prompt: GOOGLE_PROMPT,
          // The identity comes from the ID token's claims: it must be verified against the issuer's keys.
          requireIdTokenVerification: true,
          // The account's name is stored in its normal form, like a name typed at sign-up.
          mapProfileToUser: (profile) => ({
            name: truncateText(
              normaliseUserText(typeof profile.name === 'string' ? profile.name : ''),
              PROFILE_LIMITS.name * 2,
            ),
          }),
        },
      ],
    }),
    googleRefusals,
  ];
}

/**
 * Signing in with Google to an e-mail that already has an account never joins the two on its own:
 * the runner signs in the way they already have and links Google from Account.
 */
export const GOOGLE_ACCOUNT_LINKING = { disableImplicitLinking: true } as const;
