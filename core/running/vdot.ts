/**
 * Daniels–Gilbert running model (J. Daniels and J. Gilbert, "Oxygen Power", 1979; the VDOT tables
 * of J. Daniels, "Daniels' Running Formula"). v is speed in metres per minute, t race time in minutes.
 * - Oxygen cost of running at v: VO2(v) = −4.60 + 0.182258·v + 0.000104·v² (ml/kg/min).
 * - Fraction of VO2max held for t minutes:
 *   %VO2max(t) = 0.8 + 0.1894393·e^(−0.012778·t) + 0.2989558·e^(−0.1932605·t).
 * - VDOT of a race = VO2(d/t) / %VO2max(t).
 */

const VO2_A = -4.6;
const VO2_B = 0.182258;
const VO2_C = 0.000104;

/** ml/kg/min to run at `metresPerMinute`. */
export function oxygenCost(metresPerMinute: number): number {
  return VO2_A + VO2_B * metresPerMinute + VO2_C * metresPerMinute ** 2;
}

/** The speed (m/min) whose oxygen cost is `vo2`: the positive root of the cost quadratic. */
export function speedForOxygenCost(vo2: number): number {
  return (-VO2_B + Math.sqrt(VO2_B ** 2 + 4 * VO2_C * (vo2 - VO2_A))) / (2 * VO2_C);
}

/** The fraction of VO2max a runner sustains for `minutes`. */
export function fractionOfVo2Max(minutes: number): number {
  return 0.8 + 0.1894393 * Math.exp(-0.012778 * minutes) + 0.2989558 * Math.exp(-0.1932605 * minutes);
}

/** VDOT from a race: `metres` run in `seconds`. */
export function vdotFromRace(metres: number, seconds: number): number {
  const minutes = seconds / 60;
  return oxygenCost(metres / minutes) / fractionOfVo2Max(minutes);
}

/**
 * The race time (s) over `metres` that gives `vdot`. VDOT of a fixed distance falls as the time
 * grows, so bisection between 1 minute and 2 days finds the one time to well under a millisecond.
 */
export function raceTimeForVdot(vdot: number, metres: number): number {
  let low = 60;
  let high = 172_800;
  for (let i = 0; i < 60; i += 1) {
    const mid = (low + high) / 2;
    if (vdotFromRace(metres, mid) > vdot) {
      low = mid;
    } else {
      high = mid;
    }
  }
  return (low + high) / 2;
}

export type TrainingZone = 'easy' | 'marathon' | 'threshold' | 'interval' | 'repetition';

export interface TrainingPace {
  zone: TrainingZone;
  label: string;
  /** Seconds per metre; `slowest` is set for a range (easy running). */
  secondsPerMetre: number;
  slowestSecondsPerMetre?: number;
}

/**
 * Intensities as fractions of VDOT (the oxygen cost of the pace over VDOT), as in Daniels' Running
 * Formula: easy 59–74 %, threshold 88 %, interval 98 % (about the pace held for 10–12 minutes),
 * repetition 105 %. Marathon pace is the predicted marathon race pace for the VDOT (about 80 %).
 */
export const TRAINING_INTENSITIES = {
  easy: { fastest: 0.74, slowest: 0.59 },
  threshold: 0.88,
  interval: 0.98,
  repetition: 1.05,
} as const;

export const TRAINING_ZONE_LABELS: Readonly<Record<TrainingZone, string>> = {
  easy: 'Easy',
  marathon: 'Marathon',
  threshold: 'Threshold',
  interval: 'Interval',
  repetition: 'Repetition',
};

const MARATHON_METRES = 42_195;

/** Seconds per metre at the speed whose oxygen cost is `fraction` × VDOT. */
function paceAt(vdot: number, fraction: number): number {
  return 60 / speedForOxygenCost(vdot * fraction);
}

/** The five training paces for a VDOT, slowest zone first. */
export function trainingPaces(vdot: number): TrainingPace[] {
  const pace = (zone: TrainingZone, secondsPerMetre: number, slowest?: number): TrainingPace => ({
    zone,
    label: TRAINING_ZONE_LABELS[zone],
    secondsPerMetre,
    ...(slowest === undefined ? {} : { slowestSecondsPerMetre: slowest }),
  });
  return [
    pace('easy', paceAt(vdot, TRAINING_INTENSITIES.easy.fastest), paceAt(vdot, TRAINING_INTENSITIES.easy.slowest)),
    pace('marathon', raceTimeForVdot(vdot, MARATHON_METRES) / MARATHON_METRES),
    pace('threshold', paceAt(vdot, TRAINING_INTENSITIES.threshold)),
    pace('interval', paceAt(vdot, TRAINING_INTENSITIES.interval)),
    pace('repetition', paceAt(vdot, TRAINING_INTENSITIES.repetition)),
  ];
}
