/**
 * Per-account sign-in throttling (core/login-throttle.ts) around better-auth's e-mail sign-in. An
 * attempt is counted before the password is checked and forgotten again when it succeeds, so
 * parallel guesses from many addresses meet the same count. Keys are a keyed hash of the
 * normalised e-mail: the table never lists which addresses people tried.
 */
import { decideLoginAttempt, type LoginThrottlePolicy } from '../../core/login-throttle.ts';
import {
  deleteLoginThrottleRow,
  deleteStaleLoginThrottleRows,
  lockLoginThrottleRow,
  saveLoginThrottleRow,
} from '../db/login-throttle-repository.ts';
import type { Db } from '../db/db.ts';
import type { Clock } from '../clock.ts';
import { emailKey } from '../security/email-key.ts';

export interface LoginThrottle {
  /** Counts an attempt at `email`; `retryAfterSeconds` when it must wait instead. */
  claimAttempt(
    email: string,
  ): Promise<{ allowed: true; key: string } | { allowed: false; key: string; retryAfterSeconds: number }>;
  /** A successful sign-in: the address starts from zero again. */
  recordSuccess(key: string): Promise<void>;
}

/** How often (in attempts, on average) stale rows are swept, so the table stays small without a job. */
const SWEEP_EVERY_ATTEMPTS = 200;

export function createLoginThrottle(db: Db, secret: string, policy: LoginThrottlePolicy, clock: Clock): LoginThrottle {
  return {
    async claimAttempt(email) {
      const key = emailKey(secret, email);
      const at = new Date(clock.now());
      if (Math.random() < 1 / SWEEP_EVERY_ATTEMPTS) {
        const staleMs = (policy.windowSeconds + policy.maxDelaySeconds) * 1000;
        await deleteStaleLoginThrottleRows(db, new Date(at.getTime() - staleMs));
      }
      const decision = await db.transaction().execute(async (trx) => {
        const state = await lockLoginThrottleRow(trx, key, at);
        const decided = decideLoginAttempt(state, at, policy);
        if (decided.allowed) {
          await saveLoginThrottleRow(trx, key, decided.next);
        }
        return decided;
      });
      return decision.allowed ? { allowed: true, key } : { ...decision, key };
    },
    async recordSuccess(key) {
      await deleteLoginThrottleRow(db, key);
    },
  };
}
