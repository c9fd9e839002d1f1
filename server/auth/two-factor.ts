/**
 * Two-factor sign-in through better-auth's twoFactor plugin: TOTP (issuer "Stride", 6 digits, 30 s)
 * with ten one-time backup codes, both stored encrypted with the app secret in auth_two_factors
 * (migration 0033). Enrolment starts with the password and completes only once a code from the app
 * is confirmed; disabling and new backup codes also take the password. Every way in asks the code
 * of an enrolled account: after a correct password, an e-mail sign-in link or a Google sign-in it
 * gets no session, only a short-lived challenge cookie, until a code or backup code is accepted;
 * "trust this device" skips the challenge on that browser for 30 days.
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
import { PROVIDER_CALLBACK_PATH } from './google.ts';

export const TWO_FACTOR_PATH_PREFIX = '/two-factor/';

/** The sign-ins without the password that start a session: an e-mail link, and a provider's callback (Google). */
const OTHER_SIGN_IN_PATHS: ReadonlySet<string> = new Set(['/magic-link/verify', PROVIDER_CALLBACK_PATH]);

type AfterHook = NonNullable<NonNullable<BetterAuthPlugin['hooks']>['after']>[number];
/** What an after hook is called with by better-auth: the endpoint's context, its headers returned with the answer. */
type HookContext = Parameters<AfterHook['matcher']>[0] & { context: { returned?: unknown } };
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
 * The plugin's challenge, which it puts on the password sign-in, put on the other ways in too. An
 * e-mail link (followed by the web app's fetch) answers as the password sign-in does; a provider's
 * callback, a page the browser is sent to, sends it on to the sign-in page's code step instead.
 */
function challengeOtherSignIns(challenge: AfterHook): AfterHook {
  const handler = async (context: HookContext): Promise<HookResult> => {
    const location = redirectLocation(context.context.returned);
    const result = (await (challenge.handler as unknown as (context: HookContext) => Promise<HookResult>)(context)) ?? {
      headers: null,
      response: undefined,
    };
    if (location === null || !needsTwoFactor(result.response)) {
      return result;
    }
    const headers = new Headers(result.headers ?? undefined);
    headers.set('location', twoFactorLanding(location));
    return { headers, response: new APIError('FOUND', undefined, headers) };
  };
  return {
    matcher: (context) => OTHER_SIGN_IN_PATHS.has(context.path ?? ''),
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
  return { ...plugin, hooks: { after: [challenge, challengeOtherSignIns(challenge)] } };
}

/**
 * The two-factor endpoints (enrol, confirm, the sign-in challenge, disable, new backup codes) are
 * limited per address like sign-in, with the same configured rule (AUTH_RATE_LIMIT_*).
 */
export function twoFactorRateLimitRules(rule: { window: number; max: number }) {
  return { [`${TWO_FACTOR_PATH_PREFIX}*`]: rule };
}
