/**
 * The figures of an activity computed from its track (spec §3 Activity fields): distance, moving
 * and elapsed time, elevation gain, speeds, heart rate, cadence, start and end — and the spec §4
 * guess of run, ride or walk from average speed. The rules for each figure live beside it
 * (track-distance.ts, elevation-gain.ts, moving-speed.ts); this module walks the track's columns
 * in a few linear passes with them and allocates nothing per point, so 200,000 points take
 * milliseconds.
 */
import { elevationGain } from './elevation-gain.ts';
import { maxSpeed, movingStats } from './moving-speed.ts';
import type { UploadActivityType } from './parsed.ts';
import { cumulativeDistance } from './track-distance.ts';
import { hasPositions, trackLength, type Track } from './track.ts';

/** Spec §4: "Average speed above 15 km/h gives ride; above 2 km/h gives run; otherwise walk." */
export const RIDE_ABOVE_KMH = 15;
export const RUN_ABOVE_KMH = 2;

export interface LatLng {
  lat: number;
  lng: number;
}

export interface TrackSummary {
  /** Metres: the device's own distance when every point has one, otherwise haversine. */
  distance: number;
  /** Seconds in segments faster than MOVING_SPEED_THRESHOLD_MPS. */
  movingTime: number;
  /** Seconds from the first to the last timed point. */
  elapsedTime: number;
  elevationGain: number;
  /** m/s: distance over moving time; 0 without usable times. */
  averageSpeed: number;
  maxSpeed: number;
  averageHeartrate: number | null;
  maxHeartrate: number | null;
  averageCadence: number | null;
  startLatLng: LatLng | null;
  endLatLng: LatLng | null;
  /** ms since the epoch, or null when no point has a time. */
  startTime: number | null;
  endTime: number | null;
  /** Whether the track has usable times (spec §4 "no timing data"); see timingIsUsable. */
  hasTiming: boolean;
}

/**
 * Whether the track has timing data in the sense of spec §4. Times must span at least a second
 * (Mojstrovka.gpx stamps all 184 points with the same instant) and cover at least half the points:
 * a handful of timed points in an untimed track (cerknicko-without-times.gpx: 5 of 296) would make
 * the speed of one minute stand for a 13 km track.
 */
function timingIsUsable(
  timedPoints: number,
  points: number,
  startTime: number | null,
  endTime: number | null,
): boolean {
  return startTime !== null && endTime !== null && endTime - startTime >= 1000 && timedPoints * 2 >= points;
}

/**
 * The longest gap between two points that still stands for recorded time, in seconds. Devices
 * write a point every 1 to 10 s ("smart recording" only when something changes); a longer gap is a
 * pause, and its reading stands for no more than this.
 */
export const MAX_SAMPLE_GAP_S = 60;

/** Seconds from point `from` to point `to`, at most MAX_SAMPLE_GAP_S; NaN across a new segment. */
function gapSeconds(time: Float64Array, from: number, to: number, segmentStarts: ReadonlySet<number>): number {
  const seconds = ((time[to] as number) - (time[from] as number)) / 1000;
  return Number.isFinite(seconds) && seconds >= 0 && !segmentStarts.has(to)
    ? Math.min(seconds, MAX_SAMPLE_GAP_S)
    : Number.NaN;
}

/**
 * The seconds point i's reading stands for: half of the gap to each neighbour, as much again at
 * either end of the track (so evenly spaced points weigh the same), each gap at most
 * MAX_SAMPLE_GAP_S and none across the start of a new recorded segment. NaN when the point or both
 * neighbours have no time.
 */
function sampleSeconds(time: Float64Array, i: number, segmentStarts: ReadonlySet<number>): number {
  if (!Number.isFinite(time[i])) {
    return Number.NaN;
  }
  const before = i > 0 ? gapSeconds(time, i - 1, i, segmentStarts) : Number.NaN;
  const after = i + 1 < time.length ? gapSeconds(time, i, i + 1, segmentStarts) : Number.NaN;
  if (Number.isFinite(before) && Number.isFinite(after)) {
    return (before + after) / 2;
  }
  return Number.isFinite(before) ? before : after;
}

/**
 * The time-weighted mean and the maximum of a column (heart rate, cadence): each reading weighs the
 * seconds it stands for (sampleSeconds), so a device that writes a point every second during a
 * sprint and every 10 s while steady is not biased towards the sprint. Without usable times (an
 * untimed track) every reading weighs the same.
 */
export function meanAndMax(
  column: Float64Array,
  time: Float64Array,
  skipZero: boolean,
  segmentStarts?: Uint32Array,
): { mean: number | null; max: number | null } {
  const starts = new Set(segmentStarts ?? []);
  let sum = 0;
  let count = 0;
  let weightedSum = 0;
  let weights = 0;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < column.length; i += 1) {
    const value = column[i] as number;
    if (Number.isFinite(value) && !(skipZero && value === 0)) {
      sum += value;
      count += 1;
      max = Math.max(max, value);
      const seconds = sampleSeconds(time, i, starts);
      if (seconds > 0) {
        weightedSum += value * seconds;
        weights += seconds;
      }
    }
  }
  if (count === 0) {
    return { mean: null, max: null };
  }
  return { mean: weights > 0 ? weightedSum / weights : sum / count, max };
}

export function summarizeTrack(track: Track): TrackSummary {
  const n = trackLength(track);
  const distance = cumulativeDistance(track);
  const { time } = track;

  let startTime: number | null = null;
  let endTime: number | null = null;
  let timedPoints = 0;
  for (let i = 0; i < n; i += 1) {
    const t = time[i] as number;
    if (Number.isFinite(t)) {
      startTime ??= t;
      endTime = t;
      timedPoints += 1;
    }
  }
  const hasTiming = timingIsUsable(timedPoints, n, startTime, endTime);
  // The cumulative distance at the last point. A device's odometer may not start at 0 (it counted
  // before its first record); that distance was covered too, as the device's session total agrees.
  const totalDistance = n > 0 ? Math.max(0, distance[n - 1] as number) : 0;
  const moving = hasTiming ? movingStats(time, distance) : { movingTime: 0, timedDistance: 0 };
  const heartRate = meanAndMax(track.heartRate, time, false, track.segmentStarts);
  // Devices write cadence 0 while standing still; like Garmin's own averages, those are left out.
  const cadence = meanAndMax(track.cadence, time, true, track.segmentStarts);
  const located = n > 0 && hasPositions(track);

  return {
    distance: totalDistance,
    movingTime: moving.movingTime,
    elapsedTime: hasTiming ? ((endTime as number) - (startTime as number)) / 1000 : 0,
    elevationGain: elevationGain(track.elevation, distance, track.segmentStarts),
    // Distance over moving time, exactly: the pace every screen shows beside the distance and the
    // moving time must agree with them.
    averageSpeed: moving.movingTime > 0 ? totalDistance / moving.movingTime : 0,
    maxSpeed: hasTiming ? maxSpeed(time, distance) : 0,
    averageHeartrate: heartRate.mean,
    maxHeartrate: heartRate.max,
    averageCadence: cadence.mean,
    // An indoor track has no start or end on a map.
    startLatLng: located ? { lat: track.lat[0] as number, lng: track.lon[0] as number } : null,
    endLatLng: located ? { lat: track.lat[n - 1] as number, lng: track.lon[n - 1] as number } : null,
    startTime,
    endTime,
    hasTiming,
  };
}

/**
 * Spec §4: above 15 km/h a ride, above 2 km/h a run, otherwise a walk; no timing data, a run.
 * The speed is compared in km/h rounded to a nanometre per hour so that exactly 15 km/h, which is
 * 15000 m / 3600 s = 4.1666… m/s and comes back as 15.000000000000002 after × 3.6, is not "above".
 */
export function guessActivityType(summary: Pick<TrackSummary, 'averageSpeed' | 'hasTiming'>): UploadActivityType {
  if (!summary.hasTiming) {
    return 'run';
  }
  const kmh = Math.round(summary.averageSpeed * 3.6 * 1e9) / 1e9;
  if (kmh > RIDE_ABOVE_KMH) {
    return 'ride';
  }
  if (kmh > RUN_ABOVE_KMH) {
    return 'run';
  }
  return 'walk';
}
