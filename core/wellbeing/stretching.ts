/**
 * The stretching routine: named stretches with how to do them and how long to hold, in order. A
 * stretch done "each side" takes its duration once per side. The routine runs on the same pausable
 * timer as the breathing exercises (breathing.ts). The routine counts as stretching done unless
 * every one of its stretches was skipped.
 */

export interface Stretch {
  id: string;
  name: string;
  description: string;
  /** Seconds to hold (per side when `eachSide`). */
  seconds: number;
  eachSide: boolean;
}

export const STRETCHING_ROUTINE: readonly Stretch[] = [
  {
    id: 'calf',
    name: 'Calf stretch',
    description:
      'Hands on a wall, one leg back with the heel down and the knee straight; lean in until the calf pulls.',
    seconds: 30,
    eachSide: true,
  },
  {
    id: 'hamstring',
    name: 'Standing hamstring stretch',
    description:
      'Heel on a low step, leg straight; hinge forward from the hips with a long back until the back of the thigh pulls.',
    seconds: 30,
    eachSide: true,
  },
  {
    id: 'quad',
    name: 'Quad stretch',
    description:
      'Stand tall, hold one ankle behind you and bring the heel to your buttock, knees together, hips pushed forward.',
    seconds: 30,
    eachSide: true,
  },
  {
    id: 'hip-flexor',
    name: 'Kneeling hip-flexor stretch',
    description:
      'Kneel on one knee, the other foot in front; tuck the pelvis and shift forward until the front of the hip pulls.',
    seconds: 30,
    eachSide: true,
  },
  {
    id: 'glute',
    name: 'Figure-four glute stretch',
    description: 'Lying on your back, cross one ankle over the other knee and pull the lower thigh towards your chest.',
    seconds: 30,
    eachSide: true,
  },
  {
    id: 'it-band',
    name: 'Standing side stretch',
    description:
      'Cross one leg behind the other and lean your hips away from it, arm overhead, until the outer hip pulls.',
    seconds: 20,
    eachSide: true,
  },
  {
    id: 'childs-pose',
    name: "Child's pose",
    description:
      'Kneel, sit back onto your heels and reach your arms forward on the floor; breathe slowly into your back.',
    seconds: 45,
    eachSide: false,
  },
];

/** Seconds the whole routine takes. */
export function routineSeconds(routine: readonly Stretch[] = STRETCHING_ROUTINE): number {
  return routine.reduce((sum, stretch) => sum + stretch.seconds * (stretch.eachSide ? 2 : 1), 0);
}

export interface RoutineStep {
  stretch: Stretch;
  /** 'left' / 'right' for stretches done each side, else null. */
  side: 'left' | 'right' | null;
  secondsLeft: number;
  /** 0-based step counting each side separately. */
  step: number;
  finished: boolean;
}

/** Which stretch (and side) the routine is at after `elapsedMs` of unpaused time. */
export function routineStepAt(elapsedMs: number, routine: readonly Stretch[] = STRETCHING_ROUTINE): RoutineStep {
  let left = Math.max(0, elapsedMs) / 1000;
  let step = 0;
  for (const stretch of routine) {
    const sides = stretch.eachSide ? (['left', 'right'] as const) : ([null] as const);
    for (const side of sides) {
      if (left < stretch.seconds) {
        return { stretch, side, secondsLeft: stretch.seconds - left, step, finished: false };
      }
      left -= stretch.seconds;
      step += 1;
    }
  }
  const last = routine[routine.length - 1]!;
  return { stretch: last, side: last.eachSide ? 'right' : null, secondsLeft: 0, step, finished: true };
}

export const STRETCHING_MESSAGES = {
  allSkipped: 'Every stretch of the routine was skipped, so this does not count as stretching done. Hold at least one.',
} as const;

/** Whether a finished routine counts as stretching done: not when every stretch in it was skipped. */
export function stretchingCounts(
  skipped: readonly string[],
  routine: readonly Stretch[] = STRETCHING_ROUTINE,
): boolean {
  const left = new Set(skipped);
  return routine.some((stretch) => !left.has(stretch.id));
}
