/**
 * Heart-rate zones: each activity keeps how long its heart rate was at or below each bpm
 * (core/running/heart-rate-zones.ts), so time in zones for any maximum sums in SQL; the runner may
 * set their own maximum heart rate.
 * The histogram is worked out in the same pass as the best efforts, so `best_efforts_at` becomes
 * `track_figures_at` and covers every activity type; it is cleared for activities with a heart rate,
 * so the start-up pass gives the activities imported before this their histogram.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('max_heart_rate', 'integer').execute();
  await sql`alter table activities add column heart_rate_seconds_at_most integer[]`.execute(db);
  await sql`alter table activities rename column best_efforts_at to track_figures_at`.execute(db);
  await sql`drop index activities_best_efforts_todo_idx`.execute(db);
  await sql`create index activities_track_figures_todo_idx on activities (created_at, id) where track_figures_at is null`.execute(
    db,
  );
  await sql`update activities set track_figures_at = null where max_heartrate is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index activities_track_figures_todo_idx`.execute(db);
  await sql`alter table activities rename column track_figures_at to best_efforts_at`.execute(db);
  await sql`create index activities_best_efforts_todo_idx on activities (created_at, id) where best_efforts_at is null and type = 'run'`.execute(
    db,
  );
  await sql`alter table activities drop column heart_rate_seconds_at_most`.execute(db);
  await db.schema.alterTable('profiles').dropColumn('max_heart_rate').execute();
}
