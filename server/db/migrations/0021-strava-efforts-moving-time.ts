/**
 * Strava's best efforts rank on their moving time (core/running/activity-best-efforts.ts), as the
 * efforts read from tracks do. The Strava activities with a fetched detail are marked to be worked
 * out again, so the start-up pass re-reads the efforts stored with their elapsed time, and the runs
 * whose detail listed none (manual or very short runs, left pending before) are done.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update activities set track_figures_at = null where strava_detail is not null`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the figures are worked out again either way.
}
