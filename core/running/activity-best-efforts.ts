/**
 * The best efforts of one stored activity, from its track or from Strava's detail, and how a best
 * effort ranks among the runner's own ("Personal best", "2nd fastest 5K").
 * - Only runs have best efforts (a ride's fastest 5K is not a running record).
 * - A track without a distance stream (a treadmill or indoor run with no foot pod) has none: it
 *   covers no counted metres. The page says so rather than showing a made-up figure, and says why
 *   any other run has none (whyNoEfforts): shorter than the shortest distance (400 m), a track
 *   without times, one that cannot be read, or no track at all.
 * - Strava's `best_efforts` (named "400m", "1k", "1 mile", "5k", "10k", "Half-Marathon", "Marathon")
 *   are taken when the detail was fetched, in moving seconds (`moving_time`), as the track's efforts
 *   are, so both rank alike; elapsed seconds only when an effort has no moving time. The stored
 *   detail keeps them as `bestEfforts` with `movingTime` and `elapsedTime` (core/strava/detail.ts).
 */
import type { Track } from '../activity/track.ts';
import type { NoEffortsReason } from './best-efforts-api.ts';
import { BEST_EFFORT_DISTANCES, bestEfforts, countedProgress, type BestEffortDistance } from './best-efforts.ts';

export const BEST_EFFORT_TYPES: readonly string[] = ['run'];

export interface ActivityBestEffort {
  distanceId: string;
  seconds: number;
}

/** Seconds from the first point, per point, for the effort scan. */
export function effortsFromTrack(track: Track): ActivityBestEffort[] {
  return bestEfforts({ distance: track.distance, seconds: secondsOf(track) }).map((effort) => ({
    distanceId: effort.distance.id,
    seconds: effort.seconds,
  }));
}

const SHORTEST_METRES = Math.min(...BEST_EFFORT_DISTANCES.map((distance) => distance.metres));

function secondsOf(track: Track): Float64Array {
  const first = track.time[0] ?? Number.NaN;
  return Float64Array.from(track.time, (ms) => (ms - first) / 1000);
}

/**
 * Why a run that was worked out has no best efforts, from its own distance (metres) and its
 * stored track (null without one; 'unreadable' when it could not be decoded).
 */
export function whyNoEfforts(run: { metres: number; track: Track | null | 'unreadable' }): NoEffortsReason {
  const { track } = run;
  if (track === 'unreadable') {
    return 'unreadable';
  }
  if (track === null) {
    return run.metres < SHORTEST_METRES ? 'too-short' : 'no-track';
  }
  if (!track.distance.some((metres) => metres > 0)) {
    return 'no-distance';
  }
  // The effort scan counts seconds from the first point's time.
  if (!Number.isFinite(track.time[0])) {
    return 'untimed';
  }
  const { metres } = countedProgress({ distance: track.distance, seconds: secondsOf(track) });
  return (metres.at(-1) ?? 0) < SHORTEST_METRES ? 'too-short' : 'unreadable';
}

const STRAVA_NAMES: Readonly<Record<string, string>> = {
  '400m': '400m',
  '1k': '1k',
  '1 mile': '1mi',
  '5k': '5k',
  '10k': '10k',
  'half-marathon': 'half',
  marathon: 'marathon',
};

/** Strava's best efforts of a stored detail, for the distances Stride ranks. */
export function effortsFromStravaDetail(detail: Record<string, unknown> | null): ActivityBestEffort[] {
  const list = detail?.bestEfforts;
  if (!Array.isArray(list)) {
    return [];
  }
  const efforts = new Map<string, number>();
  for (const entry of list as unknown[]) {
    if (typeof entry !== 'object' || entry === null) {
      continue;
    }
    const { name, movingTime, elapsedTime } = entry as { name?: unknown; movingTime?: unknown; elapsedTime?: unknown };
    const id = typeof name === 'string' ? STRAVA_NAMES[name.trim().toLowerCase()] : undefined;
    const positive = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);
    const seconds = positive(movingTime) ?? positive(elapsedTime);
    if (id !== undefined && seconds !== undefined && !efforts.has(id)) {
      efforts.set(id, seconds);
    }
  }
  return BEST_EFFORT_DISTANCES.filter((distance) => efforts.has(distance.id)).map((distance) => ({
    distanceId: distance.id,
    seconds: efforts.get(distance.id) ?? 0,
  }));
}

export function bestEffortDistance(id: string): BestEffortDistance | undefined {
  return BEST_EFFORT_DISTANCES.find((distance) => distance.id === id);
}

function ordinal(rank: number): string {
  const tens = rank % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[rank % 10] ?? 'th');
  return `${rank}${suffix}`;
}

/** "Personal best", "2nd fastest", "17th fastest": a best effort's place among the runner's own. */
export function rankText(rank: number): string {
  return rank === 1 ? 'Personal best' : `${ordinal(rank)} fastest`;
}
