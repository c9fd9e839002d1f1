/** SQL for what counts in a runner's totals, and the totals kept on the profile (spec §3). */
import { sql, type ExpressionBuilder } from 'kysely';
import { SAMPLE_SOURCE } from '../../core/activity/samples.ts';
import { activityTime } from './activity-time.ts';
import type { Db } from './db.ts';
import type { Database } from './schema.ts';
import type { SportTotal } from '../../core/activity/sport-totals.ts';

/**
 * What counts in a runner's totals, medals' figures, public counts and running days — the one place
 * this rule is written in SQL: a counted activity (isCounted) that has times (isTimed).
 */
export function countsTowardTotals(eb: ExpressionBuilder<Database, 'activities'>) {
  return eb.and([isCounted(eb), isTimed(eb)]);
}

/**
 * An activity the runner's totals may take, times or not: not a sample run, not a Strava copy hidden
 * behind its upload, and counted: the runner's word when they gave one (core/activity/activity-edit.ts
 * activityCounts), otherwise not flagged as physically implausible unless the runner confirmed it
 * (core/activity/plausibility.ts). The medal rules read these (Planning 5 runs counts routes too);
 * the public profile lists them.
 */
export function isCounted(eb: ExpressionBuilder<Database, 'activities'>) {
  return eb.and([eb('activities.source', '<>', SAMPLE_SOURCE), isCountedOrSample(eb)]);
}

/** core/activity/untimed.ts countsInTotals: an activity without times counts in no total. */
export function isTimed(eb: ExpressionBuilder<Database, 'activities'>) {
  return eb.and([eb('activities.hasTiming', '=', true), eb('activities.movingTime', '>', 0)]);
}

/**
 * What the Charts page draws: what counts, except that sample runs are drawn (labelled as samples
 * on the dashboard and list) until the runner removes them, so a new runner sees what the charts do.
 */
export function isCharted(eb: ExpressionBuilder<Database, 'activities'>) {
  return eb.and([isCountedOrSample(eb), isTimed(eb)]);
}

function isCountedOrSample(eb: ExpressionBuilder<Database, 'activities'>) {
  return eb.and([
    eb('activities.duplicateOf', 'is', null),
    eb.or([
      eb('activities.countedOverride', '=', true),
      eb.and([
        eb('activities.countedOverride', 'is', null),
        eb.or([eb('activities.flagged', '=', false), eb('activities.flagConfirmedAt', 'is not', null)]),
      ]),
    ]),
  ]);
}

/** An implausible run the runner has not confirmed or counted yet: it is not offered until they do. */
export function awaitingConfirmation(eb: ExpressionBuilder<Database, 'activities'>) {
  return eb.and([eb('flagged', '=', true), eb('flagConfirmedAt', 'is', null), eb('countedOverride', 'is', null)]);
}

/** Recomputes the profile's statistics (spec §3) from the activities that count (countsTowardTotals). */
export async function refreshProfileStatistics(db: Db, userId: string, now: Date): Promise<void> {
  const totals = db
    .selectFrom('activities')
    .where('activities.userId', '=', userId)
    .where(countsTowardTotals)
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(sum(distance), 0)`.as('distance'),
      sql<number>`coalesce(sum(elevation_gain), 0)`.as('elevation'),
      sql<number>`coalesce(sum(${activityTime(userId)}), 0)`.as('duration'),
    ]);
  await db
    .updateTable('profiles')
    .from(totals.as('totals'))
    .set((eb) => ({
      totalActivities: eb.ref('totals.count'),
      totalDistance: eb.ref('totals.distance'),
      totalElevation: eb.ref('totals.elevation'),
      totalDuration: eb.ref('totals.duration'),
      updatedAt: now,
    }))
    .where('profiles.userId', '=', userId)
    .execute();
}

/** Uploaded activities only: what a public profile may count (never Strava's data, never samples). */
export async function countUploadedActivities(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('activities')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .where('source', '=', 'upload')
    .where(countsTowardTotals)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The totals of what counts (countsTowardTotals), one row per sport the runner has done; with
 * `started`, only the activities that started in [from, to) (the weekly report's week).
 */
export async function sportTotals(db: Db, userId: string, started?: { from: Date; to: Date }): Promise<SportTotal[]> {
  let query = db.selectFrom('activities').where('activities.userId', '=', userId).where(countsTowardTotals);
  if (started) {
    query = query.where('activities.startDate', '>=', started.from).where('activities.startDate', '<', started.to);
  }
  const rows = await query
    .groupBy('activities.type')
    .select([
      'activities.type',
      sql<number>`count(*)::int`.as('activities'),
      sql<number>`coalesce(sum(distance), 0)`.as('distance'),
      sql<number>`coalesce(sum(elevation_gain), 0)`.as('elevation'),
      sql<number>`coalesce(sum(${activityTime(userId)}), 0)`.as('duration'),
    ])
    .execute();
  return rows.map((row) => ({
    type: row.type,
    activities: Number(row.activities),
    distance: Number(row.distance),
    elevation: Number(row.elevation),
    duration: Number(row.duration),
  }));
}
