/**
 * Activities without times count in no total (core/activity/untimed.ts). The statistics kept on the
 * profile (spec §3) of every runner who has one are worked out again without them, as
 * refreshProfileStatistics does from now on; the other profiles are already right. The rule is
 * written out here as it stood when this ran, so the migration does the same whatever the code later says.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    with counted as (
      select user_id,
        count(*)::int as activities,
        coalesce(sum(distance), 0) as distance,
        coalesce(sum(elevation_gain), 0) as elevation,
        coalesce(sum(moving_time), 0) as duration
      from activities
      where source <> 'placeholder'
        and duplicate_of is null
        and (counted_override = true
          or (counted_override is null and (flagged = false or flag_confirmed_at is not null)))
        and has_timing = true and moving_time > 0
      group by user_id
    )
    update profiles set
      total_activities = coalesce(counted.activities, 0),
      total_distance = coalesce(counted.distance, 0),
      total_elevation = coalesce(counted.elevation, 0),
      total_duration = coalesce(counted.duration, 0)
    from profiles runner
    left join counted on counted.user_id = runner.user_id
    where profiles.user_id = runner.user_id
      and exists (
        select 1 from activities untimed
        where untimed.user_id = runner.user_id and not (untimed.has_timing = true and untimed.moving_time > 0)
      )
  `.execute(db);
}

export async function down(): Promise<void> {
  // The statistics are worked out again on the runner's next activity change, by whichever rule runs.
}
