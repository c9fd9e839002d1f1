/**
 * A runner's long history for the load benchmarks, written straight into the database: `count`
 * activities spread evenly over the ten years before `now` (10,000 is about one every nine hours),
 * as the import leaves them once its track figures are worked out: a heart-rate histogram on each,
 * and each run's 400 m, 1 km, mile and 5K best efforts, a little different each time. Every tenth
 * is a ride. Tracks are not written: none of the reads measured opens one.
 */
import { HEART_RATE_HISTOGRAM_MAX_BPM } from '../../core/running/heart-rate-zones.ts';
import type { Db } from '../../server/db/db.ts';
import { syntheticActivity } from './activity-list.bench.ts';

export const HISTORY_YEARS = 10;
const YEAR_MS = 365.25 * 24 * 3600_000;
const BATCH = 500;
/** Each seeded run's best efforts: distance id and seconds. */
const EFFORTS: readonly [string, number][] = [
  ['400m', 90],
  ['1k', 240],
  ['1mi', 390],
  ['5k', 1260],
];

/** Seconds at ≤ each bpm for `seconds` spread evenly over 120 … 120 + spread bpm. */
export function histogram(seconds: number, spread: number): number[] {
  return Array.from({ length: HEART_RATE_HISTOGRAM_MAX_BPM + 1 }, (_, bpm) =>
    Math.round((seconds * Math.min(Math.max(bpm - 119, 0), spread)) / spread),
  );
}

export async function seedLongHistory(db: Db, userId: string, count: number, now: number): Promise<void> {
  const first = now - HISTORY_YEARS * YEAR_MS;
  const step = (HISTORY_YEARS * YEAR_MS) / Math.max(1, count);
  for (let offset = 0; offset < count; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - offset) }, (_, k) => {
      const index = offset + k;
      const start = new Date(first + index * step);
      const activity = syntheticActivity(userId, index);
      return {
        ...activity,
        startDate: start,
        startDateLocal: start.toISOString().slice(0, 19),
        uploadedAt: start,
        trackFiguresAt: start,
        planMatchedAt: start,
        heartRateSecondsAtMost: histogram(activity.movingTime, 20 + (index % 40)),
      };
    });
    await db.insertInto('activities').values(rows).execute();
    await insertSeededEfforts(db, userId, rows, offset);
  }
}

/**
 * Each run's 400 m, 1 km, mile and 5K best efforts (EFFORTS), a little different each time, for a
 * batch of seeded activities whose first is the `offset`-th.
 */
export async function insertSeededEfforts(
  db: Db,
  userId: string,
  rows: readonly { id: string; type: string }[],
  offset: number,
): Promise<void> {
  const efforts = rows
    .filter((row) => row.type === 'run')
    .flatMap((row, k) =>
      EFFORTS.map(([distanceId, seconds]) => ({
        activityId: row.id,
        userId,
        distanceId,
        seconds: seconds * (1 + ((offset + k) % 37) / 100),
        source: 'track',
      })),
    );
  await db.insertInto('bestEfforts').values(efforts).execute();
}
