/**
 * How a plan task reads, in the runner's units: a short title ("Easy 6 km", "6×800 m at interval
 * pace", "Long run 18 km") for the day list and the calendar, and a sentence with the target pace.
 * Repetition distances stay in metres for everyone, as on a track.
 */
import type { UnitSystem } from '../unit-system.ts';
import { distanceUnitLabel } from '../units.ts';
import { DEFAULT_LOCALE, formatDay, formatDuration, formatPacePerMetre } from '../format.ts';
import { formatGoalDistance } from './goal-progress.ts';
import type { PlanTask, WeekOneBasis } from './plan-generation.ts';
import {
  CATCH_UP_GROWTH,
  QUALITY_WARM_UP_M,
  RACE_DISTANCE_LABELS,
  RECENT_VOLUME_WEEKS,
  type RaceDistance,
} from './plan-templates.ts';

function distance(metres: number, units: UnitSystem): string {
  return `${formatGoalDistance(metres, units)} ${distanceUnitLabel(units)}`;
}

/** The task's short title. */
export function taskTitle(task: PlanTask, units: UnitSystem): string {
  const pace = task.pace ?? '';
  switch (task.kind) {
    case 'easy':
      return `Easy ${distance(task.distanceM ?? 0, units)}`;
    case 'long':
      return `Long run ${distance(task.distanceM ?? 0, units)}`;
    case 'intervals':
    case 'repetition':
      return `${task.reps}×${task.repDistanceM} m at ${pace} pace`;
    case 'tempo':
      return `Tempo ${distance(task.effortM ?? 0, units)} at ${pace} pace`;
    case 'marathon-pace':
      return `${distance(task.effortM ?? 0, units)} at marathon pace`;
    case 'race':
      return `Race ${distance(task.distanceM ?? 0, units)}`;
    case 'rest':
      return 'Rest';
    case 'strength':
      return `Strength ${task.minutes} min`;
    case 'stretching':
      return `Stretching ${task.minutes} min`;
  }
}

/** A repetition's own time at its pace, written per rep: "400 m in 1:46"; null without a pace. */
export function perRepText(task: Pick<PlanTask, 'repDistanceM' | 'paceSPerM'>): string | null {
  if (task.repDistanceM === null || task.paceSPerM === null || task.repDistanceM <= 0) {
    return null;
  }
  return `${task.repDistanceM} m in ${formatDuration(task.repDistanceM * task.paceSPerM)}`;
}

/** One sentence on how to do the task, with its pace (and, for repetitions, the time of each). */
export function taskDescription(task: PlanTask, units: UnitSystem): string {
  const pace = task.paceSPerM === null ? '' : ` at ${formatPacePerMetre(task.paceSPerM, units)}`;
  const warmUp = `with ${distance(QUALITY_WARM_UP_M / 2, units)} easy warm-up and cool-down`;
  switch (task.kind) {
    case 'easy':
    case 'long':
      return `Run ${distance(task.distanceM ?? 0, units)} conversationally${pace}.`;
    case 'intervals':
    case 'repetition': {
      const perRep = perRepText(task);
      return `${task.reps} × ${task.repDistanceM} m${pace}${perRep ? ` (${perRep})` : ''}, equal time jogging between, ${warmUp}.`;
    }
    case 'tempo':
    case 'marathon-pace':
      return `${distance(task.effortM ?? 0, units)} continuous${pace}, ${warmUp}.`;
    case 'race':
      return `Race day: ${distance(task.distanceM ?? 0, units)}${pace}. Good luck!`;
    case 'rest':
      return 'No running today; let the training sink in.';
    case 'strength':
      return `${task.minutes} minutes of squats, lunges, calf raises, planks and glute bridges.`;
    case 'stretching':
      return `${task.minutes} minutes of the stretching routine after your run.`;
  }
}

/** Weekday names by JavaScript's numbering (0 Sunday … 6 Saturday), as a plan's long-run day. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Half marathon plan". */
export function planName(race: RaceDistance): string {
  const label = RACE_DISTANCE_LABELS[race];
  return `${label.charAt(0).toUpperCase()}${label.slice(1)} plan`;
}

/** A plan's title: "Half marathon plan, race day 18 Mar 2027" (en-GB), "…, race day Mar 18, 2027" (en-US). */
export function planTitle(race: RaceDistance, raceDate: string, locale: string = DEFAULT_LOCALE): string {
  return `${planName(race)}, race day ${formatDay(raceDate, locale)}`;
}

/**
 * What the plan's week 1 was based on, said on the plan: the runner's recent running it follows,
 * or why it is the plan's own first week.
 */
export function weekOneBasisText(basis: WeekOneBasis, units: UnitSystem): string {
  const weeks = `your last ${RECENT_VOLUME_WEEKS} weeks`;
  const runs = `${basis.recentRuns} ${basis.recentRuns === 1 ? 'run' : 'runs'}`;
  const weekly = `${distance(basis.recentWeeklyM, units)} a week`;
  const weekOne = distance(basis.weekOneM, units);
  if (basis.source === 'given') {
    const growth = Math.round((CATCH_UP_GROWTH - 1) * 100);
    return `Week 1 is the ${distance(basis.weekOneM, units)} a week you gave, then at most ${growth} % more each week.`;
  }
  if (basis.source === 'recent') {
    const growth = Math.round((CATCH_UP_GROWTH - 1) * 100);
    return (
      `Week 1 is based on ${weeks} of running (${runs}, ${weekly} on average): ${weekOne}, ` +
      `then at most ${growth} % more each week.`
    );
  }
  if (basis.recentRuns === 0) {
    return `Week 1 is the plan’s own start, ${weekOne}: Stride has no runs of yours from ${weeks} to go by.`;
  }
  return `Week 1 is the plan’s own start, ${weekOne}: ${weeks} averaged ${weekly} (${runs}).`;
}
