/**
 * Two-factor sign-in through better-auth's twoFactor plugin: TOTP (issuer "Stride", 6 digits, 30 s)
 * with ten one-time backup codes, both stored encrypted with the app secret in auth_two_factors
 * (migration 0033). Enrolment starts with the password and completes only once a code from the app
 * is confirmed; disabling and new backup codes also take the password. Every way in asks the code
 * of an enrolled account: the session gate (server/auth/session-gate.ts) marks each session created
 * for it, whatever the endpoint, and the plugin's challenge replaces a marked session with a
 * short-lived challenge cookie until a code or backup code is accepted; "trust this device" skips
 * the challenge on that browser for 30 days.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, isAPIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import {
  TOTP_DIGITS,
  TRUST_DEVICE_MAX_AGE_S,
  TWO_FACTOR_CHALLENGE_S,
  TWO_FACTOR_ISSUER,
  TWO_FACTOR_LOCKOUT_FAILURES,
  TWO_FACTOR_LOCKOUT_S,
  needsTwoFactor,
  twoFactorLanding,
} from '../../core/two-factor.ts';
import { sessionsAwaitingSecondFactor } from './session-gate.ts';

export const TWO_FACTOR_PATH_PREFIX = '/two-factor/';

type AfterHook = NonNullable<NonNullable<BetterAuthPlugin['hooks']>['after']>[number];
/** What an after hook is called with by better-auth: the endpoint's context, its headers returned with the answer. */
type HookContext = Parameters<AfterHook['matcher']>[0] & {
  context: {
    returned?: unknown;
    newSession: { session: { token: string } } | null;
    internalAdapter: { deleteSession(token: string): Promise<void> };
  };
};
interface HookResult {
  headers: Headers | null;
  response: unknown;
}

/** Where a redirect the endpoint answered with sends the browser (a provider's callback), if it did. */
function redirectLocation(answer: unknown): string | null {
  if (!isAPIError(answer) || answer.statusCode !== 302) {
    return null;
  }
  return new Headers(answer.headers as ConstructorParameters<typeof Headers>[0]).get('location');
}

/**
 * The plugin's challenge, put on every session the gate marked (the plugin itself knows only the
 * password sign-in). An endpoint that answers JSON (the password, an e-mail link) answers the
 * challenge instead; a page the browser is sent to (a provider's callback) sends it on to the sign-in
 * page's code step. A marked session the challenge did not take over (not the cookie the endpoint
 * set) is deleted: no way in keeps a session without the second factor.
 */
function challengeMarkedSessions(challenge: AfterHook): AfterHook {
  const handler = async (context: HookContext): Promise<HookResult> => {
    const marked = sessionsAwaitingSecondFactor(context.context);
    const location = redirectLocation(context.context.returned);
    const answered = context.context.newSession?.session.token;
    const result =
      answered !== undefined && marked.has(answered)
        ? ((await (challenge.handler as unknown as (context: HookContext) => Promise<HookResult>)(context)) ?? {
            headers: null,
            response: undefined,
          })
        : { headers: null, response: undefined };
    const kept = context.context.newSession?.session.token;
    for (const token of marked) {
      if (token !== kept) {
        await context.context.internalAdapter.deleteSession(token);
      }
    }
    if (location === null || !needsTwoFactor(result.response)) {
      return result;
    }
    const headers = new Headers(result.headers ?? undefined);
    headers.set('location', twoFactorLanding(location));
    return { headers, response: new APIError('FOUND', undefined, headers) };
  };
  return {
    matcher: (context) => sessionsAwaitingSecondFactor(context.context).size > 0,
    handler: handler as unknown as AfterHook['handler'],
  };
}

export function twoFactorPlugin() {
  const plugin = twoFactor({
    issuer: TWO_FACTOR_ISSUER,
    totpOptions: { digits: TOTP_DIGITS },
    twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_S,
    trustDeviceMaxAge: TRUST_DEVICE_MAX_AGE_S,
    accountLockout: { maxFailedAttempts: TWO_FACTOR_LOCKOUT_FAILURES, durationSeconds: TWO_FACTOR_LOCKOUT_S },
    schema: { twoFactor: { modelName: 'auth_two_factors' } },
  });
  const [challenge] = plugin.hooks.after;
  if (!challenge) {
    throw new Error("better-auth's two-factor plugin has no sign-in challenge to extend");
  }
  return { ...plugin, hooks: { after: [challengeMarkedSessions(challenge)] } };
}

/**
 * The two-factor endpoints (enrol, confirm, the sign-in challenge, disable, new backup codes) are
 * limited per address like sign-in, with the same configured rule (AUTH_RATE_LIMIT_*).
 */
export function twoFactorRateLimitRules(rule: { window: number; max: number }) {
  return { [`${TWO_FACTOR_PATH_PREFIX}*`]: rule };
}
