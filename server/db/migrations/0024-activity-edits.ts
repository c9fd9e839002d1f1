/**
 * What a runner corrects of an activity (core/activity/activity-edit.ts): private notes, the word on
 * counting it (null: the plausibility flag decides), and whether they chose its type (re-deriving
 * the file keeps that type). The description exists already; a manual activity is `source = 'manual'`.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .addColumn('private_notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('counted_override', 'boolean')
    .addColumn('type_edited', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .dropColumn('private_notes')
    .dropColumn('counted_override')
    .dropColumn('type_edited')
    .execute();
}
