/**
 * Two-factor sign-in through better-auth's twoFactor plugin: TOTP (issuer "Stride", 6 digits, 30 s)
 * with ten one-time backup codes, both stored encrypted with the app secret in auth_two_factors
 * (migration 0033). Enrolment starts with the password and completes only once a code from the app
 * is confirmed; disabling and new backup codes also take the password. After a correct password an
 * enrolled account gets no session, only a short-lived challenge cookie, until a code or backup code
 * is accepted; "trust this device" skips the challenge on that browser for 30 days.
 */
import { twoFactor } from 'better-auth/plugins';
import {
  TOTP_DIGITS,
  TRUST_DEVICE_MAX_AGE_S,
  TWO_FACTOR_CHALLENGE_S,
  TWO_FACTOR_ISSUER,
  TWO_FACTOR_LOCKOUT_FAILURES,
  TWO_FACTOR_LOCKOUT_S,
} from '../../core/two-factor.ts';

export const TWO_FACTOR_PATH_PREFIX = '/two-factor/';

export function twoFactorPlugin() {
  return twoFactor({
    issuer: TWO_FACTOR_ISSUER,
    totpOptions: { digits: TOTP_DIGITS },
    twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_S,
    trustDeviceMaxAge: TRUST_DEVICE_MAX_AGE_S,
    accountLockout: { maxFailedAttempts: TWO_FACTOR_LOCKOUT_FAILURES, durationSeconds: TWO_FACTOR_LOCKOUT_S },
    schema: { twoFactor: { modelName: 'auth_two_factors' } },
  });
}

/**
 * The two-factor endpoints (enrol, confirm, the sign-in challenge, disable, new backup codes) are
 * limited per address like sign-in, with the same configured rule (AUTH_RATE_LIMIT_*).
 */
export function twoFactorRateLimitRules(rule: { window: number; max: number }) {
  return { [`${TWO_FACTOR_PATH_PREFIX}*`]: rule };
}
