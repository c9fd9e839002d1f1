/**
 * Breathing exercises: the patterns as data, and which phase a timer is in at a given elapsed time.
 * The timer itself is a value (started, paused, resumed at instants the caller passes), so the
 * screen can pause and resume without drift and tests need no clock.
 */

export type BreathingPhaseKind = 'inhale' | 'hold' | 'exhale' | 'rest';
export interface BreathingPhase {
  kind: BreathingPhaseKind;
  seconds: number;
  /** What the screen says during the phase. */
  cue: string;
}
export interface BreathingPattern {
  id: string;
  name: string;
  description: string;
  phases: readonly BreathingPhase[];
  /** Suggested number of cycles. */
  cycles: number;
}

const inhale = (seconds: number): BreathingPhase => ({ kind: 'inhale', seconds, cue: 'Breathe in' });
const hold = (seconds: number): BreathingPhase => ({ kind: 'hold', seconds, cue: 'Hold' });
const exhale = (seconds: number): BreathingPhase => ({ kind: 'exhale', seconds, cue: 'Breathe out' });
const rest = (seconds: number): BreathingPhase => ({ kind: 'rest', seconds, cue: 'Hold, empty' });

export const BREATHING_PATTERNS: readonly BreathingPattern[] = [
  {
    id: 'box',
    name: 'Box breathing (4-4-4-4)',
    description: 'Breathe in for 4, hold for 4, breathe out for 4 and hold empty for 4. Calms before a race.',
    phases: [inhale(4), hold(4), exhale(4), rest(4)],
    cycles: 6,
  },
  {
    id: '4-7-8',
    name: '4-7-8 breathing',
    description:
      'Breathe in through the nose for 4, hold for 7, breathe out slowly through the mouth for 8. Helps you wind down.',
    phases: [inhale(4), hold(7), exhale(8)],
    cycles: 4,
  },
];

/** Total seconds of one cycle. */
export function cycleSeconds(pattern: BreathingPattern): number {
  return pattern.phases.reduce((sum, phase) => sum + phase.seconds, 0);
}

export interface PhaseAt {
  /** 0-based cycle; equals pattern.cycles once the exercise is over. */
  cycle: number;
  phaseIndex: number;
  phase: BreathingPhase;
  /** Seconds left in this phase (fractional), for the countdown. */
  secondsLeft: number;
  /** 0 → 1 through the phase, for the animation. */
  progress: number;
  finished: boolean;
}

/** Where a pattern is after `elapsedMs` of (unpaused) breathing. */
export function breathingPhaseAt(pattern: BreathingPattern, elapsedMs: number): PhaseAt {
  const cycleMs = cycleSeconds(pattern) * 1000;
  const elapsed = Math.max(0, elapsedMs);
  if (elapsed >= cycleMs * pattern.cycles) {
    const last = pattern.phases.length - 1;
    return {
      cycle: pattern.cycles,
      phaseIndex: last,
      phase: pattern.phases[last]!,
      secondsLeft: 0,
      progress: 1,
      finished: true,
    };
  }
  const cycle = Math.floor(elapsed / cycleMs);
  let within = elapsed - cycle * cycleMs;
  for (let phaseIndex = 0; phaseIndex < pattern.phases.length; phaseIndex += 1) {
    const phase = pattern.phases[phaseIndex]!;
    const phaseMs = phase.seconds * 1000;
    if (within < phaseMs) {
      return {
        cycle,
        phaseIndex,
        phase,
        secondsLeft: (phaseMs - within) / 1000,
        progress: within / phaseMs,
        finished: false,
      };
    }
    within -= phaseMs;
  }
  throw new Error('unreachable: within is below the cycle length');
}

/** A pausable timer: time banked before the last resume, and when it was resumed (null: paused). */
export interface ExerciseTimer {
  bankedMs: number;
  runningSince: number | null;
}

export function startTimer(nowMs: number): ExerciseTimer {
  return { bankedMs: 0, runningSince: nowMs };
}
export function pauseTimer(timer: ExerciseTimer, nowMs: number): ExerciseTimer {
  return timer.runningSince === null ? timer : { bankedMs: timerElapsedMs(timer, nowMs), runningSince: null };
}
export function resumeTimer(timer: ExerciseTimer, nowMs: number): ExerciseTimer {
  return timer.runningSince === null ? { ...timer, runningSince: nowMs } : timer;
}
/** Milliseconds the timer has run, paused time excluded. */
export function timerElapsedMs(timer: ExerciseTimer, nowMs: number): number {
  return timer.bankedMs + (timer.runningSince === null ? 0 : Math.max(0, nowMs - timer.runningSince));
}
