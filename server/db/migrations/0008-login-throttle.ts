/**
 * Per-account sign-in throttling (core/login-throttle.ts): one row per normalised e-mail address,
 * keyed by its keyed hash so addresses that have no account are not stored in the clear. In the
 * database so the count holds across app servers.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_login_failures')
    .addColumn('email_hash', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('last_failure_at', 'timestamptz', (col) => col.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('auth_login_failures_last_failure_at')
    .on('auth_login_failures')
    .column('last_failure_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_login_failures').execute();
}
