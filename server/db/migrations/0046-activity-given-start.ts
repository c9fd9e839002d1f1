/**
 * The start given with a file whose track has no times (core/activity/activity-record.ts
 * activityStart): the export archive's activities.csv row, or the date the runner entered in the
 * upload dialog. Kept so a re-derivation from the original file dates the activity the same way.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').addColumn('given_start', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').dropColumn('given_start').execute();
}
