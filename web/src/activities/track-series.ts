/**
 * Turns a display track into the chart series of the detail screen: elevation, pace (speed for a
 * ride, as its figures show: core/activity/activity-figures.ts) and heart rate over distance in the
 * reader's units. Each point remembers its index in the track, so the
 * point hovered on a chart can be marked on the map.
 */
import { showsSpeed, speedInUnits, speedUnitLabel } from '../../../core/activity/activity-figures.ts';
import { MOVING_SPEED_THRESHOLD_MPS } from '../../../core/activity/moving-speed.ts';
import type { DisplayTrack } from '../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import {
  distanceInUnits,
  distanceUnitLabel,
  elevationInUnits,
  elevationUnitLabel,
  paceSecondsPerUnit,
} from '../../../core/units.ts';
import { PACE_EXTREMES, chartSummary } from '../lib/chart-summary.ts';
import { formatDecimal, formatNumber, formatPaceSeconds } from '../lib/format.ts';
import { timeTicks, type TimeAxis } from '../lib/time-ticks.ts';

export interface ProfilePoint {
  /** Index into the display track (and its map positions). */
  trackIndex: number;
  /** Distance from the start in miles or kilometres. */
  x: number;
  /** Feet or metres. */
  elevation: number | null;
  /** Seconds per mile or kilometre; null for a ride, which plots speed. */
  pace: number | null;
  /** Miles or kilometres per hour, for a ride; null otherwise. */
  speed: number | null;
  heartRate: number | null;
}

export interface ProfileSeries {
  points: ProfilePoint[];
  hasElevation: boolean;
  hasPace: boolean;
  hasSpeed: boolean;
  hasHeartRate: boolean;
}

/** Enough points for a smooth line at any screen width; fewer keep hover cheap across three charts. */
export const CHART_MAX_POINTS = 600;
/** Pace (and speed) is averaged over ±100 m: point-to-point GPS speed is too noisy to read. */
const PACE_HALF_WINDOW_M = 100;

function smoothedSpeeds(track: DisplayTrack): (number | null)[] {
  const { distance, elapsed } = track;
  const n = distance.length;
  const speeds: (number | null)[] = new Array<number | null>(n).fill(null);
  let from = 0;
  let to = 0;
  for (let i = 0; i < n; i += 1) {
    const here = distance[i] as number;
    while (from < i && (distance[from] as number) < here - PACE_HALF_WINDOW_M) {
      from += 1;
    }
    if (to < i) {
      to = i;
    }
    while (to < n - 1 && (distance[to + 1] as number) <= here + PACE_HALF_WINDOW_M) {
      to += 1;
    }
    const start = elapsed[from];
    const end = elapsed[to];
    const metres = (distance[to] as number) - (distance[from] as number);
    if (start === null || start === undefined || end === null || end === undefined || end <= start || metres <= 0) {
      continue;
    }
    const speed = metres / (end - start);
    // Spec §5: slower than about 0.14 m/s is not moving, and has no pace to draw.
    speeds[i] = speed > MOVING_SPEED_THRESHOLD_MPS ? speed : null;
  }
  return speeds;
}

/** The series of an activity of `type`: a ride's carries speed, anything else's pace. */
export function profileSeries(
  track: DisplayTrack,
  units: UnitSystem,
  type: string,
  maxPoints = CHART_MAX_POINTS,
): ProfileSeries {
  const n = track.distance.length;
  const speeds = smoothedSpeeds(track);
  const plotsSpeed = showsSpeed(type);
  const count = Math.min(n, maxPoints);
  const points: ProfilePoint[] = [];
  for (let k = 0; k < count; k += 1) {
    const i = count <= 1 ? 0 : Math.round((k * (n - 1)) / (count - 1));
    const elevation = track.elevation[i] ?? null;
    const speed = speeds[i] ?? null;
    points.push({
      trackIndex: i,
      x: distanceInUnits(track.distance[i] as number, units),
      elevation: elevation === null ? null : elevationInUnits(elevation, units),
      pace: speed === null || plotsSpeed ? null : (paceSecondsPerUnit(speed, units) ?? null),
      speed: speed === null || !plotsSpeed ? null : speedInUnits(speed, units),
      heartRate: track.heartRate[i] ?? null,
    });
  }
  return {
    points,
    hasElevation: points.some((point) => point.elevation !== null),
    hasPace: points.some((point) => point.pace !== null),
    hasSpeed: points.some((point) => point.speed !== null),
    hasHeartRate: points.some((point) => point.heartRate !== null && point.heartRate > 0),
  };
}

/**
 * Round-number ticks from 0 up to (not beyond) `max`, at most about `maxTicks` of them, whatever
 * distance the track claims (an infinite one gets the single tick 0).
 */
export function distanceTicks(max: number, maxTicks = 7): number[] {
  if (!(max > 0) || !Number.isFinite(max)) {
    return [0];
  }
  const steps = [0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500];
  const step = steps.find((candidate) => max / candidate <= maxTicks) ?? Math.ceil(max / maxTicks);
  const ticks: number[] = [];
  for (let k = 0; k * step <= max + 1e-9 && k <= maxTicks; k += 1) {
    ticks.push(Number((k * step).toFixed(2)));
  }
  return ticks;
}

/**
 * The pace axis: from a little under the 2nd to a little over the 98th percentile, on whole
 * 15 s / 30 s / minute steps (lib/time-ticks.ts), so one stop at a traffic light does not squash
 * the rest of the run.
 */
export function paceAxis(points: readonly ProfilePoint[]): TimeAxis | undefined {
  const paces = points.flatMap((point) => (point.pace === null ? [] : [point.pace])).sort((a, b) => a - b);
  if (paces.length === 0) {
    return undefined;
  }
  const at = (share: number) => paces[Math.min(paces.length - 1, Math.floor(share * (paces.length - 1)))] as number;
  return timeTicks(at(0.02), at(0.98));
}

/**
 * The speed axis: from 0 to a little over the 98th percentile, on whole 5 / 10 / 20 steps, so one
 * downhill spike does not squash the rest of the ride.
 */
export function speedAxis(points: readonly ProfilePoint[]): { domain: [number, number]; ticks: number[] } | undefined {
  const speeds = points.flatMap((point) => (point.speed === null ? [] : [point.speed])).sort((a, b) => a - b);
  if (speeds.length === 0) {
    return undefined;
  }
  const high = speeds[Math.min(speeds.length - 1, Math.floor(0.98 * (speeds.length - 1)))] as number;
  const steps = [1, 2, 5, 10, 20, 50];
  const step = steps.find((candidate) => high / candidate <= 5) ?? 100;
  const to = Math.max(step, Math.ceil(high / step) * step);
  const ticks: number[] = [];
  for (let tick = 0; tick <= to; tick += step) {
    ticks.push(tick);
  }
  return { domain: [0, to], ticks };
}

export type ProfileMetric = 'elevation' | 'pace' | 'speed' | 'heartRate';

/** The hovered point's value as the chart's readout shows it, in the reader's units; '—' where unknown. */
export function profileReadout(metric: ProfileMetric, point: ProfilePoint, units: UnitSystem): string {
  switch (metric) {
    case 'elevation':
      return point.elevation === null
        ? '—'
        : `${formatNumber(Math.round(point.elevation))} ${elevationUnitLabel(units)}`;
    case 'pace':
      return point.pace === null ? '—' : `${formatPaceSeconds(point.pace)}/${distanceUnitLabel(units)}`;
    case 'speed':
      return point.speed === null ? '—' : `${formatDecimal(point.speed, 1)} ${speedUnitLabel(units)}`;
    case 'heartRate':
      return point.heartRate === null ? '—' : `${Math.round(point.heartRate)} bpm`;
  }
}

const PROFILE_NAMES: Readonly<Record<ProfileMetric, string>> = {
  elevation: 'Elevation',
  pace: 'Pace',
  speed: 'Speed',
  heartRate: 'Heart rate',
};

/**
 * A profile chart in words, its text alternative: "Pace profile, over 4.57 km. Pace: fastest 4:10/km
 * (at 1.2 km), slowest 6:02/km (at 3.9 km), latest 5:01/km."
 */
export function profileSummary(metric: ProfileMetric, points: readonly ProfilePoint[], units: UnitSystem): string {
  const unit = distanceUnitLabel(units);
  const at = (x: number) => `at ${formatNumber(x, 2)} ${unit}`;
  const name = PROFILE_NAMES[metric];
  const blank = { trackIndex: 0, x: 0, elevation: null, pace: null, speed: null, heartRate: null };
  return chartSummary({
    title: `${name} profile`,
    labels: points.map((point) => at(point.x)),
    noun: ['point', 'points'],
    range: `over ${formatNumber(points[points.length - 1]?.x ?? 0, 2)} ${unit}`,
    series: [
      {
        name,
        values: points.map((point) => point[metric]),
        format: (value) => profileReadout(metric, { ...blank, [metric]: value }, units),
        extremes: metric === 'pace' ? PACE_EXTREMES : undefined,
      },
    ],
  });
}
