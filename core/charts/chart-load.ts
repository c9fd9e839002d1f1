/**
 * Training load on the Charts page: one load per activity (core/running/training-load.ts: Banister
 * TRIMP when the activity has an average heart rate, else the duration-and-pace estimate on foot or
 * the moderate duration-only estimate for rides, swims and the rest), summed
 * per local day, and fitness (42-day), fatigue (7-day) and form lines over the days.
 * What the formulas need comes from the runner's settings (Account → Heart rate), and what they
 * did not set is assumed and shown as such:
 * - maximum heart rate: the one the runner set, else the highest their activities recorded, else
 *   DEFAULT_MAX_HEART_RATE (the heart-rate zones use the same);
 * - resting heart rate: the runner's, else ASSUMED_RESTING_HEART_RATE;
 * - threshold pace (for activities without heart rate): the runner's, else
 *   ASSUMED_THRESHOLD_PACE_S_PER_KM.
 * The lines start LOAD_WARM_UP_DAYS before the range shown, so fitness is not drawn from zero.
 */
import type { UploadActivityType } from '../activity/parsed.ts';
import { addDays, daysBetween } from '../calendar-days.ts';
import { activityLoad, fitnessSeries } from '../running/training-load.ts';

export const DEFAULT_MAX_HEART_RATE = 190;
export const ASSUMED_RESTING_HEART_RATE = 60;
/** 5:00/km: a recreational runner's threshold pace. */
export const ASSUMED_THRESHOLD_PACE_S_PER_KM = 300;
/**
 * A threshold pace a runner may set, in seconds per km: 2:30/km (faster than the 10,000 m world
 * record's 2:37/km, an elite's threshold is slower) to 10:00/km (a brisk walk).
 */
export const THRESHOLD_PACE_LIMITS_S_PER_KM = { min: 150, max: 600 } as const;
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
  restingHeartRateSource: SettingSource;
  thresholdPaceSecondsPerKm: number;
  thresholdPaceSource: SettingSource;
}

export const MAX_HEART_RATE_SOURCES = ['set', 'seen', 'default'] as const;
export type MaxHeartRateSource = (typeof MAX_HEART_RATE_SOURCES)[number];
/** Whether the runner set a value or it is core's assumption. */
export const SETTING_SOURCES = ['set', 'assumed'] as const;
export type SettingSource = (typeof SETTING_SOURCES)[number];

export function loadAssumptions(settings: {
  set: number | null;
  highestSeen: number | null;
  restingHeartRate?: number | null;
  thresholdPaceSecondsPerKm?: number | null;
}): LoadAssumptions {
  const { set, highestSeen } = settings;
  const resting = settings.restingHeartRate ?? null;
  const pace = settings.thresholdPaceSecondsPerKm ?? null;
  const restingHeartRate = resting ?? ASSUMED_RESTING_HEART_RATE;
  const others = {
    restingHeartRate,
    restingHeartRateSource: resting === null ? 'assumed' : 'set',
    thresholdPaceSecondsPerKm: pace ?? ASSUMED_THRESHOLD_PACE_S_PER_KM,
    thresholdPaceSource: pace === null ? 'assumed' : 'set',
  } as const;
  const seen = highestSeen !== null && highestSeen > restingHeartRate;
  if (set !== null) {
    return { maxHeartRate: set, maxHeartRateSource: 'set', ...others };
  }
  return seen
    ? { maxHeartRate: Math.round(highestSeen), maxHeartRateSource: 'seen', ...others }
    : { maxHeartRate: DEFAULT_MAX_HEART_RATE, maxHeartRateSource: 'default', ...others };
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
    thresholdSecondsPerMetre: assumptions.thresholdPaceSecondsPerKm / 1000,
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
