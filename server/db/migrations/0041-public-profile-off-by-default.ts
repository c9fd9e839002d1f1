/**
 * A new account's public profile is off until the runner turns it on (core/profile-privacy.ts
 * DEFAULT_PROFILE_PRIVACY). Only the column's default changes: every existing profile keeps the
 * choice it has.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .alterColumn('public_profile', (col) => col.setDefault(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .alterColumn('public_profile', (col) => col.setDefault(true))
    .execute();
}
