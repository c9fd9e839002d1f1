/**
 * An interval session's run as a watch running the workout records it, for tests: a point each
 * second due north, a lap for each step (warm-up, each rep and jog, cool-down), each step a whole
 * number of seconds, so every lap's distance and time are known exactly.
 */
import { type GeneratedPoint, METRES_PER_DEGREE_LAT } from '../activity/activity-file-builders.test-support.ts';
import type { PlanTask } from './plan-generation.ts';

/** A session of 6 × 800 m at 4:00/km (0.24 s/m), 7.8 km in all; `overrides` make another of it. */
export const intervalTask = (overrides: Partial<PlanTask> = {}): PlanTask => ({
  id: '2027-02-02-intervals',
  kind: 'intervals',
  distanceM: 7800,
  reps: 6,
  repDistanceM: 800,
  effortM: null,
  pace: 'interval',
  paceSPerM: 0.24,
  minutes: null,
  ...overrides,
});

/** Easy running, 6:00/km: the warm-up, jogs and cool-down. */
export const EASY_S_PER_M = 0.36;

export interface RunPart {
  metres: number;
  /** Whole seconds. */
  seconds: number;
}

/** Warm-up and cool-down of `warmUpM` each, and each rep of `repM` in its seconds, a jog of `jogS` after it. */
export function intervalParts(input: { warmUpM: number; repM: number; repSeconds: readonly number[]; jogS: number }) {
  const easy = (metres: number): RunPart => ({ metres, seconds: Math.round(metres * EASY_S_PER_M) });
  return [
    easy(input.warmUpM),
    ...input.repSeconds.flatMap((seconds) => [
      { metres: input.repM, seconds },
      { metres: input.jogS / EASY_S_PER_M, seconds: input.jogS },
    ]),
    easy(input.warmUpM),
  ];
}

/** The points of the parts run one after another from `start`, and where each part's lap starts. */
export function partsRun(parts: readonly RunPart[], start: number): { points: GeneratedPoint[]; lapStarts: number[] } {
  const point = (second: number, distance: number): GeneratedPoint => ({
    lat: 46.05 + distance / METRES_PER_DEGREE_LAT,
    lon: 14.5,
    time: start + second * 1000,
    elevation: 300,
    heartRate: 150,
    cadence: 88,
    distance,
  });
  const points = [point(0, 0)];
  const lapStarts: number[] = [];
  let second = 0;
  let distance = 0;
  for (const part of parts) {
    lapStarts.push(points.length - 1);
    for (let step = 1; step <= part.seconds; step += 1) {
      points.push(point(second + step, distance + (part.metres * step) / part.seconds));
    }
    second += part.seconds;
    distance += part.metres;
  }
  return { points, lapStarts };
}
