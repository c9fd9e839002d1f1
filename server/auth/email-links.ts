/**
 * Password reset, e-mail verification and sign-in by e-mail link, as better-auth options. Every link
 * opens the web app's action page with a mode, a code and an api key (spec §5, core/email-links.ts):
 * the code is better-auth's token and the key an HMAC of mode and code with the app secret, so the
 * server tells a changed link from an expired or used one before better-auth consumes anything.
 *
 * Anti-enumeration: a request for a reset, sign-in or verification mail is queued as a job and
 * answered at once, the same for every address, so neither the answer nor its timing says whether an
 * account exists; the job mails an account and nobody else. Mails are limited per recipient and kind
 * and for the whole server (core/mail-limits.ts, counted in the database across app servers); one
 * past a limit is dropped without a word to the requester. A sign-in link never creates an account.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APIError, isAPIError } from 'better-auth/api';
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
import { z } from 'zod';
import { mailCounters, staleMailCountsBefore } from '../../core/mail-limits.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { deleteEmailLinksOf } from '../db/email-link-repository.ts';
import { claimMailCounts, deleteStaleMailCounts } from '../db/mail-count-repository.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { emailKey } from '../security/email-key.ts';
import { createSecretBox } from '../security/secret-box.ts';

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

/**
 * The endpoints after which every outstanding reset and sign-in link of the account stops working:
 * a new password (changed, or set by a reset link), and two-factor turned on (its confirmation, made
 * signed in). A link mailed before then would otherwise still open the account.
 */
const CREDENTIAL_CHANGE_PATHS: ReadonlySet<string> = new Set([
  '/change-password',
  '/reset-password',
  '/two-factor/verify-totp',
]);

/** Per request (better-auth's context object): the account whose reset link it is spending. */
const resetLinkOwners = new WeakMap<object, string>();

/**
 * The three better-auth endpoints that request a mail, rate-limited like sign-in, with the answer
 * each gives over HTTP: always the same, whatever the address and whether a mail goes.
 */
export const EMAIL_LINK_REQUESTS = {
  '/request-password-reset': {
    status: true,
    message: 'If this email exists in our system, check your email for the reset link',
  },
  '/sign-in/magic-link': { status: true },
  '/send-verification-email': { status: true },
} as const;
export type EmailLinkRequestPath = keyof typeof EMAIL_LINK_REQUESTS;
export const EMAIL_LINK_REQUEST_PATHS = Object.keys(EMAIL_LINK_REQUESTS) as EmailLinkRequestPath[];

/** The job queue of mail requests (server/jobs/job-queue.ts): the address sealed, never readable in the table. */
export const EMAIL_LINK_QUEUE = 'email-link-request';
const RECIPIENT_PURPOSE = 'email-link-recipient';
export interface EmailLinkRequestJob {
  path: EmailLinkRequestPath;
  to: string;
  /** When it was asked for (server time): the mail counts in that hour and day. */
  requestedAt: number;
}

/** While a queued request is worked off: the time it was asked for. */
const requestTime = new AsyncLocalStorage<number>();

/** How often (in mails asked for, on average) counts of windows that are over are swept. */
const SWEEP_EVERY_MAILS = 200;

const requestedEmail = z.object({ email: z.email() });

export interface EmailLinkDeps {
  /** Server time: the mail limits' windows (core/mail-limits.ts). */
  clock: Clock;
  jobs: JobQueue;
}

export function createEmailLinks(db: Db, config: Config, logger: Logger, mailer: Mailer, deps: EmailLinkDeps) {
  const box = createSecretBox(config.appSecret);
  /** Sends the mail if its recipient and the server are within their limits; the rest is dropped, unsaid. */
  const deliver = async (mode: EmailLinkMode, to: string, oobCode: string): Promise<void> => {
    const now = requestTime.getStore() ?? deps.clock.now();
    if (Math.random() < 1 / SWEEP_EVERY_MAILS) {
      await deleteStaleMailCounts(db, staleMailCountsBefore(now));
    }
    const counters = mailCounters(mode, emailKey(config.appSecret, to), now, config.authMailsPerHour);
    if (!(await claimMailCounts(db, counters))) {
      logger.warn({ mode }, 'e-mail link not sent: its recipient or the server is at its mail limit');
      return;
    }
    const url = emailLinkUrl(config.publicUrl, {
      mode,
      oobCode,
      apiKey: emailLinkKey(config.appSecret, mode, oobCode),
    });
    await mailer.send({ to, ...emailLinkMail(mode, url) });
  };
  /**
   * Asked by the mail-request job (no HTTP request): the job waits for the mail, and is tried again
   * when it fails. Asked within a request (the verification mail at sign-up): in the background, the
   * answer does not wait for (or reveal) the mail.
   */
  const send = (mode: EmailLinkMode, to: string, oobCode: string, request: Request | undefined): Promise<void> => {
    if (request === undefined) {
      return deliver(mode, to, oobCode);
    }
    deliver(mode, to, oobCode).catch((error: unknown) => {
      logger.error({ err: error, mode }, 'could not send an e-mail link');
    });
    return Promise.resolve();
  };

  /**
   * A mail asked for over HTTP is queued as it is, whatever the address: the request does the same
   * work (one job) and gets the same answer for an account, an unknown address and one at its limit.
   * The job then asks better-auth (server/auth/auth.ts), which mails an account and nobody else.
   * Undefined for what better-auth answers itself: a call from the server (the job), a body without
   * a valid e-mail.
   */
  const queueRequest = async (ctx: {
    path: string;
    body?: unknown;
    request?: Request | undefined;
  }): Promise<(typeof EMAIL_LINK_REQUESTS)[EmailLinkRequestPath] | undefined> => {
    if (!(ctx.path in EMAIL_LINK_REQUESTS) || ctx.request === undefined) {
      return undefined;
    }
    const path = ctx.path as EmailLinkRequestPath;
    const parsed = requestedEmail.safeParse(ctx.body);
    if (!parsed.success) {
      return undefined;
    }
    await deps.jobs.send<EmailLinkRequestJob>(EMAIL_LINK_QUEUE, {
      path,
      to: box.seal(parsed.data.email, RECIPIENT_PURPOSE),
      requestedAt: deps.clock.now(),
    });
    return EMAIL_LINK_REQUESTS[path];
  };

  /** Works off a queued request: `ask` is called with its address, as of the time it was asked for. */
  const workOff = <T>(job: EmailLinkRequestJob, ask: (email: string) => Promise<T>): Promise<T> =>
    requestTime.run(job.requestedAt, () => ask(box.open(job.to, RECIPIENT_PURPOSE)));

  const options = {
    emailAndPassword: {
      resetPasswordTokenExpiresIn: RESET_PASSWORD_LINK_LIFETIME_S,
      // Every session of the account ends when its password is reset (the session cache follows
      // through the user and session hooks in auth.ts).
      revokeSessionsOnPasswordReset: true,
      requireEmailVerification: config.requireEmailVerification,
      sendResetPassword: ({ user, token }: { user: { email: string }; token: string }, request?: Request) =>
        send('resetPassword', user.email, token, request),
    },
    emailVerification: {
      expiresIn: VERIFY_EMAIL_LINK_LIFETIME_S,
      // At sign-up when mail leaves the server (or when accounts cannot sign in without it).
      sendOnSignUp: mailer.sendsMail || config.requireEmailVerification,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      sendVerificationEmail: ({ user, token }: { user: { email: string }; token: string }, request?: Request) =>
        send('verifyEmail', user.email, token, request),
    },
    plugin: magicLink({
      expiresIn: SIGN_IN_LINK_LIFETIME_S,
      disableSignUp: true,
      // better-auth stores a code for every address asked for; only an existing account gets a mail.
      sendMagicLink: async ({ email, token }, ctx?: GenericEndpointContext) => {
        const found = ctx ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
        if (found) {
          await send('signIn', found.user.email, token, ctx?.request);
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
    context: {
      internalAdapter: {
        findVerificationValue(identifier: string): Promise<{ expiresAt: Date; value: string } | null>;
      };
    };
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
    if (endpoint.mode === 'resetPassword') {
      resetLinkOwners.set(ctx.context, row.value);
    }
  };

  /**
   * After a new password or two-factor turned on: the account's outstanding links are deleted. The
   * account is the signed-in one, or for a reset the owner of the link spent.
   */
  const revokeLinksAfterChange = async (ctx: {
    path: string;
    context: { returned?: unknown; session?: { user: { id: string } } | null };
  }): Promise<void> => {
    if (!CREDENTIAL_CHANGE_PATHS.has(ctx.path) || isAPIError(ctx.context.returned)) {
      return;
    }
    const userId = ctx.context.session?.user.id ?? resetLinkOwners.get(ctx.context);
    if (userId !== undefined) {
      await deleteEmailLinksOf(db, userId);
    }
  };

  return { options, checkLink, revokeLinksAfterChange, queueRequest, workOff };
}
