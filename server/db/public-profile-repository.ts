/**
 * SQL for what a public profile shows: only uploaded activities that count (Strava's agreement
 * keeps Strava data to its athlete — DESIGN.md "Data rules"), and the medals not earned by a
 * Strava activity. Every query is scoped by the profile owner's id.
 */
import { sql } from 'kysely';
import type { PublicTotals } from '../../core/profile-privacy.ts';
import { countsTowardTotals, isCounted } from './activity-totals-repository.ts';
import { activityTime } from './activity-time.ts';
import type { Db } from './db.ts';

export async function uploadedTotals(db: Db, userId: string): Promise<PublicTotals> {
  const row = await db
    .selectFrom('activities')
    .where('activities.userId', '=', userId)
    .where('activities.source', '=', 'upload')
    .where(countsTowardTotals)
    .select([
      sql<number>`count(*)::int`.as('activities'),
      sql<number>`coalesce(sum(distance), 0)`.as('distance'),
      sql<number>`coalesce(sum(${activityTime(userId)}), 0)`.as('movingTime'),
      sql<number>`coalesce(sum(elevation_gain), 0)`.as('elevationGain'),
    ])
    .executeTakeFirstOrThrow();
  return {
    activities: Number(row.activities),
    distance: Number(row.distance),
    movingTime: Number(row.movingTime),
    elevationGain: Number(row.elevationGain),
  };
}

/** The newest counted uploaded activities (isCounted: with times or not), newest first. */
export function recentUploadedActivities(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('activities')
    .select([
      'id',
      'name',
      'type',
      'startDate',
      'distance',
      activityTime(userId).as('movingTime'),
      'elevationGain',
      'hasTiming',
    ])
    .where('activities.userId', '=', userId)
    .where('activities.source', '=', 'upload')
    .where(isCounted)
    .orderBy('activities.startDate', 'desc')
    .orderBy('activities.id')
    .limit(limit)
    .execute();
}

/** Earned medals, newest first, leaving out those a Strava activity earned. */
export function publicMedals(db: Db, userId: string) {
  return db
    .selectFrom('userMedals')
    .leftJoin('activities', 'activities.id', 'userMedals.activityId')
    .select(['userMedals.medalId', 'userMedals.title', 'userMedals.type', 'userMedals.earnedAt'])
    .where('userMedals.userId', '=', userId)
    .where((eb) => eb.or([eb('activities.source', 'is', null), eb('activities.source', '<>', 'strava')]))
    .orderBy('userMedals.earnedAt', 'desc')
    .orderBy('userMedals.medalId')
    .execute();
}
