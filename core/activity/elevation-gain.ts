/**
 * Elevation along a track: the distance-window smoothing used for gain and split grades, the
 * measured fix-to-fix noise of a recording, and the hysteresis rule for metres climbed.
 */

/**
 * Elevation gain counts only swings of the smoothed elevation at least a threshold high: 3 × the
 * track's measured noise, kept within 1–3 m. See `elevationGain`.
 */
export const ELEVATION_HYSTERESIS_MIN_M = 1;
export const ELEVATION_HYSTERESIS_MAX_M = 3;
export const ELEVATION_NOISE_MULTIPLE = 3;
/** Elevation is averaged over this many metres of track either side of each point… */
export const ELEVATION_SMOOTHING_HALF_WINDOW_M = 50;
/** …and over at least this many points either side, so sparse tracks are smoothed too… */
export const ELEVATION_SMOOTHING_MIN_POINTS = 2;
/** …as long as they are within this many metres (a point every 500 m is not averaged with the next). */
export const ELEVATION_SMOOTHING_MAX_REACH_M = 200;

/**
 * Elevation averaged over the points within ELEVATION_SMOOTHING_HALF_WINDOW_M metres either side,
 * and over at least ELEVATION_SMOOTHING_MIN_POINTS points either side when they are within
 * ELEVATION_SMOOTHING_MAX_REACH_M (so sparse tracks are smoothed too, but never across kilometres);
 * missing values are skipped and NaN stays NaN. A window in metres rather than points treats a 1 Hz
 * phone track and a sparse "smart recording" alike. Used for elevation gain and for split grades.
 */
export function smoothElevation(
  elevation: Float64Array,
  distance: Float64Array,
  segmentStarts?: Uint32Array,
): Float64Array {
  if (segmentStarts === undefined || segmentStarts.length === 0) {
    return smoothRange(elevation, distance);
  }
  // Each recorded segment on its own: across a gap the distance stands still, and two places
  // kilometres apart must not be averaged together.
  const smoothed = new Float64Array(elevation.length);
  let from = 0;
  for (const start of [...segmentStarts, elevation.length]) {
    smoothed.set(smoothRange(elevation.subarray(from, start), distance.subarray(from, start)), from);
    from = start;
  }
  return smoothed;
}

function smoothRange(elevation: Float64Array, distance: Float64Array): Float64Array {
  const n = elevation.length;
  const half = ELEVATION_SMOOTHING_HALF_WINDOW_M;
  const minPoints = ELEVATION_SMOOTHING_MIN_POINTS;
  const reach = ELEVATION_SMOOTHING_MAX_REACH_M;
  const smoothed = new Float64Array(n);
  // Running sum over the finite values of the window: O(n) for any window size.
  let sum = 0;
  let count = 0;
  let windowStart = 0;
  let windowEnd = 0; // exclusive
  for (let i = 0; i < n; i += 1) {
    const here = distance[i] as number;
    while (windowEnd < n) {
      const ahead = (distance[windowEnd] as number) - here;
      if (!(ahead <= half || (windowEnd <= i + minPoints && ahead <= reach))) {
        break;
      }
      const value = elevation[windowEnd] as number;
      if (Number.isFinite(value)) {
        sum += value;
        count += 1;
      }
      windowEnd += 1;
    }
    while (windowStart < i) {
      const behind = here - (distance[windowStart] as number);
      if (behind <= half || (windowStart >= i - minPoints && behind <= reach)) {
        break;
      }
      const value = elevation[windowStart] as number;
      if (Number.isFinite(value)) {
        sum -= value;
        count -= 1;
      }
      windowStart += 1;
    }
    smoothed[i] = Number.isFinite(elevation[i]) && count > 0 ? sum / count : Number.NaN;
  }
  return smoothed;
}

/**
 * The fix-to-fix noise of an elevation series, in metres (a robust standard deviation). For
 * independent noise of deviation σ the second difference e[i+1] − 2e[i] + e[i−1] has deviation
 * σ√6, while real terrain, smooth over a few fixes, adds little; the median absolute value (× 1.4826
 * for a normal distribution) ignores the few points where terrain does bend sharply.
 */
export function elevationNoise(elevation: Float64Array): number {
  const differences = new Float64Array(Math.max(0, elevation.length - 2));
  let count = 0;
  for (let i = 1; i + 1 < elevation.length; i += 1) {
    const second = (elevation[i + 1] as number) - 2 * (elevation[i] as number) + (elevation[i - 1] as number);
    if (Number.isFinite(second)) {
      differences[count] = Math.abs(second);
      count += 1;
    }
  }
  if (count === 0) {
    return 0;
  }
  const sorted = differences.subarray(0, count).sort();
  return (1.4826 * (sorted[count >> 1] as number)) / Math.sqrt(6);
}

/**
 * Metres climbed, robust to GPS noise.
 *
 * GPS elevation wanders by a few metres from fix to fix even on flat ground; summing every rise
 * would credit a flat 10 km with hundreds of metres. Two steps keep the noise out and real climbs in:
 * 1. smoothElevation: an average over ±50 m of track. Independent fix-to-fix noise shrinks with the
 *    square root of the points averaged, while a hill, hundreds of metres long, passes nearly intact.
 * 2. Hysteresis: a swing counts only when it is at least a threshold high — a climb is confirmed
 *    once the elevation rises the threshold above the lowest point, and it is then counted in full,
 *    from that low point to the top it reaches before descending the threshold again. Smaller
 *    wiggles count nothing. The threshold is 3 × the recording's own measured noise
 *    (elevationNoise), held between 1 m and 3 m: GPS elevation with ±1–2 m of noise gets 3 m, which
 *    what is left of that noise after smoothing stays inside, while a barometric altimeter (most
 *    FIT files), smooth to centimetres, gets 1 m and keeps its gentle rollers.
 * Measured on generated 10 km tracks at 1–100 m spacing: flat with ±2 m uniform noise 0 m (Gaussian
 * σ = 1.5 m: at most 7 m); a noisy 100 m climb 101–103 m; 5 m rollers ~49 of 50 m. On the FIT
 * fixtures' barometric tracks: 54 vs the device's 57 m, 34 vs 32 m, 258 vs 251 m. The tests check
 * the flat, climb and roller cases.
 */
export function elevationGain(elevation: Float64Array, distance: Float64Array, segmentStarts?: Uint32Array): number {
  const threshold = Math.min(
    ELEVATION_HYSTERESIS_MAX_M,
    Math.max(ELEVATION_HYSTERESIS_MIN_M, ELEVATION_NOISE_MULTIPLE * elevationNoise(elevation)),
  );
  const smoothed = smoothElevation(elevation, distance, segmentStarts);
  let gain = 0;
  let low = Number.NaN;
  let high = Number.NaN;
  let climbing = false;
  for (let i = 0; i < smoothed.length; i += 1) {
    const value = smoothed[i] as number;
    if (Number.isNaN(value)) {
      continue;
    }
    if (Number.isNaN(low)) {
      low = value;
      high = value;
    } else if (climbing) {
      if (value > high) {
        high = value;
      } else if (high - value >= threshold) {
        gain += high - low;
        climbing = false;
        low = value;
      }
    } else if (value < low) {
      low = value;
    } else if (value - low >= threshold) {
      climbing = true;
      high = value;
    }
  }
  return climbing ? gain + (high - low) : gain;
}
