/** SQL for the per-user analytics record (spec §3, collection userAnalytics). */
import { sql } from 'kysely';
import type { AnalyticsStreak } from '../../core/medals/streak.ts';
import { countsTowardTotals } from './activity-totals-repository.ts';
import type { Db } from './db.ts';
import type { UserAnalyticsRow } from './schema.ts';

export function findAnalytics(db: Db, userId: string): Promise<UserAnalyticsRow | undefined> {
  return db.selectFrom('userAnalytics').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** Creates the record unless it exists; returns whether it was created. */
export async function insertAnalyticsIfMissing(
  db: Db,
  userId: string,
  streak: AnalyticsStreak,
  totalMedals: number,
): Promise<boolean> {
  const result = await db
    .insertInto('userAnalytics')
    .values((eb) => ({
      userId,
      streakCurrent: streak.current,
      streakLongest: streak.longest,
      streakLastActiveDate: streak.lastActiveDate,
      totalMedals,
      // Medals awarded before the record existed (an upload's reactions run before the first session).
      medalsEarned: eb
        .selectFrom('userMedals')
        .select(eb.fn.countAll<number>().as('count'))
        .where('userId', '=', userId),
      totalSessions: 1,
    }))
    .onConflict((conflict) => conflict.column('userId').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export interface AnalyticsChange {
  streak?: AnalyticsStreak;
  addSessions?: number;
  addMinutesPlanning?: number;
  addScreenshots?: number;
  medalsEarned?: number;
}

export async function updateAnalytics(
  db: Db,
  userId: string,
  change: AnalyticsChange,
  now: Date,
): Promise<UserAnalyticsRow | undefined> {
  return db
    .updateTable('userAnalytics')
    .set((eb) => ({
      lastActive: now,
      lastUpdated: now,
      ...(change.streak && {
        streakCurrent: change.streak.current,
        streakLongest: change.streak.longest,
        streakLastActiveDate: change.streak.lastActiveDate,
      }),
      ...(change.addSessions && { totalSessions: eb('totalSessions', '+', change.addSessions) }),
      ...(change.addMinutesPlanning && {
        minutesSpentPlanning: eb('minutesSpentPlanning', '+', change.addMinutesPlanning),
      }),
      ...(change.addScreenshots && { screenshotsTaken: eb('screenshotsTaken', '+', change.addScreenshots) }),
      ...(change.medalsEarned !== undefined && { medalsEarned: change.medalsEarned }),
    }))
    .where('userId', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export interface RunningDayRow {
  date: string;
  runs: number;
  distance: number;
}

/**
 * Runs per local day from `from` to `to` (inclusive), of the activities that count
 * (countsTowardTotals: with times).
 */
export async function runningDays(db: Db, userId: string, from: string, to: string): Promise<RunningDayRow[]> {
  const rows = await db
    .selectFrom('activities')
    .select([
      sql<string>`substr(start_date_local, 1, 10)`.as('date'),
      (eb) => eb.fn.countAll<string>().as('runs'),
      (eb) => eb.fn.sum<string>('distance').as('distance'),
    ])
    .where('userId', '=', userId)
    .where('type', '=', 'run')
    .where(countsTowardTotals)
    .where('startDateLocal', '>=', from)
    .where('startDateLocal', '<=', `${to}T23:59:59`)
    .groupBy(sql`substr(start_date_local, 1, 10)`)
    .orderBy('date')
    .execute();
  return rows.map((row) => ({ date: row.date, runs: Number(row.runs), distance: Number(row.distance) }));
}
