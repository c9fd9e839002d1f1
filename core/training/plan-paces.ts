/**
 * The paces a new plan's tasks are run at. From the runner's recent best efforts when there are
 * any: the best VDOT (Daniels–Gilbert, core/running/vdot.ts) among their fastest mile, 5K, 10K,
 * half and marathon of the last PACE_HISTORY_DAYS days, and that VDOT's training paces (easy taken
 * in the middle of its range). Shorter efforts are left out: a 400 m flat out says little about
 * endurance and would make every pace too fast. Without any, from the goal's race target
 * (`fallbackPacesFromRaceTime`).
 */
import { trainingPaces, vdotFromRace } from '../running/vdot.ts';
import { fallbackPacesFromRaceTime, type TrainingPaces } from './paces.ts';

export const PACE_HISTORY_DAYS = 180;
/** Best-effort distances a VDOT is taken from. */
export const PACE_EFFORT_DISTANCES: readonly string[] = ['1mi', '5k', '10k', 'half', 'marathon'];

export interface RecentEffort {
  label: string;
  metres: number;
  seconds: number;
  date: string;
}

export interface ChosenPaces {
  paces: TrainingPaces;
  /** A recent best effort (VDOT), the goal's target time (Riegel), or given with the request. */
  source: 'best-effort' | 'goal' | 'given';
  vdot: number | null;
  effort: { label: string; seconds: number; date: string } | null;
}

/** The paces of the best VDOT among the efforts (see the module comment); null without any. */
export function bestEffortPaces(efforts: readonly RecentEffort[]): ChosenPaces | null {
  let best: { vdot: number; effort: RecentEffort } | null = null;
  for (const effort of efforts) {
    if (!(effort.metres > 0) || !(effort.seconds > 0)) {
      continue;
    }
    const vdot = vdotFromRace(effort.metres, effort.seconds);
    if (Number.isFinite(vdot) && (best === null || vdot > best.vdot)) {
      best = { vdot, effort };
    }
  }
  if (best === null) {
    return null;
  }
  const byZone = new Map(trainingPaces(best.vdot).map((pace) => [pace.zone, pace]));
  const pace = (zone: 'marathon' | 'threshold' | 'interval' | 'repetition') => byZone.get(zone)?.secondsPerMetre ?? 0;
  const easy = byZone.get('easy');
  return {
    paces: {
      easy: easy ? (easy.secondsPerMetre + (easy.slowestSecondsPerMetre ?? easy.secondsPerMetre)) / 2 : 0,
      marathon: pace('marathon'),
      threshold: pace('threshold'),
      interval: pace('interval'),
      repetition: pace('repetition'),
    },
    source: 'best-effort',
    vdot: Math.round(best.vdot * 10) / 10,
    effort: { label: best.effort.label, seconds: best.effort.seconds, date: best.effort.date },
  };
}

export function planPaces(
  efforts: readonly RecentEffort[],
  goal: { raceDistanceM: number; targetTimeS: number },
): ChosenPaces {
  return (
    bestEffortPaces(efforts) ?? {
      paces: fallbackPacesFromRaceTime(goal.raceDistanceM, goal.targetTimeS),
      source: 'goal',
      vdot: null,
      effort: null,
    }
  );
}
