/**
 * A per-runner lock held until the transaction ends (a PostgreSQL advisory lock, on PGlite too):
 * a count-then-insert under it cannot be raced past a cap by two requests of the same runner.
 * `scope` names what is counted, so unrelated caps never wait for each other.
 */
import { sql } from 'kysely';
import type { Db } from './db.ts';

export async function lockRunnerScope(trx: Db, scope: string, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}:${userId}`}::text, 0))`.execute(trx);
}
