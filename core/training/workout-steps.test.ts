import { Decoder, Stream } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { encodeFitWorkout } from './fit-workout.ts';
import { intervalTask } from './interval-run.test-support.ts';
import { stepsText, workoutSteps } from './workout-steps.ts';

const task = intervalTask;

describe('a session as the steps a watch runs', () => {
  it('reads an interval session as warm-up, repeats of work and equal-time jog, cool-down', () => {
    expect(stepsText(workoutSteps(task({}))!, 'metric')).toEqual([
      'Warm up 1.5 km easy',
      '6 ×',
      // 4:00/km ± 2.5 % of the speed: 1000 × 0.24 / 1.025 = 234.1 s and / 0.975 = 246.2 s.
      '  Run 800 m at 3:54–4:06/km',
      // As long as the rep at its pace: 800 × 0.24 = 192 s.
      '  Jog 3:12',
      'Cool down 1.5 km easy',
    ]);
    expect(
      stepsText(
        workoutSteps(task({ kind: 'tempo', reps: null, repDistanceM: null, effortM: 6000, paceSPerM: 0.27 }))!,
        'imperial',
      ),
    ).toEqual([
      'Warm up 0.9 mi easy',
      // 0.27 s/m × 1609.344 = 434.5 s/mi; / 1.025 = 423.9 s, / 0.975 = 445.7 s.
      'Run 3.7 mi at 7:04–7:26/mi',
      'Cool down 0.9 mi easy',
    ]);
  });

  it('has no workout for a rest, strength or stretching day, nor for a repeat without its pace', () => {
    expect(
      workoutSteps(task({ kind: 'rest', distanceM: null, reps: null, repDistanceM: null, paceSPerM: null })),
    ).toBeNull();
    expect(workoutSteps(task({ kind: 'strength', minutes: 20 }))).toBeNull();
    expect(workoutSteps(task({ paceSPerM: null }))).toBeNull();
    expect(
      stepsText(
        workoutSteps(task({ kind: 'easy', distanceM: 8000, reps: null, repDistanceM: null, paceSPerM: null }))!,
        'metric',
      ),
    ).toEqual(['Run 8 km easy']);
  });

  it('writes a FIT workout that the FIT SDK reads back as the same steps, repeat count and pace range', () => {
    const session = task({});
    const bytes = encodeFitWorkout(
      '6×800 m at interval pace',
      workoutSteps(session)!,
      new Date('2027-01-01T00:00:00Z'),
    );
    const decoder = new Decoder(Stream.fromByteArray(bytes));
    expect(decoder.isFIT()).toBe(true);
    expect(decoder.checkIntegrity()).toBe(true);
    const { messages, errors } = decoder.read();
    expect(errors).toEqual([]);
    expect(messages.fileIdMesgs?.[0]?.type).toBe('workout');
    expect(messages.workoutMesgs?.[0]).toMatchObject({
      wktName: '6×800 m at interval pace',
      sport: 'running',
      numValidSteps: 5,
    });
    // The target computed here from the session's pace: its speed ± 2.5 %, in m/s to the mm/s.
    const speed = 1 / (session.paceSPerM ?? 0);
    const steps = (messages.workoutStepMesgs ?? []).map((step) => ({
      intensity: step.intensity,
      durationType: step.durationType,
      distance: step.durationDistance,
      time: step.durationTime,
      back: step.durationStep,
      times: step.repeatSteps,
      target: step.targetType,
      low: step.customTargetSpeedLow,
      high: step.customTargetSpeedHigh,
    }));
    const open = { back: undefined, times: undefined, low: undefined, high: undefined, time: undefined };
    expect(steps).toEqual([
      { ...open, intensity: 'warmup', durationType: 'distance', distance: 1500, target: 'open' },
      {
        ...open,
        intensity: 'active',
        durationType: 'distance',
        distance: session.repDistanceM,
        target: 'speed',
        low: Math.round(speed * 0.975 * 1000) / 1000,
        high: Math.round(speed * 1.025 * 1000) / 1000,
      },
      { ...open, intensity: 'recovery', durationType: 'time', distance: undefined, time: 192, target: 'open' },
      {
        ...open,
        intensity: undefined,
        durationType: 'repeatUntilStepsCmplt',
        distance: undefined,
        back: 1,
        times: session.reps,
        target: 'open',
      },
      { ...open, intensity: 'cooldown', durationType: 'distance', distance: 1500, target: 'open' },
    ]);
  });
});
