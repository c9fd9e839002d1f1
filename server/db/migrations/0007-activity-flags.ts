/**
 * Physically implausible activities (core/activity/plausibility.ts) are flagged with the sentence
 * that says why, and count in totals and medals only once their runner confirms them. Existing
 * activities are not flagged.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .addColumn('flagged', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('flag_reason', 'text')
    .addColumn('flag_confirmed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .dropColumn('flagged')
    .dropColumn('flag_reason')
    .dropColumn('flag_confirmed_at')
    .execute();
}
