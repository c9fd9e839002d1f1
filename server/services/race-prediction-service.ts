/** The runner's race predictions and their trend, from their recent best efforts (core/training/race-prediction.ts). */
import { knownTimeZone, localDate } from '../../core/activity/time-zone.ts';
import { BEST_EFFORT_DISTANCES } from '../../core/running/best-efforts.ts';
import { localDayStartUtc } from '../../core/training/local-day.ts';
import { PACE_EFFORT_DISTANCES } from '../../core/training/plan-paces.ts';
import { predictionHistoryStart, predictRaces, type RacePredictions } from '../../core/training/race-prediction.ts';
import { effortsSince } from '../db/best-effort-repository.ts';
import type { TrainingContext } from './goal-service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function racePredictions(
  context: TrainingContext,
  userId: string,
  timeZone?: string,
): Promise<RacePredictions> {
  const zone = knownTimeZone(timeZone);
  const today = localDate(context.clock.now(), zone);
  const distances = BEST_EFFORT_DISTANCES.filter((distance) => PACE_EFFORT_DISTANCES.includes(distance.id));
  // A day early: the window is counted in the runs' own local days, which the core compares.
  const since = new Date(localDayStartUtc(predictionHistoryStart(today), zone) - DAY_MS);
  const rows = await effortsSince(
    context.db,
    userId,
    distances.map((distance) => distance.id),
    since,
  );
  const byId = new Map(distances.map((distance) => [distance.id, distance]));
  const efforts = rows.flatMap((row) => {
    const distance = byId.get(row.distanceId);
    return distance
      ? [
          {
            label: distance.label,
            metres: distance.metres,
            seconds: row.seconds,
            date: row.startDateLocal.slice(0, 10),
          },
        ]
      : [];
  });
  return predictRaces(efforts, today);
}
