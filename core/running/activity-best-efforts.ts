/**
 * The best efforts of one stored activity, from its track or from Strava's detail, and how a best
 * effort ranks among the runner's own ("Personal best", "2nd fastest 5K").
 * - Only runs have best efforts (a ride's fastest 5K is not a running record).
 * - A track without a distance stream (a treadmill or indoor run with no foot pod) has none: it
 *   covers no counted metres. The page says so rather than showing a made-up figure.
 * - Strava's `best_efforts` (elapsed seconds, named "400m", "1k", "1 mile", "5k", "10k",
 *   "Half-Marathon", "Marathon") are taken as Strava gives them when the detail was fetched; the
 *   stored detail keeps them as `bestEfforts` with `elapsedTime` (core/strava/detail.ts).
 */
import type { Track } from '../activity/track.ts';
import { BEST_EFFORT_DISTANCES, bestEfforts, type BestEffortDistance } from './best-efforts.ts';

export const BEST_EFFORT_TYPES: readonly string[] = ['run'];

export interface ActivityBestEffort {
  distanceId: string;
  seconds: number;
}

/** Seconds from the first point, per point, for the effort scan. */
export function effortsFromTrack(track: Track): ActivityBestEffort[] {
  const first = track.time[0] ?? Number.NaN;
  const seconds = Float64Array.from(track.time, (ms) => (ms - first) / 1000);
  return bestEfforts({ distance: track.distance, seconds }).map((effort) => ({
    distanceId: effort.distance.id,
    seconds: effort.seconds,
  }));
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
    const { name, elapsedTime: elapsed } = entry as { name?: unknown; elapsedTime?: unknown };
    const id = typeof name === 'string' ? STRAVA_NAMES[name.trim().toLowerCase()] : undefined;
    if (id !== undefined && typeof elapsed === 'number' && elapsed > 0 && !efforts.has(id)) {
      efforts.set(id, elapsed);
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
