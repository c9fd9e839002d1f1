/**
 * Speed along a track: the spec §5 moving-time threshold, moving time and timed distance, and the
 * glitch-proof maximum speed (the speed held over a stretch of at least 10 s).
 */

/** Spec §5 and §9: "Moving time counts only segments faster than about 0.14 m/s". */
export const MOVING_SPEED_THRESHOLD_MPS = 0.14;

/**
 * The shortest stretch whose speed can be a maximum: 10 s and 5 segments between points. Shorter
 * is a few fixes, and one bad fix makes two absurd segments (out to the glitch and back).
 */
export const MAX_SPEED_WINDOW_S = 10;
export const MAX_SPEED_WINDOW_SEGMENTS = 5;
/**
 * At most this many segments in a stretch (25 a second over 10 s), so a file whose points are a
 * millisecond apart costs time in proportion to its points; its stretches are then shorter.
 */
export const MAX_SPEED_WINDOW_MAX_SEGMENTS = 250;

/** Inserts (speed, seconds) into the first `count` entries of two arrays kept sorted by speed. */
function insertSorted(speeds: Float64Array, seconds: Float64Array, count: number, speed: number, dt: number): void {
  let at = count;
  while (at > 0 && (speeds[at - 1] as number) > speed) {
    at -= 1;
  }
  speeds.copyWithin(at + 1, at, count);
  seconds.copyWithin(at + 1, at, count);
  speeds[at] = speed;
  seconds[at] = dt;
}

/** Removes one entry equal to (speed, seconds) from the first `count` entries of the sorted arrays. */
function removeSorted(speeds: Float64Array, seconds: Float64Array, count: number, speed: number, dt: number): void {
  let at = count - 1;
  while (at > 0 && !((speeds[at] as number) === speed && (seconds[at] as number) === dt)) {
    at -= 1;
  }
  speeds.copyWithin(at, at + 1, count);
  seconds.copyWithin(at, at + 1, count);
}

/** The speed held for at least half the time of the sorted entries: their time-weighted median. */
function heldForHalf(speeds: Float64Array, seconds: Float64Array, count: number, total: number): number {
  let covered = 0;
  for (let at = count - 1; at >= 0; at -= 1) {
    covered += seconds[at] as number;
    if (covered * 2 >= total) {
      return speeds[at] as number;
    }
  }
  return 0;
}

/**
 * The maximum speed, in m/s: the highest speed held for at least half of a stretch of at least
 * MAX_SPEED_WINDOW_S and MAX_SPEED_WINDOW_SEGMENTS segments (the time-weighted median of its
 * segments' speeds; for each timed point, the shortest such stretch that ends there); over the
 * whole track when it is shorter. A GPS spike or a watch settling its position lasts a few seconds
 * of such a stretch and never becomes the maximum, while a real sprint of 10 s shows. The
 * plausibility flag judges this same figure (plausibility.ts). A distance that steps back counts as
 * standing still; segments without time are skipped.
 */
export function maxSpeed(time: Float64Array, distance: Float64Array): number {
  const windowMs = MAX_SPEED_WINDOW_S * 1000;
  // The window's segments in time order (from head to tail) and sorted by speed.
  const n = time.length;
  const segmentSpeed = new Float64Array(Math.max(1, n));
  const segmentSeconds = new Float64Array(Math.max(1, n));
  const sortedSpeed = new Float64Array(Math.max(1, n));
  const sortedSeconds = new Float64Array(Math.max(1, n));
  let head = 0;
  let tail = 0;
  let total = 0;
  let best = 0;
  let full = false;
  let previous = -1;
  for (let i = 0; i < n; i += 1) {
    if (!Number.isFinite(time[i])) {
      continue;
    }
    if (previous < 0) {
      previous = i;
      continue;
    }
    const dt = ((time[i] as number) - (time[previous] as number)) / 1000;
    const dd = (distance[i] as number) - (distance[previous] as number);
    previous = i;
    if (!(dt > 0) || !Number.isFinite(dd)) {
      continue;
    }
    const speed = Math.max(0, dd) / dt;
    segmentSpeed[tail] = speed;
    segmentSeconds[tail] = dt;
    insertSorted(sortedSpeed, sortedSeconds, tail - head, speed, dt);
    tail += 1;
    total += dt;
    // Drop the oldest segments while the stretch without them still spans the window (or is too long).
    while (
      tail - head > MAX_SPEED_WINDOW_MAX_SEGMENTS ||
      (tail - head > MAX_SPEED_WINDOW_SEGMENTS && (total - (segmentSeconds[head] as number)) * 1000 >= windowMs)
    ) {
      removeSorted(
        sortedSpeed,
        sortedSeconds,
        tail - head,
        segmentSpeed[head] as number,
        segmentSeconds[head] as number,
      );
      total -= segmentSeconds[head] as number;
      head += 1;
    }
    if (
      tail - head >= MAX_SPEED_WINDOW_SEGMENTS &&
      (total * 1000 >= windowMs || tail - head >= MAX_SPEED_WINDOW_MAX_SEGMENTS)
    ) {
      full = true;
      best = Math.max(best, heldForHalf(sortedSpeed, sortedSeconds, tail - head, total));
    }
  }
  if (!full && tail > head) {
    return heldForHalf(sortedSpeed, sortedSeconds, tail - head, total);
  }
  return best;
}

/**
 * Seconds spent in segments faster than MOVING_SPEED_THRESHOLD_MPS (spec §5), and the metres
 * covered between timed points. A segment between two timed points counts in full or not at all;
 * a stretch of untimed points contributes neither time nor distance, so a track timed only in
 * part still gets an honest average speed.
 */
export function movingStats(time: Float64Array, distance: Float64Array): { movingTime: number; timedDistance: number } {
  let moving = 0;
  let timedDistance = 0;
  for (let i = 1; i < time.length; i += 1) {
    const dt = ((time[i] as number) - (time[i - 1] as number)) / 1000;
    if (!(dt >= 0)) {
      continue;
    }
    const dd = (distance[i] as number) - (distance[i - 1] as number);
    timedDistance += Math.max(0, dd);
    if (dt > 0 && dd / dt > MOVING_SPEED_THRESHOLD_MPS) {
      moving += dt;
    }
  }
  return { movingTime: moving, timedDistance };
}
