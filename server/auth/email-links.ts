/**
 * Password reset, e-mail verification and sign-in by e-mail link, as better-auth options. Every link
 * opens the web app's action page with a mode, a code and an api key (spec §5, core/email-links.ts):
 * the code is better-auth's token and the key an HMAC of mode and code with the app secret, so the
 * server tells a changed link from an expired or used one before better-auth consumes anything.
 *
 * Anti-enumeration: the reset and sign-in-link requests answer the same for every address, and the
 * mail itself is sent in the background, so neither the answer nor its timing says whether an
 * account exists. A sign-in link never creates an account.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APIError } from 'better-auth/api';
import type { GenericEndpointContext } from 'better-auth';
import { magicLink } from 'better-auth/plugins/magic-link';
import type { Logger } from 'pino';
import {
  EMAIL_LINK_MESSAGES,
  emailLinkMail,
  emailLinkUrl,
  RESET_PASSWORD_LINK_LIFETIME_S,
  SIGN_IN_LINK_LIFETIME_S,
  VERIFY_EMAIL_LINK_LIFETIME_S,
  type EmailLinkMode,
} from '../../core/email-links.ts';
import type { Config } from '../config.ts';
import type { Mailer } from '../mail/mailer.ts';

/** The key a link of this mode and code carries: only this server (its app secret) can make it. */
export function emailLinkKey(appSecret: string, mode: EmailLinkMode, oobCode: string): string {
  return createHmac('sha256', appSecret).update(`stride-email-link:${mode}:${oobCode}`).digest('base64url');
}

function keyMatches(appSecret: string, mode: EmailLinkMode, oobCode: string, apiKey: string): boolean {
  const expected = Buffer.from(emailLinkKey(appSecret, mode, oobCode));
  const given = Buffer.from(apiKey);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** better-auth's endpoints a link's code is spent on, with where each keeps its code and its row. */
const LINK_ENDPOINTS: Readonly<
  Record<string, { mode: EmailLinkMode; from: 'body' | 'query'; identifier: ((token: string) => string) | null }>
> = {
  '/reset-password': { mode: 'resetPassword', from: 'body', identifier: (token) => `reset-password:${token}` },
  '/magic-link/verify': { mode: 'signIn', from: 'query', identifier: (token) => `magic-link:${token}` },
  // A verification code is a signed token with its own expiry (better-auth checks it); no row.
  '/verify-email': { mode: 'verifyEmail', from: 'query', identifier: null },
};

/** The three better-auth endpoints that request a mail, rate-limited like sign-in. */
export const EMAIL_LINK_REQUEST_PATHS = ['/request-password-reset', '/sign-in/magic-link', '/send-verification-email'];

export function createEmailLinks(config: Config, logger: Logger, mailer: Mailer) {
  const send = (mode: EmailLinkMode, to: string, oobCode: string): void => {
    const url = emailLinkUrl(config.publicUrl, {
      mode,
      oobCode,
      apiKey: emailLinkKey(config.appSecret, mode, oobCode),
    });
    // In the background: the answer does not wait for (or reveal) the mail.
    mailer.send({ to, ...emailLinkMail(mode, url) }).catch((error: unknown) => {
      logger.error({ err: error, mode }, 'could not send an e-mail link');
    });
  };

  const options = {
    emailAndPassword: {
      resetPasswordTokenExpiresIn: RESET_PASSWORD_LINK_LIFETIME_S,
      // Every session of the account ends when its password is reset (the session cache follows
      // through the user and session hooks in auth.ts).
      revokeSessionsOnPasswordReset: true,
      requireEmailVerification: config.requireEmailVerification,
      sendResetPassword: ({ user, token }: { user: { email: string }; token: string }) => {
        send('resetPassword', user.email, token);
        return Promise.resolve();
      },
    },
    emailVerification: {
      expiresIn: VERIFY_EMAIL_LINK_LIFETIME_S,
      // At sign-up when mail leaves the server (or when accounts cannot sign in without it).
      sendOnSignUp: mailer.sendsMail || config.requireEmailVerification,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      sendVerificationEmail: ({ user, token }: { user: { email: string }; token: string }) => {
        send('verifyEmail', user.email, token);
        return Promise.resolve();
      },
    },
    plugin: magicLink({
      expiresIn: SIGN_IN_LINK_LIFETIME_S,
      disableSignUp: true,
      // better-auth stores a code for every address asked for; only an existing account gets a mail.
      sendMagicLink: async ({ email, token }, ctx?: GenericEndpointContext) => {
        const found = ctx ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
        if (found) {
          send('signIn', found.user.email, token);
        }
      },
    }),
  };

  /**
   * Before better-auth spends a link's code: a key that does not match its mode and code is a changed
   * link; a code whose row is gone was used (or expired long ago); a row past its expiry expired.
   */
  const checkLink = async (ctx: {
    path: string;
    body?: unknown;
    query?: unknown;
    context: { internalAdapter: { findVerificationValue(identifier: string): Promise<{ expiresAt: Date } | null> } };
  }): Promise<void> => {
    const endpoint = LINK_ENDPOINTS[ctx.path];
    if (!endpoint) {
      return;
    }
    const source = (endpoint.from === 'body' ? ctx.body : ctx.query) as Record<string, unknown> | undefined;
    const token = source?.token;
    const apiKey = source?.apiKey;
    if (
      typeof token !== 'string' ||
      typeof apiKey !== 'string' ||
      !keyMatches(config.appSecret, endpoint.mode, token, apiKey)
    ) {
      throw new APIError('BAD_REQUEST', { code: 'LINK_TAMPERED', message: EMAIL_LINK_MESSAGES.tampered });
    }
    if (endpoint.identifier === null) {
      return;
    }
    const row = await ctx.context.internalAdapter.findVerificationValue(endpoint.identifier(token));
    if (row === null) {
      throw new APIError('BAD_REQUEST', { code: 'LINK_USED', message: EMAIL_LINK_MESSAGES.used });
    }
    // better-auth stamped the expiry by the machine's time; it is judged by the same.
    // eslint-disable-next-line no-restricted-properties -- the machine's time, as better-auth's
    if (new Date(row.expiresAt).getTime() < Date.now()) {
      throw new APIError('BAD_REQUEST', { code: 'LINK_EXPIRED', message: EMAIL_LINK_MESSAGES.expired });
    }
  };

  return { options, checkLink };
}
