/**
 * Sign-in with a phone number and a one-time code by text message (spec §1, §7), through
 * better-auth's phone-number plugin, beside e-mail and Google. Offered only when this server sends
 * text messages (server/integrations/sms/sms-sender.ts).
 *
 * - A runner adds a number in Account (POST /api/account/phone-number/code, then the plugin's
 *   verify with `updatePhoneNumber`); only a confirmed number signs in. No account is ever created
 *   by phone, and a phone number with a password is not a way in (those endpoints are off).
 * - Asking for a code answers the same for every number: a code is texted only to a number that
 *   signs in to an account, within the same limits as the e-mail links (core/mail-limits.ts: per
 *   number 3 an hour and 10 a day, and the server's hourly cap); per address the requests count
 *   like sign-ins (auth.ts rate limits). The text leaves in the background: the answer does not
 *   wait for it, nor reveal whether it went.
 * - The session a code opens passes the one session gate (session-gate.ts): a disabled account gets
 *   none, and one with two-factor on gets the second-factor challenge first.
 *
 * The checks run in auth.ts's before hook, outside better-auth's transaction (they read through `db`).
 */
import { APIError } from 'better-auth/api';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import type { Logger } from 'pino';
import { mailCounters } from '../../core/mail-limits.ts';
import {
  normalisePhoneNumber,
  PHONE_CODE_ATTEMPTS,
  PHONE_CODE_DIGITS,
  PHONE_CODE_LIFETIME_S,
  PHONE_SIGN_IN_TEXTS,
} from '../../core/phone-sign-in.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { claimMailCounts } from '../db/mail-count-repository.ts';
import { findUserIdByVerifiedPhone } from '../db/user-repository.ts';
import { emailKey } from '../security/email-key.ts';

export const PHONE_SEND_CODE_PATH = '/phone-number/send-otp';
export const PHONE_VERIFY_PATH = '/phone-number/verify';
/** The plugin's password sign-in by phone and its password reset by text: not ways into Stride. */
export const PHONE_DISABLED_PATHS = [
  '/sign-in/phone-number',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
];
/** better-auth's answer to a code request, given for every number. */
export const CODE_SENT_ANSWER = { message: 'code sent' } as const;
/** The counters' kind (core/mail-limits.ts): text messages count apart from each kind of mail. */
const SMS_COUNTER_KIND = 'phoneCode';

/** Where the codes leave (server/integrations/sms/sms-sender.ts, given by the composition root). */
export interface TextMessages {
  send(to: string, body: string): Promise<void>;
}

interface HookContext {
  path: string;
  body?: unknown;
  request?: Request | undefined;
}

export function createPhoneSignIn(
  db: Db,
  config: Config,
  logger: Logger,
  sms: TextMessages | null,
  { clock }: { clock: Clock },
) {
  const plugins =
    sms === null
      ? []
      : [
          phoneNumber({
            otpLength: PHONE_CODE_DIGITS,
            expiresIn: PHONE_CODE_LIFETIME_S,
            allowedAttempts: PHONE_CODE_ATTEMPTS,
            phoneNumberValidator: (number) => normalisePhoneNumber(number) === number,
            sendOTP: ({ phoneNumber: to, code }) => {
              sms.send(to, PHONE_SIGN_IN_TEXTS.message(code)).catch((error: unknown) => {
                logger.error({ err: error }, 'could not send a sign-in code by text message');
              });
            },
          }),
        ];

  /** Whether a text to `number` stays within its limits (and counts it if so). */
  const withinLimits = (number: string): Promise<boolean> =>
    claimMailCounts(
      db,
      mailCounters(SMS_COUNTER_KIND, emailKey(config.appSecret, number), clock.now(), config.authMailsPerHour),
    );

  /**
   * Before a phone endpoint: the number in E.164 (or the spec's message), and for a code asked over
   * HTTP, the same answer whether or not one is texted. Returns the answer to give instead of the
   * endpoint's, the body to go on with, or undefined for any other endpoint.
   */
  const checkRequest = async (
    ctx: HookContext,
  ): Promise<{ answer: typeof CODE_SENT_ANSWER } | { body: Record<string, unknown> } | undefined> => {
    if (sms === null || (ctx.path !== PHONE_SEND_CODE_PATH && ctx.path !== PHONE_VERIFY_PATH)) {
      return undefined;
    }
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const number = typeof body.phoneNumber === 'string' ? normalisePhoneNumber(body.phoneNumber) : null;
    if (number === null) {
      throw new APIError('BAD_REQUEST', { code: 'INVALID_PHONE_NUMBER', message: PHONE_SIGN_IN_TEXTS.invalidNumber });
    }
    const normalised = { ...body, phoneNumber: number };
    if (ctx.path === PHONE_SEND_CODE_PATH) {
      // Over HTTP a code signs in: only a confirmed number of an account gets one. From the server
      // (Account adding a number, after its own checks) the number is the runner's new one.
      const texted = ctx.request === undefined || (await findUserIdByVerifiedPhone(db, number)) !== undefined;
      if (!texted || !(await withinLimits(number))) {
        if (texted) {
          logger.warn('sign-in code not texted: its number or the server is at its limit');
        }
        return { answer: CODE_SENT_ANSWER };
      }
      return { body: normalised };
    }
    // Signing in with a code: a number no account signs in with is refused like a wrong code.
    if (body.updatePhoneNumber !== true && (await findUserIdByVerifiedPhone(db, number)) === undefined) {
      throw new APIError('BAD_REQUEST', { code: 'INVALID_OTP', message: PHONE_SIGN_IN_TEXTS.invalidCode });
    }
    return { body: normalised };
  };

  return { plugins, checkRequest, offered: sms !== null };
}
