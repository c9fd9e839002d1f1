/**
 * Google sign-in over OpenID Connect (spec §1, §7): better-auth's generic OAuth plugin with
 * Google's discovery document (GOOGLE_DISCOVERY_URL points it at another issuer in tests). Without
 * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET there is no provider, so better-auth refuses every
 * Google endpoint. The first sign-in creates the account; its profile follows from the account's
 * name like every other (spec §3 name split, §4 "created on first sign-in").
 */
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import { IDENTITY_ERROR_MESSAGES } from '../../core/identity-errors.ts';
import { GOOGLE_PROMPT, GOOGLE_PROVIDER_ID, GOOGLE_SCOPES } from '../../core/google-sign-in.ts';
import { PROFILE_LIMITS } from '../../core/profile.ts';
import { normaliseUserText, truncateText } from '../../core/user-text.ts';
import type { GoogleConfig } from '../config.ts';

/** better-auth's endpoints that accept a provider's ID token in place of the redirect. */
const ID_TOKEN_PATHS: ReadonlySet<string> = new Set(['/sign-in/social', '/link-social']);

/**
 * Stride signs in with Google by the redirect only (popup or page), which binds the ID token to this
 * browser's state and nonce. better-auth would also take an ID token posted on its own, with no nonce
 * required, so a leaked token would sign in until it expires: that way is off, for sign-in and linking.
 */
const noIdTokenSignIn = {
  id: 'stride-no-id-token-sign-in',
  hooks: {
    before: [
      {
        matcher: (context) => ID_TOKEN_PATHS.has(context.path ?? ''),
        handler: createAuthMiddleware((ctx) => {
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          if (body.idToken !== undefined) {
            throw new APIError('NOT_FOUND', {
              code: 'ID_TOKEN_NOT_SUPPORTED',
              message: IDENTITY_ERROR_MESSAGES['provider-unavailable'],
            });
          }
          return Promise.resolve();
        }),
      },
    ],
  },
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
    noIdTokenSignIn,
  ];
}

/**
 * Signing in with Google to an e-mail that already has an account never joins the two on its own:
 * the runner signs in the way they already have and links Google from Account.
 */
export const GOOGLE_ACCOUNT_LINKING = { disableImplicitLinking: true } as const;
