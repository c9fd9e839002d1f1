/**
 * The background back-fill of Strava runs' best efforts (server/services/strava/efforts-backfill.ts)
 * reads each synced run's detail once, newest first. A run is done when its detail is stored
 * (strava_detail); these columns hold the rest of its state:
 * - strava_detail_refused_at: Strava answered for good without a usable detail (the activity is gone
 *   or its answer unreadable); the back-fill does not ask again, opening the run still may.
 * - efforts_claimed_until: an app server is fetching this run's detail until then; another server's
 *   back-fill takes the next run instead, and a server that died leaves the run to others after it.
 * The partial index serves "this runner's next run still to read, newest first" and the counts.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .addColumn('strava_detail_refused_at', 'timestamptz')
    .addColumn('efforts_claimed_until', 'timestamptz')
    .execute();
  await sql`
    create index activities_strava_detail_pending_idx on activities (user_id, start_date desc)
    where source = 'strava' and type = 'run' and duplicate_of is null
      and strava_detail is null and strava_detail_refused_at is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists activities_strava_detail_pending_idx`.execute(db);
  await db.schema
    .alterTable('activities')
    .dropColumn('strava_detail_refused_at')
    .dropColumn('efforts_claimed_until')
    .execute();
}
