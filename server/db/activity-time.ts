/**
 * The seconds an activity's time, pace and every total of time use, chosen at read time by its
 * owner's Account setting (core/profile.ts ACTIVITY_TIMES): the device's own timer where the file
 * carried one and the runner keeps the default, else Stride's moving time. The runner's setting is
 * read once per query (an uncorrelated subquery on their own profile).
 */
import { sql, type RawBuilder } from 'kysely';

/** The chosen seconds of each row of `activities` of the runner `userId`. */
export function activityTime(userId: string): RawBuilder<number> {
  return sql<number>`(case when activities.timer_time is not null and coalesce((select profiles.activity_time from profiles where profiles.user_id = ${userId}), 'device') = 'device' then activities.timer_time else activities.moving_time end)`;
}
