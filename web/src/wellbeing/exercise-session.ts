/**
 * The arithmetic of the breathing and stretching screens (the phases and steps themselves are
 * core's): how long a session runs, where "next" and "skip" jump to, how big the breathing circle
 * is, and the line that says a finished exercise counted.
 */
import type { BreathingPattern, PhaseAt } from '../../../core/wellbeing/breathing.ts';
import type { WellbeingExercise } from '../../../core/wellbeing/exercises.ts';
import { STRETCHING_ROUTINE, type Stretch } from '../../../core/wellbeing/stretching.ts';

/** The pattern run for `cycles` cycles instead of its suggested number. */
export function withCycles(pattern: BreathingPattern, cycles: number): BreathingPattern {
  return { ...pattern, cycles: Math.max(1, Math.round(cycles)) };
}

/** The circle's scale: it grows while breathing in, stays full on hold, shrinks breathing out. */
export const CIRCLE_SCALE = { empty: 0.45, full: 1 } as const;
export function breathingScale(at: PhaseAt): number {
  const { empty, full } = CIRCLE_SCALE;
  switch (at.phase.kind) {
    case 'inhale':
      return empty + (full - empty) * at.progress;
    case 'exhale':
      return full - (full - empty) * at.progress;
    case 'hold':
      return full;
    case 'rest':
      return empty;
  }
}

/** The steps of a routine in order: each stretch once, or twice (left, right) when done each side. */
function steps(routine: readonly Stretch[]): { stretchIndex: number; ms: number }[] {
  return routine.flatMap((stretch, stretchIndex) =>
    Array.from({ length: stretch.eachSide ? 2 : 1 }, () => ({ stretchIndex, ms: stretch.seconds * 1000 })),
  );
}

/** Where the routine's step `step` starts (the routine's length past the last step). */
export function routineStepStartMs(step: number, routine: readonly Stretch[] = STRETCHING_ROUTINE): number {
  return steps(routine)
    .slice(0, Math.max(0, step))
    .reduce((sum, each) => sum + each.ms, 0);
}

/** "Next": the start of the step after the one at `step` (the next side, or the next stretch). */
export function nextStepMs(step: number, routine: readonly Stretch[] = STRETCHING_ROUTINE): number {
  return routineStepStartMs(step + 1, routine);
}

/** "Skip": the start of the next stretch, leaving out the current one's other side too. */
export function skipStretchMs(step: number, routine: readonly Stretch[] = STRETCHING_ROUTINE): number {
  const all = steps(routine);
  const current = all[step]?.stretchIndex;
  let next = step + 1;
  while (next < all.length && all[next]?.stretchIndex === current) {
    next += 1;
  }
  return routineStepStartMs(next, routine);
}

/** Seconds as m:ss, rounded up so the countdown shows 0:01 until it is really over. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds - 1e-9));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const EXERCISE_NAMES: Readonly<Record<WellbeingExercise, string>> = {
  breathing: 'Breathing',
  stretching: 'Stretching',
};

/** "Breathing done today · 3-day streak". */
export function exerciseDoneText(exercise: WellbeingExercise, streakDays: number): string {
  return `${EXERCISE_NAMES[exercise]} done today · ${streakDays}-day streak`;
}
