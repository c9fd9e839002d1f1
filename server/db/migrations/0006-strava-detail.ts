/**
 * A Strava activity's detail-only fields (location, suffer score, best efforts, …) get a column of
 * their own, apart from the summary fields a sync compares: opening an activity must not make the
 * next sync see it as changed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').addColumn('strava_detail', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').dropColumn('strava_detail').execute();
}
