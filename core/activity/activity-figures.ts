/**
 * The time and pace (or speed) an activity shows on every screen and share card. Rides show speed
 * (km/h or mph), everything on foot shows pace (min/km or min/mi). A track without timing data
 * (a route, an export without times) has a distance but no time: it shows NO_TIME_DATA instead of
 * "0:00" and no pace, rather than figures that were never measured.
 */
import type { UnitSystem } from '../unit-system.ts';
import { distanceInUnits } from '../units.ts';
import { DEFAULT_LOCALE, formatDecimal, formatDistance, formatDuration, formatPace } from '../format.ts';

export const NO_TIME_DATA = 'No time data';
/** What a figure that needs time shows for an activity without it. */
export const NO_FIGURE = '—';

/** Types whose speed, rather than pace, is shown. */
export const SPEED_TYPES: readonly string[] = ['ride'];

export function showsSpeed(type: string): boolean {
  return SPEED_TYPES.includes(type);
}

/** "Speed" for rides, "Pace" otherwise: the heading over formatPaceOrSpeed's figure. */
export function paceOrSpeedLabel(type: string): 'Speed' | 'Pace' {
  return showsSpeed(type) ? 'Speed' : 'Pace';
}

export function speedUnitLabel(units: UnitSystem): string {
  return units === 'imperial' ? 'mph' : 'km/h';
}

/** Metres per second as km/h or mph, unrounded (chart axes). */
export function speedInUnits(metresPerSecond: number, units: UnitSystem): number {
  return distanceInUnits(metresPerSecond * 3600, units);
}

/** "18.4 km/h" or "11.4 mph"; "—" when not moving. */
export function formatSpeed(metresPerSecond: number, units: UnitSystem, locale: string = DEFAULT_LOCALE): string {
  if (!(metresPerSecond > 0) || !Number.isFinite(metresPerSecond)) {
    return NO_FIGURE;
  }
  return `${formatDecimal(speedInUnits(metresPerSecond, units), 1, locale)} ${speedUnitLabel(units)}`;
}

/** Speed for a ride, pace for everything else. */
export function formatPaceOrSpeed(metresPerSecond: number, type: string, units: UnitSystem): string {
  return showsSpeed(type) ? formatSpeed(metresPerSecond, units) : formatPace(metresPerSecond, units);
}

/**
 * The activity's distance in the runner's units; NO_FIGURE for one that records none (yoga,
 * strength, a treadmill session without a foot pod) rather than "0.00 mi".
 */
export function formatActivityDistance(activity: { distance: number }, units: UnitSystem): string {
  return activity.distance > 0 ? formatDistance(activity.distance, units) : NO_FIGURE;
}

export interface TimedFigures {
  type?: string;
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

/** An activity's stored times beside the one it shows (movingTime: the runner's choice). */
export interface ActivityTimes extends TimedFigures {
  /** Stride's own stop detection. */
  strideMovingTime: number;
  /** The device's own timer, null when the file carried none. */
  timerTime: number | null;
}

export const TIME_LABELS = { timer: 'Time', moving: 'Moving time', deviceTimer: 'Device timer' } as const;

/**
 * The time figures of an activity's summary, label and value: its time (labelled "Time" when it is
 * the device's timer, "Moving time" when it is Stride's), and beside it the other of the two where
 * they differ in whole seconds.
 */
export function timeFigures(activity: ActivityTimes): [string, string][] {
  const timer = activity.timerTime;
  const showsTimer = timer !== null && activity.movingTime === timer;
  const shown: [string, string] = [showsTimer ? TIME_LABELS.timer : TIME_LABELS.moving, formatMovingTime(activity)];
  if (timer === null || !activity.hasTiming) {
    return [shown];
  }
  const other = showsTimer ? activity.strideMovingTime : timer;
  if (Math.round(other) === Math.round(activity.movingTime)) {
    return [shown];
  }
  return [shown, [showsTimer ? TIME_LABELS.moving : TIME_LABELS.deviceTimer, formatDuration(other)]];
}

/** The activity's average pace, or speed for a ride; NO_FIGURE without timing data. */
export function formatActivityPace(activity: TimedFigures, units: UnitSystem): string {
  return activity.hasTiming ? formatPaceOrSpeed(activity.averageSpeed, activity.type ?? 'run', units) : NO_FIGURE;
}
