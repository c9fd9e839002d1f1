/**
 * Phone sign-in (better-auth's phone-number plugin, server/auth/phone-sign-in.ts): an account's
 * phone number in E.164, unique across accounts, and whether a code sent to it was confirmed. Only
 * a confirmed number signs in.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('auth_users')
    .addColumn('phone_number', 'text', (col) => col.unique())
    .addColumn('phone_number_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_users').dropColumn('phone_number').dropColumn('phone_number_verified').execute();
}
