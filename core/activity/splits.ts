/**
 * Splits per kilometre and per mile (spec §3 Detailed activity: splits_metric, splits_standard),
 * computed from a track at import. The objects keep the spec's own snake_case Split field names —
 * distance, elapsed_time, elevation_difference, moving_time, split, average_speed,
 * average_grade_adjusted_speed, pace_zone — because they are that record, stored and served as is.
 */
import { MAX_SPLITS } from './bounds.ts';
import { smoothElevation } from './elevation-gain.ts';
import { MOVING_SPEED_THRESHOLD_MPS } from './moving-speed.ts';
import type { TimerPause } from './parsed.ts';
import { trackLength, type Track } from './track.ts';
import { METRES_PER_KILOMETRE, METRES_PER_MILE } from '../units.ts';

/** "metric" splits are 1000 m, "standard" splits 1 mile = 1609.34 m (spec §9). */
export type SplitSystem = 'metric' | 'standard';

/** Spec §3 Split. Distances in metres, times in seconds, speeds in m/s. */
export interface Split {
  /** Metres covered: the full split length, except for the last (partial) split. */
  distance: number;
  elapsed_time: number;
  /** Smoothed elevation at the end minus at the start, metres; 0 without elevation data. */
  elevation_difference: number;
  moving_time: number;
  /**
   * The device's timer over the split, whole seconds, where the file carries the device's timer
   * (withTimerTimes); absent otherwise.
   */
  timer_time?: number;
  /** 1-based. */
  split: number;
  /** distance / moving_time; 0 when not moving. */
  average_speed: number;
  /** The flat-ground speed of equal effort (see gradeCostFactor); 0 when not moving. */
  average_grade_adjusted_speed: number;
  /**
   * Strava's pace zone of the split. Zones come from a user's threshold pace, which Stride does not
   * know, so every split is 0 (no zone), as Strava itself reports for athletes without zones.
   */
  pace_zone: number;
}

export const SPLIT_LENGTH_M: Readonly<Record<SplitSystem, number>> = {
  metric: METRES_PER_KILOMETRE,
  standard: METRES_PER_MILE,
};

/** Grades are measured over this many metres either side of a point, so GPS noise does not swing them. */
export const GRADE_HALF_WINDOW_M = 50;
/** Minetti's measurements cover grades from −45 % to +45 %; steeper is held at the limit. */
const MAX_GRADE = 0.45;
/**
 * A remainder shorter than this at the end (a 10.0002 km run's last 0.2 m, what GPS adds after a
 * measured course) is no split of its own, which would read "0.00 km 0:00": it is added to the last
 * full split.
 */
export const MIN_PARTIAL_SPLIT_M = 10;

/**
 * The energy cost of running at `grade` relative to flat ground, from Minetti et al. (2002),
 * "Energy cost of walking and running at extreme uphill and downhill slopes", J Appl Physiol 93:
 * C(i) = 155.4i⁵ − 30.4i⁴ − 43.3i³ + 46.3i² + 19.5i + 3.6 J/(kg·m), so C(0) = 3.6. A metre at +10 %
 * costs about 1.66 flat metres, at −10 % about 0.6; steeper descents cost more again.
 * Grade-adjusted speed is then flat-equivalent metres over moving time — the model behind
 * Strava's and others' GAP. It describes running; for rides it is reported the same way.
 */
export function gradeCostFactor(grade: number): number {
  const i = Math.max(-MAX_GRADE, Math.min(MAX_GRADE, grade));
  const cost = ((((155.4 * i - 30.4) * i - 43.3) * i + 46.3) * i + 19.5) * i + 3.6;
  return cost / 3.6;
}

/** The grade at each point: smoothed rise over run across ±GRADE_HALF_WINDOW_M; 0 where unknown. */
function pointGrades(elevation: Float64Array, distance: Float64Array): Float64Array {
  const n = elevation.length;
  const grades = new Float64Array(n);
  let back = 0;
  let ahead = 0;
  for (let i = 0; i < n; i += 1) {
    const here = distance[i] as number;
    while (here - (distance[back] as number) > GRADE_HALF_WINDOW_M) {
      back += 1;
    }
    if (ahead < i) {
      ahead = i;
    }
    while (ahead + 1 < n && (distance[ahead + 1] as number) - here <= GRADE_HALF_WINDOW_M) {
      ahead += 1;
    }
    const run = (distance[ahead] as number) - (distance[back] as number);
    const rise = (elevation[ahead] as number) - (elevation[back] as number);
    // Under 10 m of run (standing still) a grade means nothing.
    grades[i] = run >= 10 && Number.isFinite(rise) ? rise / run : 0;
  }
  return grades;
}

function interpolate(from: number, to: number, fraction: number): number {
  if (Number.isNaN(from)) {
    return to;
  }
  if (Number.isNaN(to)) {
    return from;
  }
  return from + (to - from) * fraction;
}

function finiteOr0(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/** Where a split starts: running totals since the first point, times already in whole seconds. */
interface SplitStart {
  distance: number;
  /** Whole seconds of moving and elapsed time before the split. */
  movingS: number;
  elapsedS: number;
  elevation: number;
}

/**
 * The track cut every 1000 m (metric) or 1609.34 m (standard) from its first point, with the last
 * partial split included (a remainder under MIN_PARTIAL_SPLIT_M joins the split before it). Times
 * and elevations at each boundary are interpolated linearly between the two points either side; a
 * segment's moving time (spec §5: faster than 0.14 m/s) is shared between the splits it crosses in
 * proportion to distance.
 *
 * Split times are whole seconds, as a watch and Strava give them: the running moving and elapsed
 * times are rounded at each boundary and a split's time is the difference, so the splits add up to
 * the rounded total and a split's speed is its distance over exactly the time it shows (its pace,
 * rounded, reads as its time for a full split).
 *
 * At most MAX_SPLITS splits are returned (bounds.ts): the work is proportional to the points plus
 * the splits emitted, whatever distance a segment claims to cover.
 */
export function computeSplits(track: Track, system: SplitSystem): Split[] {
  const n = trackLength(track);
  const splitLength = SPLIT_LENGTH_M[system];
  const splits: Split[] = [];
  if (n < 2) {
    return splits;
  }
  const { time } = track;
  // Device distances can step back by a few centimetres; splits need it never to decrease.
  const distance = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    distance[i] =
      i === 0 ? (track.distance[0] as number) : Math.max(distance[i - 1] as number, track.distance[i] as number);
  }
  const elevation = smoothElevation(track.elevation, distance, track.segmentStarts);
  const grades = pointGrades(elevation, distance);
  const firstTime = time[0] as number;

  let start: SplitStart = {
    distance: distance[0] as number,
    movingS: 0,
    elapsedS: 0,
    elevation: elevation[0] as number,
  };
  /** Where the last emitted split started, and its flat-equivalent metres: a tiny remainder joins it. */
  let lastStart = start;
  let lastFlat = 0;
  let boundary = start.distance + splitLength;
  let moving = 0;
  let flatEquivalent = 0;

  const build = (from: SplitStart, end: SplitStart, flat: number, index: number): Split => {
    const covered = end.distance - from.distance;
    const movingS = end.movingS - from.movingS;
    return {
      distance: covered,
      elapsed_time: end.elapsedS - from.elapsedS,
      elevation_difference: finiteOr0(end.elevation - from.elevation),
      moving_time: movingS,
      split: index,
      average_speed: movingS > 0 ? covered / movingS : 0,
      average_grade_adjusted_speed: movingS > 0 ? flat / movingS : 0,
      pace_zone: 0,
    };
  };

  const endAt = (endDistance: number, endTime: number, endElevation: number): SplitStart => ({
    distance: endDistance,
    movingS: Math.round(moving),
    elapsedS: Math.round(finiteOr0((endTime - firstTime) / 1000)),
    elevation: endElevation,
  });

  const emit = (end: SplitStart) => {
    splits.push(build(start, end, flatEquivalent, splits.length + 1));
    lastStart = start;
    lastFlat = flatEquivalent;
    start = end;
    flatEquivalent = 0;
  };

  for (let i = 1; i < n; i += 1) {
    const d0 = distance[i - 1] as number;
    const d1 = distance[i] as number;
    const t0 = time[i - 1] as number;
    const dt = ((time[i] as number) - t0) / 1000;
    const length = d1 - d0;
    const isMoving = dt > 0 && length / dt > MOVING_SPEED_THRESHOLD_MPS;
    const factor = gradeCostFactor(((grades[i - 1] as number) + (grades[i] as number)) / 2);
    let from = d0;
    while (d1 >= boundary) {
      if (splits.length >= MAX_SPLITS) {
        return splits;
      }
      const fraction = (boundary - d0) / length;
      const share = (boundary - from) / length;
      if (isMoving) {
        moving += dt * share;
      }
      flatEquivalent += (boundary - from) * factor;
      emit(
        endAt(
          boundary,
          t0 + dt * 1000 * fraction,
          interpolate(elevation[i - 1] as number, elevation[i] as number, fraction),
        ),
      );
      from = boundary;
      boundary += splitLength;
    }
    // What is left of the segment belongs to the split in progress (all of it when standing still).
    const share = length > 0 ? (d1 - from) / length : 1;
    if (isMoving) {
      moving += dt * share;
    }
    flatEquivalent += (d1 - from) * factor;
  }
  const remainder = (distance[n - 1] as number) - start.distance;
  const end = endAt(distance[n - 1] as number, time[n - 1] as number, elevation[n - 1] as number);
  if (remainder >= MIN_PARTIAL_SPLIT_M || splits.length === 0) {
    if (splits.length < MAX_SPLITS && remainder > 0) {
      emit(end);
    }
  } else if (remainder > 0) {
    splits[splits.length - 1] = build(lastStart, end, lastFlat + flatEquivalent, splits.length);
  }
  return splits;
}

/** A lap's distance within this share of a split's length counts as one split long (auto-lap). */
export const AUTO_LAP_TOLERANCE = 0.005;

/** What the device says of its timer: its laps' distance and timer time, and when it stood still. */
export interface DeviceTiming {
  laps: readonly { distance: number; timerTime: number }[];
  /** In time order, none overlapping (fit-parser.ts timerPausesOf). */
  pauses: readonly TimerPause[];
  /**
   * Where the file says all of its timer (FIT: its timer events): when the timer started (NaN when
   * unknown) and its total seconds. The first split then counts from the start, and the last ends
   * with the total.
   */
  startMs?: number;
  totalS?: number;
}

/**
 * Seconds of pause from `fromMs` up to a time, asked at times that never go back: the pauses (in
 * time order, none overlapping) are passed over once, however many splits ask.
 */
function pausedSince(pauses: readonly TimerPause[], fromMs: number): (toMs: number) => number {
  const overlap = (pause: TimerPause, toMs: number) =>
    Math.max(0, Math.min(pause.endMs, toMs) - Math.max(pause.startMs, fromMs));
  let next = 0;
  let ended = 0;
  return (toMs) => {
    while (next < pauses.length && (pauses[next] as TimerPause).endMs <= toMs) {
      ended += overlap(pauses[next] as TimerPause, toMs);
      next += 1;
    }
    const current = next < pauses.length ? overlap(pauses[next] as TimerPause, toMs) : 0;
    return (ended + current) / 1000;
  };
}

/**
 * Whether the device's laps are these splits: as many, each but the last one split long (an
 * auto-lap every kilometre or mile), each with its timer time.
 */
function lapsAreSplits(splits: readonly Split[], laps: DeviceTiming['laps'], system: SplitSystem): boolean {
  const length = SPLIT_LENGTH_M[system];
  return (
    laps.length === splits.length &&
    laps.every(
      (lap, i) =>
        Number.isFinite(lap.timerTime) &&
        lap.timerTime > 0 &&
        (i === laps.length - 1 || Math.abs(lap.distance - length) <= length * AUTO_LAP_TOLERANCE),
    )
  );
}

/**
 * The splits with the device's timer time of each (timer_time), in whole seconds rounded on the
 * running total as the splits' own times are. Where the device's laps are the splits (an auto-lap
 * every split length), a split's timer time is its lap's. Otherwise it is the split's elapsed time
 * less the time the timer stood still within it: the time a watch shows for the split. Where the
 * file says all of its timer, the first split counts from the timer's start and the last ends with
 * its total, so the splits add up to the device's time.
 */
export function withTimerTimes(
  splits: readonly Split[],
  track: Track,
  timing: DeviceTiming,
  system: SplitSystem,
): Split[] {
  const firstTime = track.time[0] as number;
  const start = timing.startMs !== undefined && timing.startMs < firstTime ? timing.startMs : firstTime;
  const byLaps = lapsAreSplits(splits, timing.laps, system);
  const paused = pausedSince(timing.pauses, start);
  let elapsed = 0;
  let timer = 0;
  let shown = 0;
  return splits.map((split, i) => {
    elapsed += split.elapsed_time;
    const end = firstTime + elapsed * 1000;
    timer = byLaps ? timer + (timing.laps[i]?.timerTime as number) : (end - start) / 1000 - paused(end);
    if (i === splits.length - 1 && timing.totalS !== undefined) {
      timer = timing.totalS;
    }
    const total = Math.max(shown, Math.round(timer));
    const time = total - shown;
    shown = total;
    return { ...split, timer_time: time };
  });
}
