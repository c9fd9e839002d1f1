/**
 * SQL for the figures read from tracks: which activities still need their best efforts and
 * heart-rate histogram worked out, storing both, and reading the runner's ranking, progression and
 * one activity's places. Only charted runs rank (isCharted).
 */
import { sql } from 'kysely';
import type { ActivityBestEffort } from '../../core/running/activity-best-efforts.ts';
import { countsTowardTotals, isCharted } from './activity-totals-repository.ts';
import type { ActivityOverrides } from '../../core/activity/activity-corrections.ts';
import type { Db } from './db.ts';

export interface PendingTrackFigures {
  id: string;
  userId: string;
  type: string;
  maxHeartrate: number | null;
  stravaDetail: Record<string, unknown> | null;
  /** When a Strava activity's streams were stored: figures worked out before are stale after. */
  streamsCachedAt: Date | null;
  /** The runner's corrections (core/activity/activity-corrections.ts trackEffortsStand). */
  overrides: ActivityOverrides | null;
}

/**
 * Activities whose track figures (best efforts, heart-rate histogram) are still to be worked out
 * and that have something to work them out from: a track, or a fetched Strava detail (with best
 * efforts, or without: a manual or very short run has none, and is stamped as having none until a
 * track arrives; storing streams clears the stamp). Oldest first; one user's, or everyone's; of
 * the given activities only, when given.
 */
export function findPendingTrackFigures(
  db: Db,
  limit: number,
  userId?: string,
  activityIds?: readonly string[],
): Promise<PendingTrackFigures[]> {
  let query = db
    .selectFrom('activities')
    .select([
      'activities.id',
      'activities.userId',
      'activities.type',
      'activities.maxHeartrate',
      'activities.stravaDetail',
      'activities.streamsCachedAt',
      'activities.overrides',
    ])
    .where('activities.trackFiguresAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('activityTracks')
            .select('activityId')
            .whereRef('activityTracks.activityId', '=', 'activities.id'),
        ),
        eb('activities.stravaDetail', 'is not', null),
      ]),
    )
    .orderBy('activities.createdAt')
    .orderBy('activities.id')
    .limit(limit);
  if (userId !== undefined) {
    query = query.where('activities.userId', '=', userId);
  }
  if (activityIds !== undefined) {
    query = query.where('activities.id', 'in', activityIds);
  }
  return query.execute();
}

export interface TrackFigures {
  efforts: readonly ActivityBestEffort[];
  /** Where the efforts come from. */
  source: 'track' | 'strava';
  heartRateSecondsAtMost: number[] | null;
}

/**
 * Replaces an activity's track figures and stamps it as done, in one transaction, unless its Strava
 * streams were stored since it was read (`streamsCachedAt` changed: figures worked out without
 * them are stale, and it stays pending for the next pass).
 */
export async function saveTrackFigures(
  db: Db,
  activity: { id: string; userId: string; streamsCachedAt: Date | null },
  figures: TrackFigures,
  now: Date,
): Promise<void> {
  const { efforts, source } = figures;
  await db.transaction().execute(async (trx) => {
    const stamped = await trx
      .updateTable('activities')
      .set({ trackFiguresAt: now, heartRateSecondsAtMost: figures.heartRateSecondsAtMost })
      .where('id', '=', activity.id)
      .where('streamsCachedAt', activity.streamsCachedAt === null ? 'is' : '=', activity.streamsCachedAt)
      .executeTakeFirst();
    if (stamped.numUpdatedRows === 0n) {
      return;
    }
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

const BY_SPEED = sql`best_efforts.seconds, activities.start_date, activities.id`;

/** An effort's columns as the rankings show it: the distance, its time and the run it was in. */
const RANKED_COLUMNS = [
  'bestEfforts.distanceId',
  'bestEfforts.seconds',
  'activities.id as activityId',
  'activities.name as activityName',
  'activities.startDateLocal',
] as const;

/** The charted efforts of one runner's distance (the ranking index serves user and distance). */
function effortsOf(db: Db, userId: string, distanceId: string) {
  return db
    .selectFrom('bestEfforts')
    .innerJoin('activities', 'activities.id', 'bestEfforts.activityId')
    .where('bestEfforts.userId', '=', userId)
    .where('bestEfforts.distanceId', '=', distanceId)
    .where(isCharted);
}

/** The fastest `top` efforts of a distance, fastest first (ties: the earlier run first). */
export async function topBestEfforts(
  db: Db,
  userId: string,
  distanceId: string,
  top: number,
): Promise<RankedEffortRow[]> {
  const rows = await effortsOf(db, userId, distanceId).select(RANKED_COLUMNS).orderBy(BY_SPEED).limit(top).execute();
  return rows.map((row, index) => ({ ...row, rank: index + 1 }));
}

/**
 * Where each of an activity's efforts places among the runner's own: 1 + the efforts of that
 * distance that are faster, or as fast and run earlier.
 */
export async function activityBestEffortRanks(db: Db, userId: string, activityId: string): Promise<RankedEffortRow[]> {
  const own = await db
    .selectFrom('bestEfforts')
    .innerJoin('activities', 'activities.id', 'bestEfforts.activityId')
    .where('bestEfforts.userId', '=', userId)
    .where('bestEfforts.activityId', '=', activityId)
    .select([...RANKED_COLUMNS, 'activities.startDate'])
    .execute();
  return Promise.all(
    own.map(async ({ startDate, ...row }) => {
      const faster = await effortsOf(db, userId, row.distanceId)
        .where((eb) =>
          eb.or([
            eb('bestEfforts.seconds', '<', row.seconds),
            eb.and([eb('bestEfforts.seconds', '=', row.seconds), eb('activities.startDate', '<', startDate)]),
          ]),
        )
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return { ...row, rank: Number(faster.n) + 1 };
    }),
  );
}

export interface ProgressionRow {
  seconds: number;
  activityId: string;
  startDateLocal: string;
}

/** Each effort of a distance that was a personal best when it was run, in date order. */
export async function bestEffortProgression(db: Db, userId: string, distanceId: string): Promise<ProgressionRow[]> {
  const withPrevious = effortsOf(db, userId, distanceId).select([
    'bestEfforts.seconds',
    'activities.id as activityId',
    'activities.startDateLocal',
    'activities.startDate',
    sql<
      number | null
    >`min(best_efforts.seconds) over (order by activities.start_date, activities.id rows between unbounded preceding and 1 preceding)`.as(
      'previousBest',
    ),
  ]);
  return db
    .selectFrom(withPrevious.as('efforts'))
    .select(['seconds', 'activityId', 'startDateLocal'])
    .where((eb) => eb.or([eb('previousBest', 'is', null), eb('seconds', '<', eb.ref('previousBest'))]))
    .orderBy('startDate')
    .execute();
}

/** The runner's efforts in runs that count toward totals and started since `since` (samples left out). */
function effortsOfRunsSince(db: Db, userId: string, since: Date) {
  return db
    .selectFrom('bestEfforts')
    .innerJoin('activities', 'activities.id', 'bestEfforts.activityId')
    .where('bestEfforts.userId', '=', userId)
    .where(countsTowardTotals)
    .where('activities.startDate', '>=', since);
}

/** The runner's fastest effort of a distance in runs that started since `since` (samples left out). */
export async function fastestEffortSince(
  db: Db,
  userId: string,
  distanceId: string,
  since: Date,
): Promise<{ seconds: number; startDateLocal: string } | undefined> {
  return effortsOfRunsSince(db, userId, since)
    .where('bestEfforts.distanceId', '=', distanceId)
    .select(['bestEfforts.seconds', 'activities.startDateLocal'])
    .orderBy(BY_SPEED)
    .limit(1)
    .executeTakeFirst();
}

/** Every effort over `distanceIds` in the runner's runs that count toward totals since `since`. */
export async function effortsSince(
  db: Db,
  userId: string,
  distanceIds: readonly string[],
  since: Date,
): Promise<{ distanceId: string; seconds: number; startDateLocal: string }[]> {
  if (distanceIds.length === 0) {
    return [];
  }
  return effortsOfRunsSince(db, userId, since)
    .where('bestEfforts.distanceId', 'in', distanceIds)
    .select(['bestEfforts.distanceId', 'bestEfforts.seconds', 'activities.startDateLocal'])
    .execute();
}
