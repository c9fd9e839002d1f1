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

function meanAndMax(column: Float64Array, skipZero: boolean): { mean: number | null; max: number | null } {
  let sum = 0;
  let count = 0;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < column.length; i += 1) {
    const value = column[i] as number;
    if (Number.isFinite(value) && !(skipZero && value === 0)) {
      sum += value;
      count += 1;
      max = Math.max(max, value);
    }
  }
  return count === 0 ? { mean: null, max: null } : { mean: sum / count, max };
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
  const heartRate = meanAndMax(track.heartRate, false);
  // Devices write cadence 0 while standing still; like Garmin's own averages, those are left out.
  const cadence = meanAndMax(track.cadence, true);
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
