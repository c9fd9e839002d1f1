/**
 * A code from the authenticator app is accepted once per account (RFC 6238 §5.2): better-auth's
 * plugin accepts a code for the current 30 s time step and one either side, as often as it is sent,
 * so one code could open two sessions (two challenges, or two requests at once). Before the plugin
 * checks a code, the time step it belongs to is claimed for the account in the database (the last
 * accepted step, auth_two_factors.last_totp_step); a step not later than the last accepted one is
 * refused as a wrong code. A code that belongs to no step is left to the plugin, which counts it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { GenericEndpointContext } from 'better-auth';
import { TOTP_DIGITS } from '../../core/two-factor.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import { claimTotpStep } from '../db/two-factor-repository.ts';

const VERIFY_TOTP_PATH = '/two-factor/verify-totp';

/** The plugin's period and window: 30 s steps, the current one and one either side. */
const TOTP_PERIOD_S = 30;
const TOTP_WINDOW_STEPS = 1;
/** better-auth's cookie of an open sign-in challenge (its two-factor plugin's name). */
const CHALLENGE_COOKIE = 'two_factor';

/** RFC 4226 HOTP of `counter`, with the secret's UTF-8 bytes as the key (as better-auth keys it). */
function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', Buffer.from(secret, 'utf8')).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/** The time step within the window whose code `code` is, or null when it is none of them. */
function totpStepOf(secret: string, code: string, nowMs: number): number | null {
  const current = Math.floor(nowMs / (TOTP_PERIOD_S * 1000));
  let matched: number | null = null;
  for (let offset = -TOTP_WINDOW_STEPS; offset <= TOTP_WINDOW_STEPS; offset += 1) {
    const expected = Buffer.from(hotp(secret, current + offset));
    const given = Buffer.from(code);
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      matched = current + offset;
    }
  }
  return matched;
}

/** The account a verify-totp request is for: the signed-in one (enrolment), or the open challenge's. */
async function accountOf(ctx: GenericEndpointContext): Promise<string | null> {
  const signedIn = await getSessionFromCtx(ctx);
  if (signedIn) {
    return signedIn.user.id;
  }
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) {
    return null;
  }
  return (await ctx.context.internalAdapter.findVerificationValue(challenge))?.value ?? null;
}

/**
 * Before the plugin's verify-totp: claims the code's time step for the account, or refuses a code
 * whose step was used. `clock` is the time better-auth judges codes by (the machine's).
 */
export async function claimTotpCode(db: Db, clock: Clock, ctx: GenericEndpointContext): Promise<void> {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (ctx.path !== VERIFY_TOTP_PATH || typeof code !== 'string') {
    return;
  }
  const userId = await accountOf(ctx);
  if (userId === null) {
    return;
  }
  const row = await ctx.context.adapter.findOne<{ secret: string }>({
    model: 'twoFactor',
    where: [{ field: 'userId', value: userId }],
  });
  if (row === null) {
    return;
  }
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  const step = totpStepOf(secret, code.trim(), clock.now());
  if (step !== null && !(await claimTotpStep(db, userId, step))) {
    throw new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: 'Invalid code' });
  }
}
