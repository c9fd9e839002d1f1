/**
 * The medals and analytics API (spec §3 Medal record, Per-user analytics record; §4 Analytics
 * initialisation, Streak, Page timer, Medals), shared by the server and the web app.
 */
import { z } from 'zod';
import { MEDAL_IDS, MEDAL_KINDS, MEDAL_TIERS } from './catalogue.ts';
import { isValidTimeZone, TIME_ZONE_MAX_LENGTH, TIME_ZONE_MESSAGES } from '../activity/time-zone.ts';
import { isoDaySchema } from '../calendar-days.ts';

/** Spec §3/§9: the analytics record starts with totalMedals 100. */
export const INITIAL_TOTAL_MEDALS = 100;
/** Spec §4: the client asks for a medal check 2 s after activities exist and the session is known. */
export const MEDAL_CHECK_DELAY_MS = 2000;
/** Spec §4/§9: analytics are reloaded 1 s after a screenshot, an award or a streak recalculation. */
export const ANALYTICS_RELOAD_DELAY_MS = 1000;
/** The only page whose time counts (spec §4 "Page timer"). */
export const PLANNING_PAGE = 'run-planner';
/** Days shown in My Stride's calendar of running days. */
export const RUNNING_DAYS_WINDOW = 365;

export const medalCardSchema = z.object({
  medalId: z.enum(MEDAL_IDS),
  title: z.string(),
  description: z.string(),
  icon: z.literal('trophy'),
  /** Spec §3 "type": the colour tier. */
  type: z.enum(MEDAL_TIERS),
  kind: z.enum(MEDAL_KINDS),
  /** What it takes, in the user's units. */
  requirement: z.string(),
  earned: z.boolean(),
  isNew: z.boolean(),
  earnedAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  value: z.string().nullable(),
  activityId: z.string().nullable(),
  activityName: z.string().nullable(),
  /** Earned by an activity synced from Strava: its name and figures stay off share cards (Strava's terms). */
  activityFromStrava: z.boolean(),
  /** Spec §4: 100 if held, otherwise 0. */
  progress: z.union([z.literal(0), z.literal(100)]),
  /** "3 of 5 early runs", where the rule counts something and the medal is not yet held. */
  hint: z.string().nullable(),
});
export type MedalCard = z.infer<typeof medalCardSchema>;

export const trophyCaseSchema = z.object({
  medals: z.array(medalCardSchema),
  earnedCount: z.number().int(),
  catalogueCount: z.number().int(),
  unseenCount: z.number().int(),
});
export type TrophyCase = z.infer<typeof trophyCaseSchema>;

export const unseenCountSchema = z.object({ unseenCount: z.number().int().min(0) });

export const medalCheckSchema = z.object({
  /** The medals newly earned (or records newly beaten) by this check. */
  awarded: z.array(medalCardSchema),
  unseenCount: z.number().int(),
});
export type MedalCheck = z.infer<typeof medalCheckSchema>;

/**
 * A browser's IANA zone, optional: each use says what it falls back to when it is left out. A zone
 * the server does not know is refused with a sentence, never replaced silently by another.
 */
export const timeZoneField = z
  .string()
  .max(TIME_ZONE_MAX_LENGTH)
  .refine(isValidTimeZone, TIME_ZONE_MESSAGES.unknown)
  .optional();

export const timeZoneQuerySchema = z.object({ timeZone: timeZoneField });

export const timeZoneBodySchema = z.object({ timeZone: timeZoneField }).strict();

export const analyticsSchema = z.object({
  userId: z.string(),
  createdAt: z.string(),
  lastActive: z.string(),
  strideStreak: z.object({
    current: z.number().int(),
    longest: z.number().int(),
    lastActiveDate: isoDaySchema.nullable(),
  }),
  minutesSpentPlanning: z.number().int(),
  medalsEarned: z.number().int(),
  totalMedals: z.number().int(),
  screenshotsTaken: z.number().int(),
  totalSessions: z.number().int(),
  lastUpdated: z.string(),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const pageTimeBodySchema = z
  .object({
    page: z.string().min(1).max(64),
    /** Elapsed milliseconds on the page; the server rounds to minutes (spec §4). */
    elapsedMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 60 * 60 * 1000),
  })
  .strict();

export const runningDaysSchema = z.object({
  from: isoDaySchema,
  to: isoDaySchema,
  days: z.array(z.object({ date: isoDaySchema, runs: z.number().int(), distance: z.number() })),
});
export type RunningDays = z.infer<typeof runningDaysSchema>;
