/**
 * Which time an activity shows: the device's own timer (what the runner's watch showed) where the
 * file carried one and the runner keeps that choice (core/profile.ts ACTIVITY_TIMES), else Stride's
 * moving time. The time, the average pace or speed and the splits' times all follow the choice;
 * Stride's moving time is kept beside it, and elapsed time stays elapsed.
 */
import type { ActivityTimeChoice } from '../profile.ts';
import type { SplitRecord } from './schemas.ts';

export interface StoredTimes {
  distance: number;
  /** Stride's own stop detection (spec §5). */
  movingTime: number;
  /** The device's timer, null when the file carried none. */
  timerTime: number | null;
  /** Distance over the moving time, as stored. */
  averageSpeed: number;
}

/** Whether the activity's figures use the device's timer. */
export function usesDeviceTimer(times: Pick<StoredTimes, 'timerTime'>, choice: ActivityTimeChoice): boolean {
  return choice === 'device' && times.timerTime !== null && times.timerTime > 0;
}

/** The activity's time and its average speed under the runner's choice. */
export function shownTimes(times: StoredTimes, choice: ActivityTimeChoice): { time: number; averageSpeed: number } {
  if (!usesDeviceTimer(times, choice)) {
    return { time: times.movingTime, averageSpeed: times.averageSpeed };
  }
  const timer = times.timerTime as number;
  return { time: timer, averageSpeed: times.distance / timer };
}

/** Splits whose time (moving_time) and speeds are the device's timer's, where each has one. */
export function shownSplits(
  splits: readonly SplitRecord[],
  times: Pick<StoredTimes, 'timerTime'>,
  choice: ActivityTimeChoice,
): SplitRecord[] {
  if (!usesDeviceTimer(times, choice)) {
    return [...splits];
  }
  return splits.map((split) => {
    const timer = split.timer_time;
    if (timer === undefined) {
      return split;
    }
    const flat = split.average_grade_adjusted_speed * split.moving_time;
    return {
      ...split,
      moving_time: timer,
      average_speed: timer > 0 ? split.distance / timer : 0,
      average_grade_adjusted_speed: timer > 0 ? flat / timer : 0,
    };
  });
}
