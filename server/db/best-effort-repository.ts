/**
 * SQL for best efforts: which runs still need theirs worked out, storing them, and reading the
 * runner's ranking, progression and one activity's places. Only charted runs rank (isCharted).
 */
import { sql } from 'kysely';
import type { ActivityBestEffort } from '../../core/running/activity-best-efforts.ts';
import { isCharted } from './activity-totals-repository.ts';
import type { Db } from './db.ts';

export interface PendingBestEfforts {
  id: string;
  userId: string;
  stravaDetail: Record<string, unknown> | null;
}

/**
 * Runs whose best efforts are still to be worked out and that have something to work them out
 * from: a track, or a Strava detail with best efforts. Oldest first; one user's, or everyone's.
 */
export function findPendingBestEfforts(db: Db, limit: number, userId?: string): Promise<PendingBestEfforts[]> {
  let query = db
    .selectFrom('activities')
    .select(['activities.id', 'activities.userId', 'activities.stravaDetail'])
    .where('activities.bestEffortsAt', 'is', null)
    .where('activities.type', '=', 'run')
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('activityTracks')
            .select('activityId')
            .whereRef('activityTracks.activityId', '=', 'activities.id'),
        ),
        sql<boolean>`case when jsonb_typeof(activities.strava_detail -> 'bestEfforts') = 'array' then jsonb_array_length(activities.strava_detail -> 'bestEfforts') > 0 else false end`,
      ]),
    )
    .orderBy('activities.createdAt')
    .orderBy('activities.id')
    .limit(limit);
  if (userId !== undefined) {
    query = query.where('activities.userId', '=', userId);
  }
  return query.execute();
}

/** Replaces an activity's best efforts and stamps it as done, in one transaction. */
export async function saveBestEfforts(
  db: Db,
  activity: { id: string; userId: string },
  efforts: readonly ActivityBestEffort[],
  source: 'track' | 'strava',
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('bestEfforts').where('activityId', '=', activity.id).execute();
    if (efforts.length > 0) {
      await trx
        .insertInto('bestEfforts')
        .values(efforts.map((effort) => ({ activityId: activity.id, userId: activity.userId, source, ...effort })))
        // Two passes may work out the same run at once (an upload's change and the start-up pass).
        .onConflict((oc) =>
          oc.columns(['activityId', 'distanceId']).doUpdateSet((eb) => ({
            seconds: eb.ref('excluded.seconds'),
            source: eb.ref('excluded.source'),
          })),
        )
        .execute();
    }
    await trx.updateTable('activities').set({ bestEffortsAt: now }).where('id', '=', activity.id).execute();
  });
}

export interface RankedEffortRow {
  distanceId: string;
  seconds: number;
  activityId: string;
  activityName: string;
  startDateLocal: string;
  rank: number;
}

/** The runner's efforts of every distance ranked fastest first (ties: the earlier run first). */
function ranked(db: Db, userId: string) {
  return db
    .selectFrom('bestEfforts')
    .innerJoin('activities', 'activities.id', 'bestEfforts.activityId')
    .where('bestEfforts.userId', '=', userId)
    .where(isCharted)
    .select([
      'bestEfforts.distanceId',
      'bestEfforts.seconds',
      'activities.id as activityId',
      'activities.name as activityName',
      'activities.startDateLocal',
      'activities.startDate',
      sql<string>`row_number() over (partition by best_efforts.distance_id order by best_efforts.seconds, activities.start_date, activities.id)`.as(
        'rank',
      ),
    ]);
}

/** The fastest `top` efforts of each distance. */
export async function topBestEfforts(db: Db, userId: string, top: number): Promise<RankedEffortRow[]> {
  const rows = await db
    .selectFrom(ranked(db, userId).as('ranked'))
    .selectAll()
    .where(sql<boolean>`rank <= ${top}`)
    .orderBy('distanceId')
    .orderBy('rank')
    .execute();
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}

/** Where each of an activity's efforts places among the runner's own. */
export async function activityBestEffortRanks(db: Db, userId: string, activityId: string): Promise<RankedEffortRow[]> {
  const rows = await db
    .selectFrom(ranked(db, userId).as('ranked'))
    .selectAll()
    .where('activityId', '=', activityId)
    .execute();
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}

export interface ProgressionRow {
  distanceId: string;
  seconds: number;
  activityId: string;
  startDateLocal: string;
}

/** Each effort that was a personal best when it was run, in date order, per distance. */
export async function bestEffortProgression(db: Db, userId: string): Promise<ProgressionRow[]> {
  const withPrevious = db
    .selectFrom('bestEfforts')
    .innerJoin('activities', 'activities.id', 'bestEfforts.activityId')
    .where('bestEfforts.userId', '=', userId)
    .where(isCharted)
    .select([
      'bestEfforts.distanceId',
      'bestEfforts.seconds',
      'activities.id as activityId',
      'activities.startDateLocal',
      'activities.startDate',
      sql<
        number | null
      >`min(best_efforts.seconds) over (partition by best_efforts.distance_id order by activities.start_date, activities.id rows between unbounded preceding and 1 preceding)`.as(
        'previousBest',
      ),
    ]);
  return db
    .selectFrom(withPrevious.as('efforts'))
    .select(['distanceId', 'seconds', 'activityId', 'startDateLocal'])
    .where((eb) => eb.or([eb('previousBest', 'is', null), eb('seconds', '<', eb.ref('previousBest'))]))
    .orderBy('distanceId')
    .orderBy('startDate')
    .execute();
}
