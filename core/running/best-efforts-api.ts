/** The personal-bests answers, shared by the server's routes and the web. */
import { z } from 'zod';
import { BEST_EFFORT_DISTANCES } from './best-efforts.ts';
import { isoDaySchema } from '../calendar-days.ts';

const SHORTEST = BEST_EFFORT_DISTANCES[0] ?? { label: '400 m', metres: 400 };
const DISTANCE_IDS = BEST_EFFORT_DISTANCES.map((distance) => distance.id) as [string, ...string[]];

export const PERSONAL_BEST_MESSAGES = {
  distance: `Choose a distance: ${DISTANCE_IDS.join(', ')}.`,
} as const;

/** Which distance's progression to draw (5K unless asked). */
export const personalBestsQuerySchema = z.object({
  distance: z.enum(DISTANCE_IDS, { error: PERSONAL_BEST_MESSAGES.distance }).optional().default('5k'),
});

export const personalBestsSchema = z.object({
  distances: z.array(
    z.object({
      distanceId: z.string(),
      label: z.string(),
      metres: z.number(),
      /** The fastest three, fastest first. */
      efforts: z.array(
        z.object({
          rank: z.number().int(),
          seconds: z.number(),
          activityId: z.string(),
          activityName: z.string(),
          date: isoDaySchema,
        }),
      ),
    }),
  ),
  /** For the distance asked: each effort that was a personal best when run, oldest first. */
  progression: z.object({
    distanceId: z.string(),
    steps: z.array(z.object({ date: isoDaySchema, seconds: z.number(), activityId: z.string() })),
  }),
  /** The runner's Strava runs, and how many of them have had their best efforts read from Strava. */
  stravaEfforts: z.object({ read: z.number().int(), runs: z.number().int() }),
});
export type PersonalBests = z.infer<typeof personalBestsSchema>;
export type StravaEffortsProgress = PersonalBests['stravaEfforts'];

/**
 * What the personal bests say while Strava runs' best efforts are still being read in the
 * background (server/services/strava/efforts-backfill.ts); null once every run has been read.
 */
export function stravaEffortsProgressText({ read, runs }: StravaEffortsProgress): string | null {
  if (read >= runs) {
    return null;
  }
  return `Best efforts from ${read} of ${runs} Strava runs so far; the others are still being read from Strava.`;
}

/** Why a run that was worked out has no best efforts (core/running/activity-best-efforts.ts whyNoEfforts). */
export const NO_EFFORTS_REASONS = [
  'too-short',
  'no-distance',
  'untimed',
  'unreadable',
  'no-track',
  'corrected',
] as const;
export type NoEffortsReason = (typeof NO_EFFORTS_REASONS)[number];

/**
 * One activity's best efforts: 'ranked' lists them; 'not-a-run' any other sport; 'pending' a Strava
 * run whose detail and streams were not fetched yet; otherwise why the run has none.
 */
export const activityBestEffortsSchema = z.object({
  status: z.enum(['ranked', 'not-a-run', 'pending', ...NO_EFFORTS_REASONS]),
  efforts: z.array(
    z.object({
      distanceId: z.string(),
      label: z.string(),
      seconds: z.number(),
      rank: z.number().int(),
      place: z.string(),
    }),
  ),
});
export type ActivityBestEfforts = z.infer<typeof activityBestEffortsSchema>;

/** What the activity page says instead of a list, per status. */
export const BEST_EFFORT_STATUS_TEXT = {
  'too-short': `No best efforts: this run is shorter than ${SHORTEST.label}, the shortest best-effort distance.`,
  'no-distance': 'No best efforts: this run has no distance stream (a treadmill or indoor run).',
  untimed: 'No best efforts: this run’s track has no times.',
  unreadable: 'No best efforts: this run’s stored track could not be read.',
  'no-track': 'No best efforts: this run has no recorded track (entered by hand, or Strava has none for it).',
  corrected: 'No best efforts: the track measures the file’s distance and times, not the ones you gave.',
  'not-a-run': 'Best efforts are kept for runs.',
  pending: 'Computing best efforts from this run’s track…',
} as const;
