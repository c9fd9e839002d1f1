/**
 * Training load on the Charts page: one load per activity (core/running/training-load.ts: Banister
 * TRIMP when the activity has an average heart rate, else the duration-and-pace estimate on foot or
 * the moderate duration-only estimate for rides, swims and the rest), summed
 * per local day, and fitness (42-day), fatigue (7-day) and form lines over the days.
 * What the formulas need and Stride does not ask for is assumed and shown as such:
 * - maximum heart rate: the one the runner set in Account, else the highest their activities
 *   recorded, else DEFAULT_MAX_HEART_RATE (the heart-rate zones use the same);
 * - resting heart rate: ASSUMED_RESTING_HEART_RATE;
 * - threshold pace (for activities without heart rate): ASSUMED_THRESHOLD_PACE_S_PER_KM.
 * The lines start LOAD_WARM_UP_DAYS before the range shown, so fitness is not drawn from zero.
 */
import type { UploadActivityType } from '../activity/parsed.ts';
import { addDays, daysBetween } from '../medals/streak.ts';
import { activityLoad, fitnessSeries } from '../running/training-load.ts';

export const DEFAULT_MAX_HEART_RATE = 190;
export const ASSUMED_RESTING_HEART_RATE = 60;
/** 5:00/km: a recreational runner's threshold pace. */
export const ASSUMED_THRESHOLD_PACE_S_PER_KM = 300;
export const LOAD_WARM_UP_DAYS = 120;

export interface LoadActivity {
  /** Local day, "YYYY-MM-DD". */
  date: string;
  type: UploadActivityType;
  movingTime: number;
  distance: number;
  averageHeartrate: number | null;
}

export interface LoadDay {
  date: string;
  load: number;
  fitness: number;
  fatigue: number;
  form: number;
}

export interface LoadAssumptions {
  maxHeartRate: number;
  /** Whether the runner set the maximum, their activities recorded it ('seen'), or it is the default. */
  maxHeartRateSource: MaxHeartRateSource;
  restingHeartRate: number;
}

export const MAX_HEART_RATE_SOURCES = ['set', 'seen', 'default'] as const;
export type MaxHeartRateSource = (typeof MAX_HEART_RATE_SOURCES)[number];

export function loadAssumptions(maximum: { set: number | null; highestSeen: number | null }): LoadAssumptions {
  const { set, highestSeen } = maximum;
  const seen = highestSeen !== null && highestSeen > ASSUMED_RESTING_HEART_RATE;
  const restingHeartRate = ASSUMED_RESTING_HEART_RATE;
  if (set !== null) {
    return { maxHeartRate: set, maxHeartRateSource: 'set', restingHeartRate };
  }
  return seen
    ? { maxHeartRate: Math.round(highestSeen), maxHeartRateSource: 'seen', restingHeartRate }
    : { maxHeartRate: DEFAULT_MAX_HEART_RATE, maxHeartRateSource: 'default', restingHeartRate };
}

/** One activity's training load under the assumptions (core/running/training-load.ts activityLoad). */
export function loadOfActivity(activity: Omit<LoadActivity, 'date'>, assumptions: LoadAssumptions): number {
  return activityLoad({
    type: activity.type,
    seconds: activity.movingTime,
    metres: activity.distance,
    averageHeartRate: activity.averageHeartrate ?? undefined,
    restingHeartRate: assumptions.restingHeartRate,
    maxHeartRate: assumptions.maxHeartRate,
    thresholdSecondsPerMetre: ASSUMED_THRESHOLD_PACE_S_PER_KM / 1000,
  });
}

/** One activity's load on its local day, "YYYY-MM-DD" (as stored once it was worked out). */
export interface DatedLoad {
  date: string;
  load: number;
}

/**
 * Daily load (the sum of the day's activity loads) and the fitness/fatigue/form lines from
 * `warmUpFrom` to `to`, returning only the days from `from` on. Loads outside the days are ignored.
 */
export function loadLinesOf(
  loads: readonly DatedLoad[],
  days: { warmUpFrom: string; from: string; to: string },
): LoadDay[] {
  const count = daysBetween(days.warmUpFrom, days.to) + 1;
  if (count <= 0) {
    return [];
  }
  const daily = new Array<number>(count).fill(0);
  for (const { date, load } of loads) {
    const index = daysBetween(days.warmUpFrom, date);
    if (index < 0 || index >= count) {
      continue;
    }
    daily[index] = (daily[index] ?? 0) + load;
  }
  const skip = Math.max(0, daysBetween(days.warmUpFrom, days.from));
  return fitnessSeries(daily)
    .map((day, index) => ({ date: addDays(days.warmUpFrom, index), ...day }))
    .slice(skip);
}

/** {@link loadLinesOf} of the activities, each load worked out under the assumptions. */
export function loadLines(
  activities: readonly LoadActivity[],
  assumptions: LoadAssumptions,
  days: { warmUpFrom: string; from: string; to: string },
): LoadDay[] {
  return loadLinesOf(
    activities.map((activity) => ({ date: activity.date, load: loadOfActivity(activity, assumptions) })),
    days,
  );
}
