/**
 * Strava activities stored before cadence and sport types followed Stride's rules
 * (core/activity/cadence.ts, core/strava/normalize.ts):
 * - Cadence on foot: Strava counts strides per minute, Stride shows steps. The stored average, the
 *   laps' averages and the stored track's cadence of Strava runs and walks are doubled, as the sync
 *   now does when it stores them. (Before this migration a Strava activity was a run, ride or walk.)
 * - Types: a Strava hike was stored as a walk, and swims and other sports were not stored at all.
 *   The stored rows do not say which walks were hikes, so every connected athlete gets a full sync,
 *   which types each activity afresh and brings in the sports that were skipped (the sync updates
 *   only rows that differ, and drops their cached detail and streams so they are fetched again).
 */
import { sql, type Kysely } from 'kysely';
import { scaleCadence, STEPS_PER_STRIDE } from '../../../core/activity/cadence.ts';
import { decodeTrack, encodeTrack } from '../../../core/activity/track-codec.ts';

/** Strava rows on foot as they were stored before this migration. */
const STRAVA_ON_FOOT = sql`source = 'strava' and type in ('run', 'walk')`;

async function scaleStravaCadence(db: Kysely<unknown>, factor: number): Promise<void> {
  await sql`
    update activities set average_cadence = average_cadence * ${factor}
    where ${STRAVA_ON_FOOT} and average_cadence is not null
  `.execute(db);
  await sql`
    update activities set laps = (
      select coalesce(
        jsonb_agg(
          case when jsonb_typeof(lap -> 'averageCadence') = 'number'
            then jsonb_set(lap, '{averageCadence}', to_jsonb((lap ->> 'averageCadence')::double precision * ${factor}))
            else lap end
          order by position
        ),
        '[]'::jsonb
      )
      from jsonb_array_elements(laps) with ordinality as entries(lap, position)
    )
    where ${STRAVA_ON_FOOT} and jsonb_array_length(laps) > 0
  `.execute(db);
  // Column aliases without underscores read the same with or without the camel-case plugin.
  const tracks = await sql<{ id: string }>`
    select tracks.activity_id as id from activity_tracks tracks
    join activities on activities.id = tracks.activity_id
    where activities.source = 'strava' and activities.type in ('run', 'walk')
  `.execute(db);
  // One track in memory at a time.
  for (const { id } of tracks.rows) {
    const stored = await sql<{ data: Uint8Array }>`select data from activity_tracks where activity_id = ${id}`.execute(
      db,
    );
    const data = stored.rows[0]?.data;
    if (!data) {
      continue;
    }
    const track = decodeTrack(data);
    if (!track.cadence.some((value) => Number.isFinite(value))) {
      continue;
    }
    scaleCadence(track.cadence, factor);
    await sql`update activity_tracks set data = ${encodeTrack(track)} where activity_id = ${id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await scaleStravaCadence(db, STEPS_PER_STRIDE);
  // A full sync for every connected athlete, unless one is under way already.
  await sql`
    insert into strava_sync_jobs (user_id, kind, state, next_page, after_epoch, pages, activities, imported, started_at, updated_at)
    select user_id, 'full', 'queued', 1, null, 0, 0, 0, now(), now() from strava_integrations where is_active
    on conflict (user_id) do update set
      kind = 'full', state = 'queued', next_page = 1, after_epoch = null, pages = 0, activities = 0, imported = 0,
      error = null, resumes_at = null, lease_owner = null, lease_until = null, started_at = now(),
      finished_at = null, updated_at = now()
    where strava_sync_jobs.state not in ('queued', 'running', 'waiting')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await scaleStravaCadence(db, 1 / STEPS_PER_STRIDE);
}
