/**
 * Two-factor sign-in (better-auth's twoFactor plugin, snake_case): whether an account has it on, and
 * per account its TOTP secret and backup codes (both encrypted with the app secret), whether the
 * enrolment was confirmed with a code, and the failed-code count and lock of its challenges.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('auth_users')
    .addColumn('two_factor_enabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('auth_two_factors')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().unique().references('auth_users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('backup_codes', 'text', (col) => col.notNull())
    .addColumn('verified', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('failed_verification_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_two_factors').execute();
  await db.schema.alterTable('auth_users').dropColumn('two_factor_enabled').execute();
}
