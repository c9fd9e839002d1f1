/**
 * A plan session's steps (workout-steps.ts) as a FIT workout file, written with Garmin's own SDK:
 * `file_id` of type workout, one `workout` message and its `workout_step`s, a repeat as a step that
 * sends the watch back to its first inner step so many times. Garmin and COROS watches load it
 * (Garmin Connect / the COROS app import a .fit workout; a Garmin mounted as a drive reads it from
 * NewFiles).
 */
import { Encoder, Profile } from '@garmin/fitsdk';
import type { RunStep, WorkoutStep } from './workout-steps.ts';

/** FIT's raw units: distance in centimetres, time in milliseconds, speed in mm/s. */
const CM_PER_M = 100;
const MS_PER_S = 1000;
const MM_PER_M = 1000;

function mesgNum(name: string): number {
  const number = Profile.MesgNum[name];
  if (number === undefined) {
    throw new Error(`no FIT message ${name}`);
  }
  return number;
}

/** The steps as FIT `workout_step` fields, numbered in order (a repeat after its inner steps). */
export function fitWorkoutSteps(steps: readonly WorkoutStep[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const run = (step: RunStep) => {
    const byTime = 'seconds' in step.end;
    out.push({
      messageIndex: out.length,
      intensity: step.intensity,
      durationType: byTime ? 'time' : 'distance',
      durationValue: 'seconds' in step.end ? step.end.seconds * MS_PER_S : Math.round(step.end.distanceM * CM_PER_M),
      ...(step.pace === null
        ? { targetType: 'open', targetValue: 0 }
        : {
            targetType: 'speed',
            // 0: a custom range in the two fields below, not one of the watch's speed zones.
            targetValue: 0,
            customTargetValueLow: Math.round((1 / step.pace.slowest) * MM_PER_M),
            customTargetValueHigh: Math.round((1 / step.pace.fastest) * MM_PER_M),
          }),
    });
  };
  for (const step of steps) {
    if (step.type === 'run') {
      run(step);
      continue;
    }
    const first = out.length;
    step.steps.forEach(run);
    out.push({
      messageIndex: out.length,
      durationType: 'repeatUntilStepsCmplt',
      // The step to go back to, and how many times the block runs in all.
      durationValue: first,
      targetType: 'open',
      targetValue: step.times,
    });
  }
  return out;
}

/** The FIT workout file of `steps`, named `name`. */
export function encodeFitWorkout(name: string, steps: readonly WorkoutStep[], created: Date): Uint8Array {
  const encoder = new Encoder();
  const write = (mesg: string, fields: Record<string, unknown>) => encoder.onMesg(mesgNum(mesg), fields);
  const fitSteps = fitWorkoutSteps(steps);
  write('FILE_ID', {
    type: 'workout',
    manufacturer: 'development',
    product: 0,
    serialNumber: 1,
    timeCreated: created,
  });
  write('WORKOUT', {
    wktName: name,
    sport: 'running',
    subSport: 'generic',
    numValidSteps: fitSteps.length,
  });
  for (const step of fitSteps) {
    write('WORKOUT_STEP', step);
  }
  return encoder.close();
}
