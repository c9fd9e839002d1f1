/** The personal-bests answers, shared by the server's routes and the web. */
import { z } from 'zod';
import { BEST_EFFORT_DISTANCES } from './best-efforts.ts';

const DISTANCE_IDS = BEST_EFFORT_DISTANCES.map((distance) => distance.id) as [string, ...string[]];

export const PERSONAL_BEST_MESSAGES = {
  distance: `Choose a distance: ${DISTANCE_IDS.join(', ')}.`,
} as const;

/** Which distance's progression to draw (5K unless asked). */
export const personalBestsQuerySchema = z.object({
  distance: z.enum(DISTANCE_IDS, { error: PERSONAL_BEST_MESSAGES.distance }).optional().default('5k'),
});

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

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
          date: isoDay,
        }),
      ),
    }),
  ),
  /** For the distance asked: each effort that was a personal best when run, oldest first. */
  progression: z.object({
    distanceId: z.string(),
    steps: z.array(z.object({ date: isoDay, seconds: z.number(), activityId: z.string() })),
  }),
});
export type PersonalBests = z.infer<typeof personalBestsSchema>;

/**
 * One activity's best efforts: 'ranked' lists them; 'no-distance' is a run without a distance
 * stream (a treadmill or indoor run), 'not-a-run' any other sport; 'pending' a Strava run whose
 * detail and streams were not fetched yet.
 */
export const activityBestEffortsSchema = z.object({
  status: z.enum(['ranked', 'no-distance', 'not-a-run', 'pending']),
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
  'no-distance': 'No best efforts: this run has no distance stream (a treadmill or indoor run).',
  'not-a-run': 'Best efforts are kept for runs.',
  pending: 'Best efforts appear once the run’s detail has been fetched from Strava.',
} as const;
