/**
 * Speed along a track: the spec §5 moving-time threshold, moving time and timed distance, and the
 * glitch-proof maximum speed (median over a few consecutive segments).
 */

/** Spec §5 and §9: "Moving time counts only segments faster than about 0.14 m/s". */
export const MOVING_SPEED_THRESHOLD_MPS = 0.14;

/** Consecutive segment speeds whose median is one candidate for the maximum speed. */
export const MAX_SPEED_WINDOW_SEGMENTS = 5;

/** Sorts a few numbers in place (insertion sort: windows are tiny) and returns their median. */
function medianOf(values: Float64Array, count: number): number {
  for (let i = 1; i < count; i += 1) {
    const value = values[i] as number;
    let j = i - 1;
    while (j >= 0 && (values[j] as number) > value) {
      values[j + 1] = values[j] as number;
      j -= 1;
    }
    values[j + 1] = value;
  }
  const middle = count >> 1;
  return count % 2 === 1
    ? (values[middle] as number)
    : ((values[middle - 1] as number) + (values[middle] as number)) / 2;
}

/**
 * The highest speed held over MAX_SPEED_WINDOW_SEGMENTS consecutive segments, as the median of
 * their speeds. One bad fix makes two absurd segments (out to the glitch and back); a median of
 * five ignores up to two, so a glitch never becomes the maximum, while a real sprint of a few
 * seconds still shows.
 */
export function maxSpeed(time: Float64Array, distance: Float64Array): number {
  const window = new Float64Array(MAX_SPEED_WINDOW_SEGMENTS);
  const scratch = new Float64Array(MAX_SPEED_WINDOW_SEGMENTS);
  let filled = 0;
  let next = 0;
  let best = 0;
  let segments = 0;
  for (let i = 1; i < time.length; i += 1) {
    const dt = ((time[i] as number) - (time[i - 1] as number)) / 1000;
    if (!(dt > 0)) {
      continue;
    }
    const speed = Math.max(0, (distance[i] as number) - (distance[i - 1] as number)) / dt;
    window[next] = speed;
    next = (next + 1) % MAX_SPEED_WINDOW_SEGMENTS;
    filled = Math.min(filled + 1, MAX_SPEED_WINDOW_SEGMENTS);
    segments += 1;
    if (filled === MAX_SPEED_WINDOW_SEGMENTS) {
      scratch.set(window);
      best = Math.max(best, medianOf(scratch, filled));
    }
  }
  if (segments > 0 && segments < MAX_SPEED_WINDOW_SEGMENTS) {
    // Too short for a full window: the median of what there is.
    scratch.set(window);
    best = medianOf(scratch, filled);
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

/**
 * The shortest stretch of a track whose average speed judges whether it is humanly possible: 30 s.
 * A watch settling its position at the start (79 m in 4 s) or one bad fix lasts a few seconds and
 * is diluted by the running around it; a car, a train or a file that was made up holds its speed.
 */
export const SUSTAINED_SPEED_WINDOW_S = 30;

/**
 * The highest average speed over any stretch of at least SUSTAINED_SPEED_WINDOW_S (for each timed
 * point, the shortest such stretch that ends there), in m/s; over the whole track when it lasts
 * less. Untimed points are skipped; a distance that steps back counts as standing still, and one
 * that is not a number (judged by the distance rule) as nothing.
 */
export function sustainedSpeed(time: Float64Array, distance: Float64Array): number {
  const windowMs = SUSTAINED_SPEED_WINDOW_S * 1000;
  let first = -1;
  let last = -1;
  let start = -1;
  let best = 0;
  for (let end = 0; end < time.length; end += 1) {
    const t = time[end] as number;
    if (!Number.isFinite(t)) {
      continue;
    }
    if (first < 0) {
      first = end;
      start = end;
    }
    last = end;
    // Move the start forward while the stretch from the next timed point still lasts the window.
    for (let next = start + 1; next < end; next += 1) {
      const nextTime = time[next] as number;
      if (!Number.isFinite(nextTime)) {
        continue;
      }
      if (t - nextTime < windowMs) {
        break;
      }
      start = next;
    }
    const elapsed = t - (time[start] as number);
    if (elapsed >= windowMs) {
      const covered = Math.max(0, (distance[end] as number) - (distance[start] as number));
      if (Number.isFinite(covered)) {
        best = Math.max(best, covered / (elapsed / 1000));
      }
    }
  }
  if (best === 0 && first >= 0 && last > first) {
    const elapsed = ((time[last] as number) - (time[first] as number)) / 1000;
    const covered = Math.max(0, (distance[last] as number) - (distance[first] as number));
    return elapsed > 0 && Number.isFinite(covered) ? covered / elapsed : 0;
  }
  return best;
}
