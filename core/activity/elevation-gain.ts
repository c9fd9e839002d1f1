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

/** Metres climbed and descended over a track or a planned route's profile. */
export interface ElevationChange {
  gain: number;
  loss: number;
}

/**
 * The indices where the smoothed elevation turns (hysteresis, see `elevationChange`), the first and
 * the last point with an elevation included.
 */
function turningPoints(smoothed: Float64Array, threshold: number): number[] {
  const turns: number[] = [];
  let anchor = -1;
  let extreme = -1;
  let low = -1;
  let high = -1;
  let direction = 0;
  let last = -1;
  for (let i = 0; i < smoothed.length; i += 1) {
    const value = smoothed[i] as number;
    if (Number.isNaN(value)) {
      continue;
    }
    last = i;
    if (anchor < 0) {
      anchor = i;
      low = i;
      high = i;
      turns.push(i);
    } else if (direction === 0) {
      // Neither a climb nor a descent is confirmed yet: the first one is measured from the lowest
      // (or highest) point before it.
      low = value < (smoothed[low] as number) ? i : low;
      high = value > (smoothed[high] as number) ? i : high;
      if (value - (smoothed[low] as number) >= threshold) {
        anchor = pushTurn(turns, low);
        extreme = i;
        direction = 1;
      } else if ((smoothed[high] as number) - value >= threshold) {
        anchor = pushTurn(turns, high);
        extreme = i;
        direction = -1;
      }
    } else if (direction * (value - (smoothed[extreme] as number)) > 0) {
      extreme = i;
    } else if (direction * ((smoothed[extreme] as number) - value) >= threshold) {
      anchor = pushTurn(turns, extreme);
      extreme = i;
      direction = -direction;
    }
  }
  if (direction !== 0) {
    pushTurn(turns, extreme);
  }
  if (last >= 0) {
    pushTurn(turns, last);
  }
  return turns;
}

function pushTurn(turns: number[], index: number): number {
  if (turns.at(-1) !== index) {
    turns.push(index);
  }
  return index;
}

/** The nearest points with an elevation before (step −1) or after (step 1) index i, nearest first. */
function neighbours(elevation: Float64Array, i: number, step: 1 | -1): number[] {
  const found: number[] = [];
  for (let j = i + step; j >= 0 && j < elevation.length && found.length < 2; j += step) {
    if (Number.isFinite(elevation[j])) {
      found.push(j);
    }
  }
  return found;
}

/**
 * The elevation a turning point is measured at: the recorded value when the straight line (over
 * distance) through the two recorded points before it, or the two after it, reaches it within the
 * threshold (a summit or a valley the line runs into); the smoothed value when the recorded one
 * stands alone (a GPS spike) or there are no two points on either side to judge it by.
 */
function turnElevation(
  elevation: Float64Array,
  distance: Float64Array,
  smoothed: Float64Array,
  i: number,
  threshold: number,
): number {
  const recorded = elevation[i] as number;
  for (const step of [-1, 1] as const) {
    const [near, far] = neighbours(elevation, i, step);
    if (near === undefined || far === undefined) {
      continue;
    }
    const run = (distance[near] as number) - (distance[far] as number);
    if (run === 0) {
      continue;
    }
    const slope = ((elevation[near] as number) - (elevation[far] as number)) / run;
    const reached = (elevation[near] as number) + slope * ((distance[i] as number) - (distance[near] as number));
    if (Math.abs(reached - recorded) <= threshold) {
      return recorded;
    }
  }
  return smoothed[i] as number;
}

/**
 * Metres climbed and descended, robust to GPS noise; the one rule for recorded activities and for
 * planned routes' elevation profiles.
 *
 * GPS elevation wanders by a few metres from fix to fix even on flat ground; summing every rise
 * would credit a flat 10 km with hundreds of metres. Three steps keep the noise out and real climbs in:
 * 1. smoothElevation: an average over ±50 m of track. Independent fix-to-fix noise shrinks with the
 *    square root of the points averaged, while a hill, hundreds of metres long, passes nearly intact.
 * 2. Hysteresis on the smoothed line finds where climbs and descents turn: a turn counts only when
 *    the line then moves at least a threshold the other way. The threshold is 3 × the recording's
 *    own measured noise (elevationNoise), held between 1 m and 3 m: GPS elevation with ±1–2 m of
 *    noise gets 3 m, while a barometric altimeter or a terrain model, smooth to centimetres, gets 1 m
 *    and keeps its gentle rollers.
 * 3. Each climb and descent is measured between the elevations at those turns, as recorded where the
 *    recording runs into the turn in a straight line (an average would shave every summit and
 *    valley: a 5 % ramp loses 3 m at its top), smoothed where the recorded value is a lone spike.
 *    The first and the last point are turns too, so gain − loss is exactly the last elevation minus
 *    the first: a closed loop climbs exactly what it descends.
 * Measured on generated 10 km tracks at 1–100 m spacing: flat with ±2 m uniform noise under 5 m
 * (Gaussian σ = 1.5 m: under 10 m); a noisy 100 m climb 95–108 m; 5 m rollers 50 of 50 m. On the FIT
 * fixtures' barometric tracks against the device's ascent: 56 vs 57 m, 35 vs 32 m, 273 vs 251 m.
 */
export function elevationChange(
  elevation: Float64Array,
  distance: Float64Array,
  segmentStarts?: Uint32Array,
): ElevationChange {
  const threshold = Math.min(
    ELEVATION_HYSTERESIS_MAX_M,
    Math.max(ELEVATION_HYSTERESIS_MIN_M, ELEVATION_NOISE_MULTIPLE * elevationNoise(elevation)),
  );
  const smoothed = smoothElevation(elevation, distance, segmentStarts);
  const turns = turningPoints(smoothed, threshold);
  let gain = 0;
  let loss = 0;
  let previous = Number.NaN;
  for (const index of turns) {
    const value = turnElevation(elevation, distance, smoothed, index, threshold);
    if (value > previous) {
      gain += value - previous;
    } else if (value < previous) {
      loss += previous - value;
    }
    previous = value;
  }
  return { gain, loss };
}

/** Metres climbed (see `elevationChange`). */
export function elevationGain(elevation: Float64Array, distance: Float64Array, segmentStarts?: Uint32Array): number {
  return elevationChange(elevation, distance, segmentStarts).gain;
}
