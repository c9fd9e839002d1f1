/** The handle every repository takes, and what its errors mean. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** A Kysely handle on Stride's schema: the database itself or a transaction. */
export type Db = Kysely<Database>;

/**
 * Whether the error is PostgreSQL's unique violation (23505), optionally of one constraint: named
 * in the error's constraint field or, where a driver leaves that out, in its message.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const fields = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (fields?.code !== '23505') {
    return false;
  }
  return (
    constraint === undefined ||
    fields.constraint === constraint ||
    (typeof fields.message === 'string' && fields.message.includes(constraint))
  );
}
