/**
 * Race predictions from the runner's recent best efforts, by the calculators' two models: the best
 * VDOT (Daniels–Gilbert) among the mile, 5K, 10K, half and marathon efforts of the last
 * PREDICTION_WINDOW_DAYS days gives each race's VDOT time, and Riegel's formula carries the same
 * effort to each race. Shorter efforts are left out, as for a plan's paces (plan-paces.ts). The
 * trend is the same prediction as it stood at the end of each of the last PREDICTION_TREND_WEEKS
 * weeks, each from the efforts of the window before it.
 */
import { riegelTime } from '../running/riegel.ts';
import { raceTimeForVdot, vdotFromRace } from '../running/vdot.ts';
import { addDays } from './local-day.ts';
import { RACE_DISTANCE_METRES, RACE_DISTANCES, type RaceDistance } from './plan-templates.ts';
import type { RecentEffort } from './plan-paces.ts';

/** How far back an effort counts: twelve weeks, about one training block. */
export const PREDICTION_WINDOW_DAYS = 84;
/** Weeks in the trend, this week last. */
export const PREDICTION_TREND_WEEKS = 12;

export interface RacePrediction {
  race: RaceDistance;
  vdotSeconds: number;
  riegelSeconds: number;
}

export interface RacePredictions {
  /** The effort the predictions come from; null without one in the window. */
  basis: (RecentEffort & { vdot: number }) | null;
  races: RacePrediction[];
  /** The best VDOT at the end of each trend week (YYYY-MM-DD, oldest first); null where there was none. */
  trend: { weekEnd: string; vdot: number | null }[];
}

/** The effort with the best VDOT among those dated within the window that ends on `day`. */
function bestEffortOn(efforts: readonly RecentEffort[], day: string): (RecentEffort & { vdot: number }) | null {
  const from = addDays(day, -(PREDICTION_WINDOW_DAYS - 1));
  let best: (RecentEffort & { vdot: number }) | null = null;
  for (const effort of efforts) {
    if (effort.date < from || effort.date > day || !(effort.metres > 0) || !(effort.seconds > 0)) {
      continue;
    }
    const vdot = vdotFromRace(effort.metres, effort.seconds);
    if (Number.isFinite(vdot) && (best === null || vdot > best.vdot)) {
      best = { ...effort, vdot };
    }
  }
  return best;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The predictions on `today` (the runner's local day) from `efforts` (dated by their local day). */
export function predictRaces(efforts: readonly RecentEffort[], today: string): RacePredictions {
  const basis = bestEffortOn(efforts, today);
  const races = basis
    ? RACE_DISTANCES.map((race) => ({
        race,
        vdotSeconds: Math.round(raceTimeForVdot(basis.vdot, RACE_DISTANCE_METRES[race])),
        riegelSeconds: Math.round(riegelTime(basis.seconds, basis.metres, RACE_DISTANCE_METRES[race])),
      }))
    : [];
  const trend = Array.from({ length: PREDICTION_TREND_WEEKS }, (_, index) => {
    const weekEnd = addDays(today, -7 * (PREDICTION_TREND_WEEKS - 1 - index));
    const best = bestEffortOn(efforts, weekEnd);
    return { weekEnd, vdot: best ? oneDecimal(best.vdot) : null };
  });
  return { basis: basis && { ...basis, vdot: oneDecimal(basis.vdot) }, races, trend };
}

/** The first day whose efforts the predictions of `today` (trend included) can use. */
export function predictionHistoryStart(today: string): string {
  return addDays(today, -(7 * (PREDICTION_TREND_WEEKS - 1) + PREDICTION_WINDOW_DAYS - 1));
}
