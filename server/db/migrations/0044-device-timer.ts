/**
 * The device's own timer beside Stride's moving time: each activity keeps the timer's seconds
 * (null when its file carries none: GPX, manual entries, Strava), and each runner chooses which of
 * the two an activity's time, pace and their totals use ('device': the timer where there is one).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').addColumn('timer_time', 'double precision').execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('activity_time', 'text', (col) =>
      col
        .notNull()
        .defaultTo('device')
        .check(sql`activity_time in ('device', 'moving')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('activity_time').execute();
  await db.schema.alterTable('activities').dropColumn('timer_time').execute();
}
