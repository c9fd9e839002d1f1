/**
 * The fastest contiguous stretch of each standard distance in a recorded track.
 * Time counts the way an activity's moving time does (moving-speed.ts movingStats): a segment slower than
 * MOVING_SPEED_THRESHOLD_MPS adds its metres but no time, so a pause at a crossing is left out. A
 * segment faster than anyone runs (plausibility.ts, 12.5 m/s on foot) or covering metres in no time
 * is a GPS jump and adds neither metres nor time, so a glitch never becomes a record.
 * The search is a linear two-pointer scan per distance. Along the track, time is piecewise linear
 * in distance, so the fastest stretch starts or ends at a recorded point: one pass puts the end on
 * each point and interpolates the start, the other the reverse.
 */
import { MOVING_SPEED_THRESHOLD_MPS } from '../activity/moving-speed.ts';
import { MAX_SUSTAINED_SPEED_MPS } from '../activity/plausibility.ts';
import { METRES_PER_MILE } from '../units.ts';
import { RACE_PRESETS, type RacePreset } from './pace.ts';

/** A distance whose fastest stretch is kept: a race preset's label and metres, or a shorter one's. */
export type BestEffortDistance = Omit<RacePreset, 'id'> & { id: string };

export const BEST_EFFORT_DISTANCES: readonly BestEffortDistance[] = [
  { id: '400m', label: '400 m', metres: 400 },
  { id: '1k', label: '1 km', metres: 1000 },
  { id: '1mi', label: '1 mile', metres: METRES_PER_MILE },
  ...RACE_PRESETS,
];

/** Cumulative metres and elapsed seconds per point (NaN where a point has no time). */
export interface EffortTrack {
  distance: ArrayLike<number>;
  seconds: ArrayLike<number>;
}

export interface BestEffort {
  distance: BestEffortDistance;
  /** Moving seconds over the stretch. */
  seconds: number;
  /** Where the stretch starts and ends, in metres of counted distance from the first point. */
  startMetres: number;
  endMetres: number;
}

/** Counted distance and moving time, cumulative per point, under the rules above. */
export function countedProgress(track: EffortTrack): { metres: Float64Array; moving: Float64Array } {
  const n = Math.min(track.distance.length, track.seconds.length);
  const metres = new Float64Array(n);
  const moving = new Float64Array(n);
  const maxSpeed = MAX_SUSTAINED_SPEED_MPS.run;
  for (let i = 1; i < n; i += 1) {
    const dt = (track.seconds[i] as number) - (track.seconds[i - 1] as number);
    const dd = Math.max(0, (track.distance[i] as number) - (track.distance[i - 1] as number));
    let addMetres = 0;
    let addSeconds = 0;
    if (dt >= 0 && Number.isFinite(dd) && !(dd > 0 && (dt === 0 || dd / dt > maxSpeed))) {
      addMetres = dd;
      addSeconds = dt > 0 && dd / dt > MOVING_SPEED_THRESHOLD_MPS ? dt : 0;
    }
    metres[i] = (metres[i - 1] as number) + addMetres;
    moving[i] = (moving[i - 1] as number) + addSeconds;
  }
  return { metres, moving };
}

function interpolate(metres: Float64Array, moving: Float64Array, i: number, x: number): number {
  const d0 = metres[i] as number;
  const d1 = metres[i + 1] as number;
  const t0 = moving[i] as number;
  return d1 > d0 ? t0 + ((x - d0) / (d1 - d0)) * ((moving[i + 1] as number) - t0) : t0;
}

/** The fastest stretch of `length` metres, or undefined when the track is shorter. */
export function fastestStretch(
  metres: Float64Array,
  moving: Float64Array,
  length: number,
): { seconds: number; startMetres: number; endMetres: number } | undefined {
  const n = metres.length;
  if (n < 2 || (metres[n - 1] as number) < length) {
    return undefined;
  }
  let best = Number.POSITIVE_INFINITY;
  let bestStart = 0;
  // Ends on a point, start interpolated: i is the last point at or before the start.
  let i = 0;
  for (let j = 1; j < n; j += 1) {
    const start = (metres[j] as number) - length;
    if (start < 0) {
      continue;
    }
    while (i + 1 < j && (metres[i + 1] as number) <= start) {
      i += 1;
    }
    const seconds = (moving[j] as number) - interpolate(metres, moving, i, start);
    if (seconds < best) {
      best = seconds;
      bestStart = start;
    }
  }
  // Starts on a point, end interpolated: j is the first point at or after the end.
  let j = 1;
  for (let s = 0; s < n - 1; s += 1) {
    const end = (metres[s] as number) + length;
    if (end > (metres[n - 1] as number)) {
      break;
    }
    if (j <= s) {
      j = s + 1;
    }
    while ((metres[j] as number) < end) {
      j += 1;
    }
    const seconds = interpolate(metres, moving, j - 1, end) - (moving[s] as number);
    if (seconds < best) {
      best = seconds;
      bestStart = metres[s] as number;
    }
  }
  return { seconds: best, startMetres: bestStart, endMetres: bestStart + length };
}

/** The best effort at each standard distance the track covers. */
export function bestEfforts(
  track: EffortTrack,
  distances: readonly BestEffortDistance[] = BEST_EFFORT_DISTANCES,
): BestEffort[] {
  const { metres, moving } = countedProgress(track);
  const efforts: BestEffort[] = [];
  for (const distance of distances) {
    const stretch = fastestStretch(metres, moving, distance.metres);
    if (stretch) {
      efforts.push({ distance, ...stretch });
    }
  }
  return efforts;
}
