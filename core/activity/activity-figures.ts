/**
 * The time and pace an activity shows on every screen and share card. A track without timing data
 * (a route, an export without times) has a distance but no time: it shows NO_TIME_DATA instead of
 * "0:00" and no pace, rather than figures that were never measured.
 */
import type { UnitSystem } from '../profile.ts';
import { formatDuration, formatPace } from '../units.ts';

export const NO_TIME_DATA = 'No time data';
/** What a figure that needs time shows for an activity without it. */
export const NO_FIGURE = '—';

export interface TimedFigures {
  hasTiming: boolean;
  movingTime: number;
  elapsedTime?: number;
  averageSpeed: number;
}

export function formatMovingTime(activity: TimedFigures): string {
  return activity.hasTiming ? formatDuration(activity.movingTime) : NO_TIME_DATA;
}

export function formatElapsedTime(activity: TimedFigures): string {
  return activity.hasTiming ? formatDuration(activity.elapsedTime ?? 0) : NO_FIGURE;
}

export function formatActivityPace(activity: TimedFigures, units: UnitSystem): string {
  return activity.hasTiming ? formatPace(activity.averageSpeed, units) : NO_FIGURE;
}
