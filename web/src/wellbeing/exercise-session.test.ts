import { describe, expect, it } from 'vitest';
import { BREATHING_PATTERNS, breathingPhaseAt } from '../../../core/wellbeing/breathing.ts';
import { routineSeconds, routineStepAt, STRETCHING_ROUTINE } from '../../../core/wellbeing/stretching.ts';
import {
  breathingScale,
  CIRCLE_SCALE,
  exerciseDoneText,
  formatClock,
  nextStepMs,
  routineStepStartMs,
  skipStretchMs,
  withCycles,
} from './exercise-session.ts';

const box = BREATHING_PATTERNS[0]!;

describe('breathing', () => {
  it('runs a pattern for the cycles chosen', () => {
    const one = withCycles(box, 1);
    expect(breathingPhaseAt(one, 15_999).finished).toBe(false);
    expect(breathingPhaseAt(one, 16_000).finished).toBe(true);
    expect(withCycles(box, 0).cycles).toBe(1);
  });

  it('grows the circle breathing in, holds it full, shrinks it breathing out and holds it empty', () => {
    expect(breathingScale(breathingPhaseAt(box, 0))).toBeCloseTo(CIRCLE_SCALE.empty);
    expect(breathingScale(breathingPhaseAt(box, 2_000))).toBeCloseTo((CIRCLE_SCALE.empty + CIRCLE_SCALE.full) / 2);
    expect(breathingScale(breathingPhaseAt(box, 5_000))).toBe(CIRCLE_SCALE.full);
    expect(breathingScale(breathingPhaseAt(box, 10_000))).toBeCloseTo((CIRCLE_SCALE.empty + CIRCLE_SCALE.full) / 2);
    expect(breathingScale(breathingPhaseAt(box, 13_000))).toBe(CIRCLE_SCALE.empty);
  });
});

describe('stretching', () => {
  it('finds where each step starts, and the routine’s end after the last', () => {
    expect(routineStepStartMs(0)).toBe(0);
    expect(routineStepStartMs(1)).toBe(30_000);
    expect(routineStepStartMs(100)).toBe(routineSeconds() * 1000);
    expect(routineStepAt(routineStepStartMs(3)).step).toBe(3);
  });

  it('"next" goes to the other side, "skip" to the next stretch', () => {
    expect(routineStepAt(nextStepMs(0))).toMatchObject({ stretch: { id: 'calf' }, side: 'right' });
    expect(routineStepAt(skipStretchMs(0))).toMatchObject({ stretch: { id: 'hamstring' }, side: 'left' });
    expect(routineStepAt(skipStretchMs(1))).toMatchObject({ stretch: { id: 'hamstring' }, side: 'left' });
    const last = STRETCHING_ROUTINE.length * 2 - 2;
    expect(routineStepAt(skipStretchMs(last)).finished).toBe(true);
  });
});

describe('texts', () => {
  it('counts down in m:ss and says the exercise counted', () => {
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(0.2)).toBe('0:01');
    expect(formatClock(0)).toBe('0:00');
    expect(exerciseDoneText('breathing', 3)).toBe('Breathing done today · 3-day streak');
    expect(exerciseDoneText('stretching', 1)).toBe('Stretching done today · 1-day streak');
  });
});
