/**
 * Training load per activity, and fitness, fatigue and form over days.
 * - With heart rate: Banister's TRIMP (E. W. Banister, 1991) = minutes × HRr × 0.64 × e^(1.92 × HRr),
 *   HRr = (average HR − resting HR) / (maximum HR − resting HR), clamped to 0…1. 0.64 / 1.92 are
 *   Banister's coefficients for men; for women they are 0.86 / 1.67 (`sex: 'female'`). Men's are
 *   the default, as most published TRIMP figures use them.
 * - Without heart rate, on foot (a run, walk or hike paced as one on foot can be: no faster than
 *   FASTEST_FOOT_PACE_S_PER_KM for its type): an estimate from duration and pace relative to
 *   threshold pace, scaled so that an hour at threshold pace scores what TRIMP gives an hour at
 *   threshold heart rate (HRr THRESHOLD_HEART_RATE_RESERVE): load = TRIMP(60 min at threshold) ×
 *   hours × IF², IF = threshold pace / pace (Coggan's squared intensity factor, as in running TSS).
 *   A running threshold pace says nothing about a ride's or a swim's speed, so it is not used there.
 * - Without heart rate otherwise (a ride, swim or other activity, a foot activity without a
 *   distance, or one faster than a person runs or walks): a duration-only estimate at a stated
 *   moderate intensity, as Runalyze and TrainingPeaks estimate duration-only sessions: TRIMP of the
 *   duration at HRr MODERATE_HEART_RATE_RESERVE (0.5, the middle of ACSM's moderate band of 40–59 %
 *   of heart-rate reserve) = minutes × 0.5 × 0.64 × e^0.96, about 50 an hour (25 for 30 minutes).
 * - Fitness is the 42-day and fatigue the 7-day exponentially weighted average of daily load
 *   (each day: avg += (load − avg) / days); form = fitness − fatigue.
 */

import type { UploadActivityType } from '../activity/parsed.ts';

export type TrimpSex = 'male' | 'female';

export const TRIMP_COEFFICIENTS: Readonly<Record<TrimpSex, { a: number; b: number }>> = {
  male: { a: 0.64, b: 1.92 },
  female: { a: 0.86, b: 1.67 },
};

/** The heart-rate reserve fraction at lactate threshold (about 88 % of reserve). */
export const THRESHOLD_HEART_RATE_RESERVE = 0.88;
/** The heart-rate reserve fraction of a duration-only estimate: moderate intensity. */
export const MODERATE_HEART_RATE_RESERVE = 0.5;
/**
 * The fastest average pace taken as on foot: a run faster than 2:30/km (the 5,000 m world-record
 * pace, 2:31/km) or a walk or hike faster than 3:45/km (the 20 km race-walk record's, 3:50/km) was
 * not done on foot (a ride saved as a run, a GPS fault) and gets the duration-only estimate.
 */
export const FASTEST_FOOT_PACE_S_PER_KM: Readonly<Partial<Record<UploadActivityType, number>>> = {
  run: 150,
  walk: 225,
  hike: 225,
};
export const FITNESS_DAYS = 42;
export const FATIGUE_DAYS = 7;

export interface HeartRateLoadInput {
  seconds: number;
  averageHeartRate: number;
  restingHeartRate: number;
  maxHeartRate: number;
  sex?: TrimpSex;
}

/** Banister TRIMP for a session. */
export function banisterTrimp(input: HeartRateLoadInput): number {
  const { a, b } = TRIMP_COEFFICIENTS[input.sex ?? 'male'];
  const reserve = (input.averageHeartRate - input.restingHeartRate) / (input.maxHeartRate - input.restingHeartRate);
  const hrr = Math.min(1, Math.max(0, reserve));
  return (input.seconds / 60) * hrr * a * Math.exp(b * hrr);
}

/** Load from duration and pace when there is no heart rate (see the scale above). */
export function paceLoad(seconds: number, secondsPerMetre: number, thresholdSecondsPerMetre: number): number {
  const hourAtThreshold = banisterTrimp({
    seconds: 3600,
    averageHeartRate: THRESHOLD_HEART_RATE_RESERVE,
    restingHeartRate: 0,
    maxHeartRate: 1,
  });
  const intensity = thresholdSecondsPerMetre / secondsPerMetre;
  return hourAtThreshold * (seconds / 3600) * intensity ** 2;
}

/** Load from duration alone, at moderate intensity (see the scale above). */
export function durationLoad(seconds: number, sex?: TrimpSex): number {
  return banisterTrimp({
    seconds,
    averageHeartRate: MODERATE_HEART_RATE_RESERVE,
    restingHeartRate: 0,
    maxHeartRate: 1,
    ...(sex ? { sex } : {}),
  });
}

/** Whether an activity's average pace is one its type is done at on foot. */
export function isPacedOnFoot(type: UploadActivityType, seconds: number, metres: number): boolean {
  const fastest = FASTEST_FOOT_PACE_S_PER_KM[type];
  return fastest !== undefined && metres > 0 && seconds > 0 && (seconds / metres) * 1000 >= fastest;
}

export interface ActivityLoadInput {
  type: UploadActivityType;
  seconds: number;
  metres: number;
  averageHeartRate?: number | undefined;
  restingHeartRate: number;
  maxHeartRate: number;
  thresholdSecondsPerMetre: number;
  sex?: TrimpSex;
}

/** TRIMP when the activity has a heart rate, else the pace estimate on foot, else the duration estimate. */
export function activityLoad(input: ActivityLoadInput): number {
  if (input.averageHeartRate !== undefined && Number.isFinite(input.averageHeartRate)) {
    return banisterTrimp({ ...input, averageHeartRate: input.averageHeartRate });
  }
  if (!(input.seconds > 0)) {
    return 0;
  }
  if (isPacedOnFoot(input.type, input.seconds, input.metres)) {
    return paceLoad(input.seconds, input.seconds / input.metres, input.thresholdSecondsPerMetre);
  }
  return durationLoad(input.seconds, input.sex);
}

export interface FitnessDay {
  load: number;
  fitness: number;
  fatigue: number;
  form: number;
}

/** Fitness, fatigue and form after each day's total load (a rest day has load 0). */
export function fitnessSeries(dailyLoads: readonly number[], start = { fitness: 0, fatigue: 0 }): FitnessDay[] {
  let { fitness, fatigue } = start;
  return dailyLoads.map((load) => {
    fitness += (load - fitness) / FITNESS_DAYS;
    fatigue += (load - fatigue) / FATIGUE_DAYS;
    return { load, fitness, fatigue, form: fitness - fatigue };
  });
}
