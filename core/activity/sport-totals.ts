/**
 * The dashboard's totals per sport. Stride is a running hub: a ride's miles are not running miles,
 * so the totals are kept per sport, runs first and the other sports beside them, never added up
 * into one number. What counts is what counts everywhere (server/db/activity-totals-repository.ts
 * countsTowardTotals; an activity without times counts in none, core/activity/untimed.ts).
 */
import { z } from 'zod';
import type { UnitSystem } from '../unit-system.ts';
import { formatDistance, formatDuration, formatElevation, formatNumber } from '../format.ts';
import { UPLOAD_ACTIVITY_TYPES, type UploadActivityType } from './parsed.ts';

export const sportTotalSchema = z.object({
  type: z.enum(UPLOAD_ACTIVITY_TYPES),
  activities: z.number().int(),
  /** Metres. */
  distance: z.number(),
  /** Metres of climb. */
  elevation: z.number(),
  /** Seconds of moving time. */
  duration: z.number(),
});
export type SportTotal = z.infer<typeof sportTotalSchema>;

export const sportTotalsSchema = z.object({
  /** Runs first (always there, zeros without any), then each other sport done, longest first. */
  sports: z.array(sportTotalSchema),
});
export type SportTotals = z.infer<typeof sportTotalsSchema>;

const emptyTotal = (type: UploadActivityType): SportTotal => ({
  type,
  activities: 0,
  distance: 0,
  elevation: 0,
  duration: 0,
});

/** The per-sport rows in the order the dashboard shows them: runs first, then by distance, then by time. */
export function orderSportTotals(rows: readonly SportTotal[]): SportTotal[] {
  const run = rows.find((row) => row.type === 'run') ?? emptyTotal('run');
  const others = rows
    .filter((row) => row.type !== 'run' && row.activities > 0)
    .sort(
      (a, b) =>
        b.distance - a.distance ||
        b.duration - a.duration ||
        UPLOAD_ACTIVITY_TYPES.indexOf(a.type) - UPLOAD_ACTIVITY_TYPES.indexOf(b.type),
    );
  return [run, ...others];
}

/** A sport's name as the dashboard counts it: "1 ride", "3 rides", "2 other activities". */
const SPORT_NOUNS: Readonly<Record<UploadActivityType, readonly [string, string]>> = {
  run: ['run', 'runs'],
  ride: ['ride', 'rides'],
  walk: ['walk', 'walks'],
  hike: ['hike', 'hikes'],
  swim: ['swim', 'swims'],
  other: ['other activity', 'other activities'],
};

/** A sport's heading beside a figure: "Rides 8.40 mi". */
const SPORT_HEADINGS: Readonly<Record<UploadActivityType, string>> = {
  run: 'Runs',
  ride: 'Rides',
  walk: 'Walks',
  hike: 'Hikes',
  swim: 'Swims',
  other: 'Other',
};

export const SPORT_TOTAL_LABELS = {
  activities: 'Runs',
  distance: 'Running distance',
  elevation: 'Running climb',
  duration: 'Running time',
} as const;

export type SportFigure = keyof typeof SPORT_TOTAL_LABELS;

export function countSport(type: UploadActivityType, count: number, locale?: string): string {
  const [one, many] = SPORT_NOUNS[type];
  return `${formatNumber(count, locale)} ${count === 1 ? one : many}`;
}

/** One figure of a sport's totals, in the runner's units. */
export function formatSportFigure(total: SportTotal, figure: SportFigure, units: UnitSystem): string {
  switch (figure) {
    case 'activities':
      return formatNumber(total.activities);
    case 'distance':
      return formatDistance(total.distance, units);
    case 'elevation':
      return formatElevation(total.elevation, units);
    case 'duration':
      return formatDuration(total.duration);
  }
}

/**
 * The other sports beside a running figure: "Also 2 rides, 1 swim" under the runs, "Rides 8.40 mi ·
 * Swims 0.93 mi" under the distance; null when no other sport has any of that figure.
 */
export function otherSportsLine(sports: readonly SportTotal[], figure: SportFigure, units: UnitSystem): string | null {
  const others = sports.filter((sport) => sport.type !== 'run' && sport.activities > 0);
  if (others.length === 0) {
    return null;
  }
  if (figure === 'activities') {
    return `Also ${others.map((sport) => countSport(sport.type, sport.activities)).join(', ')}`;
  }
  // A sport with nothing of this figure (a swim's climb, yoga's distance) is not listed beside it.
  const beside = others.filter((sport) => sport[figure] > 0);
  if (beside.length === 0) {
    return null;
  }
  return beside.map((sport) => `${SPORT_HEADINGS[sport.type]} ${formatSportFigure(sport, figure, units)}`).join(' · ');
}
