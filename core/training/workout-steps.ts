/**
 * A plan session as the steps a watch runs: a warm-up, the work (one effort, or repeats of work and
 * recovery), a cool-down, each ended by a distance or a time, the work held to a pace range around
 * the session's pace. The same steps are the list on the plan, the FIT workout file
 * (fit-workout.ts) and the text of the calendar feed's event, so the three cannot disagree.
 */
import type { UnitSystem } from '../unit-system.ts';
import { distanceUnitLabel } from '../units.ts';
import { formatDuration, formatPacePerMetre } from '../format.ts';
import { formatGoalDistance } from './goal-progress.ts';
import type { PlanTask } from './plan-generation.ts';
import { QUALITY_WARM_UP_M } from './plan-templates.ts';

/**
 * Half-width of a work step's pace range, as a share of its speed: 2.5 % either side is about
 * ±6 s/km at 4:00/km, a band a runner can hold and a watch does not beep at on every gust.
 */
export const PACE_TARGET_BAND = 0.025;

/** A range of pace in seconds per metre: `fastest` the quicker (smaller) end. */
export interface PaceRange {
  fastest: number;
  slowest: number;
}

export type StepIntensity = 'warmup' | 'active' | 'recovery' | 'cooldown';

export interface RunStep {
  type: 'run';
  intensity: StepIntensity;
  /** What ends the step: a distance run, or a time (a recovery jog as long as the rep took). */
  end: { distanceM: number } | { seconds: number };
  /** The pace to hold; null runs open (warm-up, cool-down, recoveries). */
  pace: PaceRange | null;
}

export interface RepeatStep {
  type: 'repeat';
  times: number;
  steps: readonly RunStep[];
}

export type WorkoutStep = RunStep | RepeatStep;

/** The pace range around a target pace: ± PACE_TARGET_BAND of its speed. */
export function paceRange(paceSPerM: number): PaceRange {
  const speed = 1 / paceSPerM;
  return { fastest: 1 / (speed * (1 + PACE_TARGET_BAND)), slowest: 1 / (speed * (1 - PACE_TARGET_BAND)) };
}

const warmUp = (): RunStep => ({
  type: 'run',
  intensity: 'warmup',
  end: { distanceM: QUALITY_WARM_UP_M / 2 },
  pace: null,
});
const coolDown = (): RunStep => ({ ...warmUp(), intensity: 'cooldown' });

/**
 * The session's steps; null for what a watch does not run (rest, strength, stretching) and for a
 * run without the figures its steps need.
 */
export function workoutSteps(task: PlanTask): WorkoutStep[] | null {
  const pace = task.paceSPerM === null ? null : paceRange(task.paceSPerM);
  switch (task.kind) {
    case 'easy':
    case 'long':
    case 'race':
      return task.distanceM === null
        ? null
        : [{ type: 'run', intensity: 'active', end: { distanceM: task.distanceM }, pace }];
    case 'intervals':
    case 'repetition': {
      if (task.reps === null || task.repDistanceM === null || task.paceSPerM === null) {
        return null;
      }
      // "Equal time jogging between": each recovery lasts as long as its rep at the target pace.
      const recovery: RunStep = {
        type: 'run',
        intensity: 'recovery',
        end: { seconds: Math.round(task.repDistanceM * task.paceSPerM) },
        pace: null,
      };
      const work: RunStep = { type: 'run', intensity: 'active', end: { distanceM: task.repDistanceM }, pace };
      return [warmUp(), { type: 'repeat', times: task.reps, steps: [work, recovery] }, coolDown()];
    }
    case 'tempo':
    case 'marathon-pace':
      return task.effortM === null
        ? null
        : [warmUp(), { type: 'run', intensity: 'active', end: { distanceM: task.effortM }, pace }, coolDown()];
    case 'rest':
    case 'strength':
    case 'stretching':
      return null;
  }
}

/** A pace range as the runner reads it: "3:52–4:04/km". */
export function paceRangeText(range: PaceRange, units: UnitSystem): string {
  return `${formatPacePerMetre(range.fastest, units).replace(/\/.*/, '')}–${formatPacePerMetre(range.slowest, units)}`;
}

const INTENSITY_LABELS: Readonly<Record<StepIntensity, string>> = {
  warmup: 'Warm up',
  active: 'Run',
  recovery: 'Jog',
  cooldown: 'Cool down',
};

/**
 * A step's line: "Warm up 1.5 km easy", "Run 800 m at 3:52–4:04/km", "Jog 3:18". A repeated
 * distance stays in metres for everyone, as on a track (and in the session's title).
 */
export function stepText(step: RunStep, units: UnitSystem, repeated = false): string {
  const end =
    'seconds' in step.end
      ? formatDuration(step.end.seconds)
      : repeated
        ? `${step.end.distanceM} m`
        : `${formatGoalDistance(step.end.distanceM, units)} ${distanceUnitLabel(units)}`;
  const target =
    step.pace === null ? (step.intensity === 'recovery' ? '' : ' easy') : ` at ${paceRangeText(step.pace, units)}`;
  return `${INTENSITY_LABELS[step.intensity]} ${end}${target}`;
}

/** The steps as lines, a repeat as "6 ×" with its steps indented under it. */
export function stepsText(steps: readonly WorkoutStep[], units: UnitSystem): string[] {
  return steps.flatMap((step) =>
    step.type === 'repeat'
      ? [`${step.times} ×`, ...step.steps.map((inner) => `  ${stepText(inner, units, true)}`)]
      : [stepText(step, units)],
  );
}
