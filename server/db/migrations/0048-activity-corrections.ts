/**
 * The runner's corrections of a file's figures (core/activity/activity-corrections.ts), kept apart
 * from the figures the derivation writes: `overrides` holds what the runner gave (start, zone,
 * distance, time, moving time), `file_figures` what the file gave for those fields (and its type and
 * flag) while the activity is corrected. Null: the activity shows its file's figures.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').addColumn('overrides', 'jsonb').addColumn('file_figures', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').dropColumn('overrides').dropColumn('file_figures').execute();
}
