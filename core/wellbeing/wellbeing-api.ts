/**
 * The wellbeing API's shapes, shared by the server's routes and the web client: a stored check-in,
 * the Wellbeing section's overview (today's check-in, the 30-day trend, today's exercises and the
 * streaks), a finished exercise, and the readiness hint.
 */
import { z } from 'zod';
import { wellbeingPreferencesSchema } from '../profile.ts';
import { timeZoneField } from '../medals/api.ts';
import { isoDaySchema } from '../calendar-days.ts';
import { WELLBEING_EXERCISES } from './exercises.ts';
import { STRETCHING_ROUTINE } from './stretching.ts';

export const CHECK_IN_DATE_MESSAGES = { future: 'A check-in cannot be for a day after today.' } as const;

/** Check-ins one runner may save in any 24 hours (a day needs one; a few more allow corrections). */
export const CHECK_INS_PER_DAY = 20;
export const CHECK_IN_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const CHECK_IN_LIMIT_MESSAGE = `You can save at most ${CHECK_INS_PER_DAY} check-ins a day. Try again tomorrow.`;

/** Days the trend chart shows, ending today. */
export const WELLBEING_TREND_DAYS = 30;

export const storedCheckInSchema = wellbeingPreferencesSchema.extend({
  id: z.string(),
  userId: z.string(),
  wellbeingScore: z.number().int(),
  date: z.string(),
  timestamp: z.number(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type StoredCheckIn = z.infer<typeof storedCheckInSchema>;

export const latestCheckInQuerySchema = z.object({ timeZone: timeZoneField, date: isoDaySchema.optional() });
export const latestCheckInSchema = z.object({ checkIn: storedCheckInSchema.nullable() });

export const wellbeingStreaksSchema = z.object({
  /** Consecutive days up to today with any wellbeing entry (a check-in or an exercise). */
  any: z.number().int(),
  breathing: z.number().int(),
  stretching: z.number().int(),
});
export type WellbeingStreaks = z.infer<typeof wellbeingStreaksSchema>;

export const wellbeingOverviewSchema = z.object({
  today: z.string(),
  checkIn: storedCheckInSchema.nullable(),
  /** One point per day, oldest first: that day's latest score, or null without a check-in. */
  trend: z.array(z.object({ date: z.string(), score: z.number().int().nullable() })),
  todayExercises: z.array(z.string()),
  streaks: wellbeingStreaksSchema,
});
export type WellbeingOverview = z.infer<typeof wellbeingOverviewSchema>;

export const EXERCISE_MESSAGES = { exercise: `Choose an exercise: ${WELLBEING_EXERCISES.join(' or ')}.` } as const;
export const exerciseDoneSchema = z
  .object({
    exercise: z.enum(WELLBEING_EXERCISES, { error: EXERCISE_MESSAGES.exercise }),
    /** The routine's stretches the runner skipped (stretching.ts stretch ids). */
    skippedStretches: z.array(z.string().max(40)).max(STRETCHING_ROUTINE.length).optional(),
  })
  .strict();
export type ExerciseDone = z.infer<typeof exerciseDoneSchema>;

export const exerciseRecordedSchema = z.object({
  date: z.string(),
  exercises: z.array(z.string()),
  streaks: wellbeingStreaksSchema,
});
export type ExerciseRecorded = z.infer<typeof exerciseRecordedSchema>;

export const readinessSchema = z.object({
  level: z.enum(['rest', 'easy', 'normal', 'ready', 'unknown']),
  sentence: z.string(),
  /** Today's latest wellbeing score, or null without a check-in today. */
  score: z.number().int().nullable(),
  acuteLoad: z.number(),
  chronicLoad: z.number(),
  ratio: z.number().nullable(),
  /** Some load but not three weeks of it yet: readiness is still learning and compares none. */
  learning: z.boolean(),
  /** The coaching focus's tip for today (coaching.ts). */
  tip: z.string(),
  /** The check-in reminder once its time has come and today has no check-in; null otherwise. */
  reminder: z.string().nullable(),
});
export type ReadinessView = z.infer<typeof readinessSchema>;
