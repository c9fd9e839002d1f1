/**
 * What a Strava activity's page shows of Strava's own fields (spec §3 Activity and Detailed
 * activity): kudos, comments, photos and achievements, the trainer / commute / private flags,
 * kilojoules, the workout type, where it was, the suffer score, the PR count and the segment
 * efforts. Strava's API agreement lets an athlete's data be shown to that athlete only, so these go
 * in the owner's activity detail and nowhere else (never on a public page).
 */
import { z } from 'zod';

export const segmentEffortSchema = z.object({
  id: z.string(),
  name: z.string(),
  elapsedTime: z.number(),
  movingTime: z.number(),
  distance: z.number(),
  /** 1–3: the athlete's best, second or third time on the segment; null: none of those. */
  prRank: z.number().int().nullable(),
  startDateLocal: z.string().nullable(),
});
export type SegmentEffort = z.infer<typeof segmentEffortSchema>;

export const stravaFieldsSchema = z.object({
  kudosCount: z.number(),
  /** The runner gave this activity kudos themselves. */
  hasKudoed: z.boolean(),
  commentCount: z.number(),
  photoCount: z.number(),
  achievementCount: z.number(),
  trainer: z.boolean(),
  commute: z.boolean(),
  private: z.boolean(),
  /** Work done in kJ (rides with power); null: Strava sent none. */
  kilojoules: z.number().nullable(),
  /** Strava's workout type as its label ("Race", "Long run" …); null: the sport's default. */
  workoutType: z.string().nullable(),
  /** "City, State, Country" as far as Strava knows it. */
  location: z.string().nullable(),
  sufferScore: z.number().nullable(),
  prCount: z.number(),
  segmentEfforts: z.array(segmentEffortSchema),
});
export type StravaFields = z.infer<typeof stravaFieldsSchema>;

/** Strava's workout_type codes (runs 0–3, rides 10–12); the defaults (0, 10) have no label. */
export const STRAVA_WORKOUT_TYPES: Readonly<Record<number, string>> = {
  1: 'Race',
  2: 'Long run',
  3: 'Workout',
  11: 'Race',
  12: 'Workout',
};

export const STRAVA_FIELD_TEXTS = {
  heading: 'On Strava',
  kudos: 'Kudos',
  comments: 'Comments',
  photos: 'Photos',
  achievements: 'Achievements',
  youGaveKudos: 'You gave kudos',
  trainer: 'Trainer',
  commute: 'Commute',
  private: 'Private',
  workoutType: 'Workout type',
  location: 'Location',
  energy: 'Energy',
  sufferScore: 'Relative effort',
  prCount: 'PRs',
  segments: 'Segment efforts',
  segment: 'Segment',
  time: 'Time',
  prRank: 'PR rank',
  /** A segment effort's rank among the runner's own. */
  rank: (rank: number | null) => (rank === 1 ? 'PR' : rank === 2 ? '2nd best' : rank === 3 ? '3rd best' : '—'),
} as const;

type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const numOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Strava's segment_efforts (DetailedSegmentEffort) as Stride keeps them; malformed ones are skipped. */
export function normalizeSegmentEfforts(value: unknown, limit: number): SegmentEffort[] {
  return (Array.isArray(value) ? value : [])
    .filter(isObject)
    .filter((effort) => typeof effort.id === 'number' || typeof effort.id === 'string')
    .slice(0, limit)
    .map((effort) => {
      const rank = numOrNull(effort.pr_rank);
      return {
        id: String(effort.id),
        name: text(effort.name) || (isObject(effort.segment) ? text(effort.segment.name) : ''),
        elapsedTime: num(effort.elapsed_time),
        movingTime: num(effort.moving_time),
        distance: num(effort.distance),
        prRank: rank !== null && Number.isInteger(rank) && rank >= 1 && rank <= 3 ? rank : null,
        startDateLocal: text(effort.start_date_local) || null,
      };
    });
}

/**
 * The page's Strava fields from what is stored: `summary`, the fields each sync brings (core/strava/
 * normalize.ts, kept by the sync), and `detail`, the detail-only ones (core/strava/detail.ts), null
 * until the detail was fetched.
 */
export function stravaFieldsOf(summary: Raw | null, detail: Raw | null): StravaFields {
  const from = summary ?? {};
  const more = detail ?? {};
  const workoutType = numOrNull(from.workoutType);
  const kilojoules = numOrNull(from.kilojoules);
  const place = [more.locationCity, more.locationState, more.locationCountry].map(text).filter(Boolean);
  const efforts = Array.isArray(more.segmentEfforts)
    ? (more.segmentEfforts as unknown[]).flatMap((effort) => {
        const parsed = segmentEffortSchema.safeParse(effort);
        return parsed.success ? [parsed.data] : [];
      })
    : [];
  return {
    kudosCount: num(from.kudosCount),
    hasKudoed: more.hasKudoed === true,
    commentCount: num(from.commentCount),
    // The detail's total counts every photo; the summary's photo_count only Instagram ones.
    photoCount: Math.max(num(from.photoCount), num(more.photoCount)),
    achievementCount: num(from.achievementCount),
    trainer: from.trainer === true,
    commute: from.commute === true,
    private: from.private === true,
    kilojoules: kilojoules === null || kilojoules === 0 ? null : kilojoules,
    workoutType: workoutType === null ? null : (STRAVA_WORKOUT_TYPES[workoutType] ?? null),
    location: place.length === 0 ? null : place.join(', '),
    sufferScore: numOrNull(more.sufferScore),
    prCount: num(more.prCount),
    segmentEfforts: efforts,
  };
}
