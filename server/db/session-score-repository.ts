/** SQL for scoring plan sessions: the counting runs of some days with their laps. */
import type { LapRecord } from '../../core/activity/schemas.ts';
import type { ScoreLap } from '../../core/training/session-score.ts';
import { countsTowardTotals } from './activity-totals-repository.ts';
import type { Db } from './db.ts';

/** A run with its laps as Stride shows them (core/activity/schemas.ts lapSchema): distance and moving time. */
export interface RunWithLaps {
  id: string;
  /** UTC milliseconds. */
  startDate: number;
  distanceM: number;
  laps: ScoreLap[];
}

/** The counting runs that started between two instants (inclusive), with their laps. */
export async function runsWithLaps(db: Db, userId: string, fromMs: number, toMs: number): Promise<RunWithLaps[]> {
  const rows = await db
    .selectFrom('activities')
    .where('userId', '=', userId)
    .where(countsTowardTotals)
    .where((eb) => eb(eb.fn('lower', ['type']), '=', 'run'))
    .where('startDate', '>=', new Date(fromMs))
    .where('startDate', '<=', new Date(toMs))
    .select(['id', 'startDate', 'distance', 'laps'])
    .orderBy('startDate')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    startDate: new Date(row.startDate).getTime(),
    distanceM: row.distance,
    laps: (row.laps as LapRecord[]).map((lap) => ({
      distanceM: lap.distance,
      seconds: lap.movingTime,
      averageHeartrate: lap.averageHeartrate ?? null,
    })),
  }));
}
