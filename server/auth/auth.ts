/**
 * Accounts: better-auth inside the server (DESIGN.md), on the same Kysely instance as everything
 * else. E-mail and password with the spec §5 policy, database-backed rate limiting in every
 * environment (so it holds across app servers), and a profile for every new user.
 */
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { passwordProblems } from '../../core/password-policy.ts';
import { registrationSchema } from '../../core/profile.ts';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { allowedOrigins } from '../security/allowed-origins.ts';
import { parse as parseCookies } from 'hono/utils/cookie';
import type { CachedSession, SessionCache } from '../cache/session-cache.ts';
import type { PasswordHashing } from './password-hashing.ts';
import { twoFactorPlugin, twoFactorRateLimitRules } from './two-factor.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  createEmailLinks,
  EMAIL_LINK_QUEUE,
  EMAIL_LINK_REQUEST_PATHS,
  type EmailLinkRequestJob,
} from './email-links.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { GOOGLE_ACCOUNT_LINKING, googlePlugins } from './google.ts';
import { sessionGate } from './session-gate.ts';
import { createPhoneSignIn, PHONE_DISABLED_PATHS, type TextMessages } from './phone-sign-in.ts';
import { claimTotpCode } from './totp-replay.ts';
import type { Clock } from '../clock.ts';

/** Set by the client-address middleware from the socket (or a trusted proxy), never by the client. */
export const CLIENT_IP_HEADER = 'x-stride-client-ip';

export const AUTH_BASE_PATH = '/api/auth';

/** Seven days; a session used within its last day is extended. */
export const SESSION_LIFETIME_S = 7 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_S = 24 * 60 * 60;

/** What the rest of Stride does when better-auth creates or changes its rows; the composition root supplies it. */
export interface AuthHooks {
  /** After the user row is committed: the spec §3 profile is created (idempotent). */
  onUserCreated(user: { id: string; name: string; email: string }): Promise<unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !(value instanceof Response) && !Array.isArray(value);
}

function withoutToken(session: unknown): unknown {
  if (!isRecord(session)) {
    return session;
  }
  const { token: _token, ...rest } = session;
  return rest;
}

export interface AuthDeps {
  /** Server time (the mail limits' windows). */
  clock: Clock;
  /** The time better-auth judges codes and expiry by (the machine's; tests may move it). */
  sessionClock: Clock;
  /** Mail requests are queued on it (server/auth/email-links.ts). */
  jobs: JobQueue;
  /** Test servers only (server/auth/password-hashing.ts); without it better-auth hashes its own way. */
  passwordHashing?: PasswordHashing | undefined;
  /** Text messages (phone sign-in's codes); null: phone sign-in is not offered. */
  sms: TextMessages | null;
}

export function createAuth(
  db: Db,
  config: Config,
  logger: Logger,
  hooks: AuthHooks,
  sessions: SessionCache,
  mailer: Mailer,
  { clock, sessionClock, jobs, passwordHashing, sms }: AuthDeps,
) {
  const { passwordPolicy, authRateLimit } = config;
  const emailLinks = createEmailLinks(db, config, logger, mailer, { clock, jobs });
  const phone = createPhoneSignIn(db, config, logger, sms, { clock });
  const instance = betterAuth({
    appName: 'Stride',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.appSecret,
    // The same origins as server/http/same-origin.ts (which refuses the rest before better-auth runs).
    trustedOrigins: (request?: Request) => (request ? allowedOrigins(config, request.url) : [config.publicUrl]),
    database: { db, type: 'postgres', transaction: true },
    telemetry: { enabled: false },
    // Every change to a runner's name and photo goes through the profile's rules (PATCH /api/profile,
    // which keeps the account name in step); better-auth's own endpoint would store them unchecked.
    // A phone number with a password, and password resets by text, are not ways in (phone-sign-in.ts).
    disabledPaths: ['/update-user', ...PHONE_DISABLED_PATHS],
    logger: {
      log: (level, message, ...args) => {
        logger[level]({ args, source: 'better-auth' }, message);
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: passwordPolicy.minLength,
      maxPasswordLength: passwordPolicy.maxLength,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      ...emailLinks.options.emailAndPassword,
    },
    emailVerification: emailLinks.options.emailVerification,
    session: {
      modelName: 'auth_sessions',
      expiresIn: SESSION_LIFETIME_S,
      updateAge: SESSION_UPDATE_AGE_S,
    },
    user: {
      modelName: 'auth_users',
      additionalFields: {
        disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    account: { modelName: 'auth_accounts', accountLinking: GOOGLE_ACCOUNT_LINKING },
    verification: { modelName: 'auth_verifications' },
    rateLimit: {
      // better-auth limits only in production by default; Stride limits everywhere (DESIGN.md).
      enabled: true,
      storage: 'database',
      modelName: 'auth_rate_limits',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': authRateLimit,
        '/sign-up/email': authRateLimit,
        ...twoFactorRateLimitRules(authRateLimit),
        ...Object.fromEntries(EMAIL_LINK_REQUEST_PATHS.map((path) => [path, authRateLimit])),
        // Following a sign-in link counts like a sign-in (the plugin's own rule would be 5 a minute).
        '/magic-link/verify': authRateLimit,
        // Starting a sign-in or a link with Google counts like a sign-in.
        '/sign-in/social': authRateLimit,
        '/link-social': authRateLimit,
        // Asking for a code by text and signing in with it count like a sign-in.
        '/phone-number/*': authRateLimit,
        // The app asks for the session on every page load. Counting those wrote a row per call (the
        // costliest part of the call under load) and guards nothing: a session token cannot be guessed.
        '/get-session': false,
      },
    },
    plugins: [
      sessionGate,
      emailLinks.options.plugin,
      twoFactorPlugin(),
      ...googlePlugins(config.google),
      ...phone.plugins,
    ],
    advanced: {
      // better-auth turns its Origin/CSRF check off whenever NODE_ENV=test (vitest sets it); Stride
      // keeps it on in every environment so tests exercise the server that production runs.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'stride',
    },
    hooks: {
      // These run before better-auth opens its transaction. Nothing inside that transaction may
      // query through `db`: on PGlite its one connection is held by the transaction (deadlock).
      before: createAuthMiddleware(async (ctx) => {
        // A mail asked for over HTTP is queued and answered at once, the same for every address.
        const queued = await emailLinks.queueRequest(ctx);
        if (queued) {
          return ctx.json(queued);
        }
        // An e-mail link's mode, code and key are checked before better-auth spends the code.
        await emailLinks.checkLink(ctx);
        // A phone number in E.164, and a code asked for answered alike for every number.
        const phoneCheck = await phone.checkRequest(ctx);
        if (phoneCheck !== undefined) {
          return 'answer' in phoneCheck ? ctx.json(phoneCheck.answer) : { context: { body: phoneCheck.body } };
        }
        // A code from the authenticator app is accepted once per account.
        await claimTotpCode(db, sessionClock, ctx);
        if (ctx.path === '/change-password' || ctx.path === '/reset-password') {
          // A new password meets the same policy as at sign-up, whichever endpoint sets it, and a
          // changed password ends every other session (the caller cannot opt out).
          const body = (ctx.body ?? {}) as Record<string, unknown>;
          if (typeof body.newPassword === 'string') {
            const problems = passwordProblems(body.newPassword, passwordPolicy);
            if (problems.length > 0) {
              throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: problems.join(' ') });
            }
          }
          return ctx.path === '/change-password'
            ? { context: { body: { ...body, revokeOtherSessions: true } } }
            : undefined;
        }
        if (ctx.path !== '/sign-up/email') {
          return;
        }
        // better-auth checks length only; the rest of the spec §5 policy and the name are ours.
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const parsed = registrationSchema.safeParse(body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const code = issue?.path[0] === 'email' ? 'INVALID_EMAIL' : 'MISSING_FIELDS';
          throw new APIError('BAD_REQUEST', { code, message: issue?.message ?? 'Invalid registration' });
        }
        // The account stores the name in its normal form (core/user-text.ts), like every other text.
        body.name = parsed.data.name;
        const problems = passwordProblems(parsed.data.password, passwordPolicy);
        if (problems.length > 0) {
          throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: problems.join(' ') });
        }
      }),
      // Session tokens are bearer secrets: the session endpoints answer ids, never tokens (the cookie
      // already carries this session's token; a script must not learn those of the others).
      after: createAuthMiddleware(async (ctx) => {
        await emailLinks.revokeLinksAfterChange(ctx);
        if (ctx.path !== '/get-session' && ctx.path !== '/list-sessions') {
          return;
        }
        const returned: unknown = ctx.context.returned;
        if (Array.isArray(returned)) {
          return ctx.json(returned.map(withoutToken));
        }
        if (isRecord(returned) && isRecord(returned.session)) {
          return ctx.json({ ...returned, session: withoutToken(returned.session) });
        }
        return;
      }),
    },
    // Every way a session ends or changes drops it from the session cache (server/cache/), here and
    // on every other app server, before the request that ended it is answered. Through better-auth:
    // sign-out, revoking one session or all, a password change (ends every other session), an expired
    // session cleaned up, a session extended (its new expiry), and any change or deletion of the
    // user. Through Stride's own use cases (server/services/account-service.ts): "sign out
    // everywhere else", account deletion, and an account disabled or enabled. Outside Stride (an
    // operator's SQL): the database's triggers (migration 0025). A session past its expiry is refused
    // by the cache itself (server/cache/session-cache.ts).
    databaseHooks: {
      session: {
        update: { after: (session) => sessions.sessionChanged(session.token) },
        delete: { after: (session) => sessions.sessionChanged(session.token) },
      },
      user: {
        create: {
          // Runs after the user row is committed. Creating the profile is idempotent and also runs on
          // every profile read, so a failure here heals on the next request (spec §4: "created ... if missing").
          after: async (user) => {
            await hooks.onUserCreated({ id: user.id, name: user.name, email: user.email });
          },
        },
        update: { after: (user) => sessions.userSessionsChanged(user.id) },
        delete: { after: (user) => sessions.userSessionsChanged(user.id) },
      },
    },
  });
  // A queued mail request asks better-auth as the server, which mails an account and nobody else.
  jobs.define<EmailLinkRequestJob>({
    name: EMAIL_LINK_QUEUE,
    policy: 'standard',
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    handler: async (job) => {
      try {
        await emailLinks.workOff(job, async (email) => {
          const body = { email };
          if (job.path === '/request-password-reset') {
            await instance.api.requestPasswordReset({ body });
          } else if (job.path === '/sign-in/magic-link') {
            await instance.api.signInMagicLink({ body, headers: new Headers() });
          } else {
            await instance.api.sendVerificationEmail({ body });
          }
        });
      } catch (error) {
        // better-auth's refusals (no mail to send) end the job; anything else is tried again.
        if (!isAPIError(error)) {
          throw error;
        }
      }
      return undefined;
    },
  });
  let sessionCookieName: Promise<string> | undefined;
  const sessionCookie = async (headers: Headers): Promise<string | undefined> => {
    sessionCookieName ??= instance.$context.then((context) => context.authCookies.sessionToken.name);
    const name = await sessionCookieName;
    return parseCookies(headers.get('cookie') ?? '', name)[name];
  };
  /**
   * The session of a request's cookie, from the session cache or else better-auth's look-up (which
   * also extends a session due for it). Null without a valid, unexpired session.
   */
  const sessionOf = async (headers: Headers): Promise<CachedSession | null> => {
    const cookie = await sessionCookie(headers);
    const load = async (): Promise<CachedSession | null> => {
      const found = await instance.api.getSession({ headers });
      return found
        ? {
            userId: found.user.id,
            email: found.user.email,
            name: found.user.name,
            sessionId: found.session.id,
            disabled: (found.user as { disabled?: boolean }).disabled === true,
            expiresAt: new Date(found.session.expiresAt).getTime(),
            body: JSON.stringify({ session: withoutToken(found.session), user: found.user }),
          }
        : null;
    };
    // Without the session cookie there is no session to find (no other credential is accepted).
    return cookie ? sessions.read(cookie, load) : null;
  };
  /**
   * better-auth's get-session answer from the session cache, when memory can give it (the web app
   * asks on every page load); undefined when better-auth must answer: no cookie, no cached session,
   * or one expired or due for extension, whose answer also renews or clears the cookie.
   */
  const cachedSessionAnswer = async (headers: Headers): Promise<string | undefined> => {
    const cookie = await sessionCookie(headers);
    return cookie ? sessions.peek(cookie)?.body : undefined;
  };
  return Object.assign(instance, { sessions, sessionOf, cachedSessionAnswer, phoneSignIn: phone.offered });
}

export type Auth = ReturnType<typeof createAuth>;
