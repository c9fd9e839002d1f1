/**
 * The training paces a plan's tasks are run at, in seconds per metre. A later step fills them from
 * the VDOT model (core/running/vdot.ts); plans take them as a parameter. Only when no paces are given
 * does `fallbackPacesFromRaceTime` derive them from the goal's race target by a deliberately simple
 * rule, documented below, so a plan never lacks a pace.
 */
import { z } from 'zod';

export const TRAINING_PACE_KINDS = ['easy', 'marathon', 'threshold', 'interval', 'repetition'] as const;
export type TrainingPaceKind = (typeof TRAINING_PACE_KINDS)[number];
/** Seconds per metre for each kind of effort. */
export type TrainingPaces = Readonly<Record<TrainingPaceKind, number>>;

/** 1 s/km to 20 min/km: anything outside is not a running pace. */
const paceSPerM = z.number().min(0.06).max(1.2);
export const trainingPacesSchema = z.object({
  easy: paceSPerM,
  marathon: paceSPerM,
  threshold: paceSPerM,
  interval: paceSPerM,
  repetition: paceSPerM,
});

/** Riegel's endurance exponent: time grows with distance to the power 1.06. */
export const RIEGEL_EXPONENT = 1.06;
const REFERENCE_DISTANCE_M = 10_000;
/**
 * Each pace as a multiple of the runner's equivalent 10K race pace, rounded from the common
 * coaching tables: repetitions a little faster than 5K pace, intervals about 5K pace, threshold
 * about one-hour race pace, marathon pace, and easy runs about 30 % slower than 10K pace.
 */
export const FALLBACK_PACE_FACTORS: Readonly<Record<TrainingPaceKind, number>> = {
  repetition: 0.92,
  interval: 0.96,
  threshold: 1.03,
  marathon: 1.12,
  easy: 1.3,
};

/**
 * Fallback only, when no VDOT paces are known: predict a 10K time from the race target with
 * Riegel's formula t₂ = t₁ · (d₂ / d₁)^1.06, take its pace, and scale it by FALLBACK_PACE_FACTORS.
 */
export function fallbackPacesFromRaceTime(raceDistanceM: number, raceTimeS: number): TrainingPaces {
  if (!(raceDistanceM > 0) || !(raceTimeS > 0)) {
    throw new RangeError('A race distance and time greater than 0 are needed to derive paces.');
  }
  const tenKTimeS = raceTimeS * (REFERENCE_DISTANCE_M / raceDistanceM) ** RIEGEL_EXPONENT;
  const tenKPace = tenKTimeS / REFERENCE_DISTANCE_M;
  const paces = {} as Record<TrainingPaceKind, number>;
  for (const kind of TRAINING_PACE_KINDS) {
    paces[kind] = tenKPace * FALLBACK_PACE_FACTORS[kind];
  }
  return paces;
}
