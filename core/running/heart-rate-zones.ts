/**
 * Heart-rate zones: five zones, by one of three methods the runner chooses (HEART_RATE_ZONE_METHODS):
 * - 'max', % of maximum heart rate (the model Garmin and Polar show by default): Zone 1 50–60 %,
 *   Zone 2 60–70 %, Zone 3 70–80 %, Zone 4 80–90 %, Zone 5 90 % and above. Time below 50 % is in
 *   no zone.
 * - 'reserve', % of heart-rate reserve (Karvonen, Kentala & Mustala, 1957: heart rate = resting +
 *   fraction × (maximum − resting)), with the same bands: 50–60, 60–70, 70–80, 80–90, 90 % and up.
 * - 'lthr', % of lactate-threshold heart rate (Joe Friel's running zones, "The Triathlete's Training
 *   Bible"): Zone 1 below 85 %, Zone 2 85–89 %, Zone 3 90–94 %, Zone 4 95–99 %, Zone 5 100 % and
 *   above (Friel's 5a–5c together).
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

export const HEART_RATE_ZONE_METHODS = ['max', 'reserve', 'lthr'] as const;
export type HeartRateZoneMethod = (typeof HEART_RATE_ZONE_METHODS)[number];

/** How each method is named where the zones are drawn. */
export const HEART_RATE_ZONE_MODELS: Readonly<Record<HeartRateZoneMethod, string>> = {
  max: '% of maximum heart rate, 5 zones',
  reserve: '% of heart-rate reserve (Karvonen), 5 zones',
  lthr: '% of lactate-threshold heart rate (Friel), 5 zones',
};
export const HEART_RATE_ZONE_MODEL = HEART_RATE_ZONE_MODELS.max;

/** Lower bounds of Zones 1–5 as fractions of lactate-threshold heart rate (Friel). */
export const LTHR_ZONE_FROM = [0, 0.85, 0.9, 0.95, 1] as const;

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

/** What the zones are worked out from: the heart rates in force (bpm) and the method. */
export interface ZoneBasis {
  method: HeartRateZoneMethod;
  maxHeartRate: number;
  restingHeartRate: number;
  /** Required by 'lthr'; a basis without it falls back to 'max'. */
  lactateThresholdHeartRate: number | null;
}

/** The method in force: 'lthr' needs a lactate-threshold heart rate, else the zones are by maximum. */
export function zoneMethodOf(basis: ZoneBasis): HeartRateZoneMethod {
  return basis.method === 'lthr' && basis.lactateThresholdHeartRate === null ? 'max' : basis.method;
}

/** The heart rate (bpm, not rounded) at which each zone starts under the basis. */
function zoneStarts(basis: ZoneBasis): number[] {
  const { maxHeartRate, restingHeartRate, lactateThresholdHeartRate } = basis;
  switch (zoneMethodOf(basis)) {
    case 'reserve':
      return HEART_RATE_ZONES.map((zone) => restingHeartRate + zone.from * (maxHeartRate - restingHeartRate));
    case 'lthr':
      return LTHR_ZONE_FROM.map((from) => from * (lactateThresholdHeartRate ?? maxHeartRate));
    default:
      return HEART_RATE_ZONES.map((zone) => maxHeartRate * zone.from);
  }
}

/**
 * The zones in whole beats per minute: a zone starts at the first whole bpm at its percentage. A
 * number is the maximum heart rate (zones by % of maximum).
 */
export function heartRateZoneBounds(basis: ZoneBasis | number): HeartRateZoneBounds[] {
  const full: ZoneBasis =
    typeof basis === 'number'
      ? { method: 'max', maxHeartRate: basis, restingHeartRate: 0, lactateThresholdHeartRate: null }
      : basis;
  const starts = zoneStarts(full).map((start) => Math.max(0, Math.ceil(start - 1e-9)));
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
/**
 * A resting heart rate a runner may set (bpm): trained endurance athletes reach the low 30s (a
 * handful lower), and above 100 is tachycardia at rest, not a training basis.
 */
export const RESTING_HEART_RATE_LIMITS = { min: 30, max: 100 } as const;
/** A lactate-threshold heart rate a runner may set (bpm): about 80–95 % of a maximum of 120–230. */
export const LACTATE_THRESHOLD_HEART_RATE_LIMITS = { min: 100, max: 220 } as const;
