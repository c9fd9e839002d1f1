/** SQL for per-account sign-in throttling (auth_login_failures; the rules are in core/login-throttle.ts). */
import type { LoginThrottleState } from '../../core/login-throttle.ts';
import type { Db } from './db.ts';

/**
 * The address's row, locked until the surrounding transaction ends, so that parallel attempts at
 * one address are decided one after another. A row is created first when there is none.
 */
export async function lockLoginThrottleRow(trx: Db, emailHash: string, now: Date): Promise<LoginThrottleState> {
  await trx
    .insertInto('authLoginFailures')
    .values({ emailHash, failures: 0, lastFailureAt: now, lockedUntil: null })
    .onConflict((oc) => oc.column('emailHash').doNothing())
    .execute();
  return trx
    .selectFrom('authLoginFailures')
    .select(['failures', 'lastFailureAt', 'lockedUntil'])
    .where('emailHash', '=', emailHash)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function saveLoginThrottleRow(trx: Db, emailHash: string, state: LoginThrottleState): Promise<void> {
  await trx
    .updateTable('authLoginFailures')
    .set({ failures: state.failures, lastFailureAt: state.lastFailureAt, lockedUntil: state.lockedUntil })
    .where('emailHash', '=', emailHash)
    .execute();
}

export async function deleteLoginThrottleRow(db: Db, emailHash: string): Promise<void> {
  await db.deleteFrom('authLoginFailures').where('emailHash', '=', emailHash).execute();
}

/** Rows whose last failure is older than `before` count for nothing any more. */
export async function deleteStaleLoginThrottleRows(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('authLoginFailures').where('lastFailureAt', '<', before).execute();
}
