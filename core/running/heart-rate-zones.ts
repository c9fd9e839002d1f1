/**
 * Heart-rate zones: five zones by percentage of the maximum heart rate (the model Garmin and
 * Polar show by default): Zone 1 50–60 %, Zone 2 60–70 %, Zone 3 70–80 %, Zone 4 80–90 %,
 * Zone 5 90 % and above. Time below 50 % is in no zone.
 *
 * Each activity keeps, once, how long its heart rate was at or below each beat per minute (a
 * cumulative histogram, `secondsAtMost[b]` = seconds at ≤ b bpm). Time in any zone, for any maximum
 * the runner sets later, is then the difference of two entries, so weekly sums run in SQL without
 * reading a track again.
 *
 * Which seconds count: the time between two timed points of one recorded segment, at the later
 * point's heart rate (the earlier one's when the later has none). A track with a distance counts
 * only its moving segments (the moving-time rule, core/activity/moving-speed.ts); a track without
 * one (a treadmill run without a foot pod) counts every segment up to MAX_UNMOVING_GAP_S, a longer
 * gap being a pause.
 */
import type { Track } from '../activity/track.ts';
import { MOVING_SPEED_THRESHOLD_MPS } from '../activity/moving-speed.ts';

/** Heart rates above this are counted here (no heart beats faster; higher readings are noise). */
export const HEART_RATE_HISTOGRAM_MAX_BPM = 250;
/** Without a distance stream, a gap between points longer than this is a pause, not exercise. */
export const MAX_UNMOVING_GAP_S = 30;

export const HEART_RATE_ZONE_MODEL = '% of maximum heart rate, 5 zones';

export interface HeartRateZone {
  id: 'z1' | 'z2' | 'z3' | 'z4' | 'z5';
  name: string;
  /** What the zone trains, as runners know it. */
  purpose: string;
  /** Lower bound as a fraction of the maximum heart rate (inclusive). */
  from: number;
}

export const HEART_RATE_ZONES: readonly HeartRateZone[] = [
  { id: 'z1', name: 'Zone 1', purpose: 'Recovery', from: 0.5 },
  { id: 'z2', name: 'Zone 2', purpose: 'Endurance', from: 0.6 },
  { id: 'z3', name: 'Zone 3', purpose: 'Tempo', from: 0.7 },
  { id: 'z4', name: 'Zone 4', purpose: 'Threshold', from: 0.8 },
  { id: 'z5', name: 'Zone 5', purpose: 'Maximum', from: 0.9 },
];

/** A zone in beats per minute for one maximum: `fromBpm` ≤ heart rate ≤ `toBpm` (null: no top). */
export interface HeartRateZoneBounds {
  id: HeartRateZone['id'];
  name: string;
  purpose: string;
  fromBpm: number;
  toBpm: number | null;
}

/** The zones in whole beats per minute: a zone starts at the first whole bpm at its percentage. */
export function heartRateZoneBounds(maxHeartRate: number): HeartRateZoneBounds[] {
  const starts = HEART_RATE_ZONES.map((zone) => Math.ceil(maxHeartRate * zone.from - 1e-9));
  return HEART_RATE_ZONES.map((zone, index) => {
    const next = starts[index + 1];
    return {
      id: zone.id,
      name: zone.name,
      purpose: zone.purpose,
      fromBpm: starts[index] as number,
      toBpm: next === undefined ? null : next - 1,
    };
  });
}

function bpmIndex(heartRate: number): number {
  return Math.min(HEART_RATE_HISTOGRAM_MAX_BPM, Math.max(0, Math.round(heartRate)));
}

/**
 * `secondsAtMost[b]` (b = 0 … HEART_RATE_HISTOGRAM_MAX_BPM): whole seconds spent at ≤ b bpm. Null
 * when the track has no heart rate on any counted second.
 */
export function heartRateSecondsAtMost(track: Track): number[] | null {
  const { time, distance, heartRate } = track;
  const hasDistance = distance.length > 0 && (distance[distance.length - 1] as number) > 0;
  const segmentStarts = new Set(track.segmentStarts ?? []);
  const seconds = new Float64Array(HEART_RATE_HISTOGRAM_MAX_BPM + 1);
  let counted = 0;
  for (let i = 1; i < time.length; i += 1) {
    const dt = ((time[i] as number) - (time[i - 1] as number)) / 1000;
    if (!(dt > 0) || segmentStarts.has(i)) {
      continue;
    }
    if (hasDistance) {
      const dd = (distance[i] as number) - (distance[i - 1] as number);
      if (!(dd / dt > MOVING_SPEED_THRESHOLD_MPS)) {
        continue;
      }
    } else if (dt > MAX_UNMOVING_GAP_S) {
      continue;
    }
    const here = heartRate[i] as number;
    const bpm = Number.isFinite(here) && here > 0 ? here : (heartRate[i - 1] as number);
    if (!(Number.isFinite(bpm) && bpm > 0)) {
      continue;
    }
    const index = bpmIndex(bpm);
    seconds[index] = (seconds[index] as number) + dt;
    counted += dt;
  }
  if (counted === 0) {
    return null;
  }
  const atMost: number[] = [];
  let sum = 0;
  for (const value of seconds) {
    sum += value;
    // Rounding the running sum (not each bpm) keeps the whole within a second of the truth.
    atMost.push(Math.round(sum));
  }
  return atMost;
}

/**
 * Seconds in each zone from sums of `secondsAtMost` taken at the zones' edges: `atMostBefore[k]` is
 * the time at ≤ (zone k's first bpm − 1), and `total` the time at any heart rate.
 */
export function zoneSecondsFromEdges(atMostBefore: readonly number[], total: number): number[] {
  return atMostBefore.map((below, index) => Math.max(0, (atMostBefore[index + 1] ?? total) - below));
}

/** Seconds in each zone of one activity's histogram. */
export function zoneSeconds(secondsAtMost: readonly number[], zones: readonly HeartRateZoneBounds[]): number[] {
  const at = (bpm: number) => (bpm < 0 ? 0 : (secondsAtMost[Math.min(bpm, secondsAtMost.length - 1)] ?? 0));
  return zoneSecondsFromEdges(
    zones.map((zone) => at(zone.fromBpm - 1)),
    at(HEART_RATE_HISTOGRAM_MAX_BPM),
  );
}

/** The maximum heart rate a runner may set (bpm): whole numbers in a range real hearts reach. */
export const MAX_HEART_RATE_LIMITS = { min: 120, max: 230 } as const;
