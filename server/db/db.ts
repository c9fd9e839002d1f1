/** The handle every repository takes, and what its errors mean. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** A Kysely handle on Stride's schema: the database itself or a transaction. */
export type Db = Kysely<Database>;

/** Whether the error is PostgreSQL's unique violation (23505), optionally of one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== '23505') {
    return false;
  }
  return constraint === undefined || (error as { constraint?: unknown }).constraint === constraint;
}
