/**
 * The daily coaching check-in (spec §3 "Coaching check-in", §5 "Check-ins and wellbeing
 * preferences", §7): the answers, the wellbeing score computed from them, the wellbeing preferences
 * (the check-in form's defaults, spec §3) and the coaching settings.
 *
 * Wellbeing score, 0–100: each answer is worth points by its weight, full points for the good end
 * of its scale (high sleep quality, energy, hydration, nutrition and mood; low stress, soreness and
 * injury feeling), half for moderate, none for the bad end. The weights add up to 100: sleep 20,
 * energy 15, injury feeling 15, and 10 each for stress, soreness, hydration, nutrition and mood
 * (sleep, energy and injury say most about whether to train). The sum is rounded to a whole number.
 * The spec's defaults score 78.
 */
import { z } from 'zod';
import { DEFAULT_WELLBEING_PREFERENCES, WELLBEING_LEVELS, type WellbeingPreferences } from '../profile.ts';
import { isoDaySchema } from '../calendar-days.ts';
import { localDayRangeUtc, localDayStartUtc } from '../training/local-day.ts';
import { normaliseUserText } from '../user-text.ts';

/** Spec §5: reads and updates of check-ins and wellbeing preferences need a user id. */
export const USER_ID_REQUIRED_MESSAGE = 'User ID is required';

/** Throws spec §5's error when there is no user id. */
export function requireUserId(userId: string | null | undefined): string {
  if (!userId) {
    throw new Error(USER_ID_REQUIRED_MESSAGE);
  }
  return userId;
}

export type WellbeingAnswer = keyof WellbeingPreferences;
/** Answers where "high" is the good end; the others are good when "low". */
const HIGH_IS_GOOD: ReadonlySet<WellbeingAnswer> = new Set<WellbeingAnswer>([
  'sleepQuality',
  'energyLevel',
  'hydration',
  'nutrition',
  'moodRating',
]);
/** The good end of an answer's scale, the one worth full points (see the module comment). */
export function goodEnd(answer: WellbeingAnswer): 'high' | 'low' {
  return HIGH_IS_GOOD.has(answer) ? 'high' : 'low';
}

export const WELLBEING_SCORE_WEIGHTS: Readonly<Record<WellbeingAnswer, number>> = {
  sleepQuality: 20,
  energyLevel: 15,
  injuryFeeling: 15,
  stressLevel: 10,
  soreness: 10,
  hydration: 10,
  nutrition: 10,
  moodRating: 10,
};
const LEVEL_SHARE = { low: 0, moderate: 0.5, high: 1 } as const;

/** The score formula in the module comment. */
export function wellbeingScore(answers: WellbeingPreferences): number {
  let score = 0;
  for (const [answer, weight] of Object.entries(WELLBEING_SCORE_WEIGHTS) as [WellbeingAnswer, number][]) {
    const share = LEVEL_SHARE[answers[answer]];
    score += weight * (HIGH_IS_GOOD.has(answer) ? share : 1 - share);
  }
  return Math.round(score);
}

export const CHECK_IN_LIMITS = { note: 1000 } as const;
export const CHECK_IN_MESSAGES = {
  noteTooLong: `A note may be at most ${CHECK_IN_LIMITS.note} characters.`,
  answer: 'Answer with low, moderate or high.',
} as const;

const answer = z.enum(WELLBEING_LEVELS, { error: CHECK_IN_MESSAGES.answer });
/** The eight answers of a check-in, the same questions the wellbeing preferences hold (spec §3). */
const answers = {
  sleepQuality: answer,
  energyLevel: answer,
  stressLevel: answer,
  soreness: answer,
  hydration: answer,
  nutrition: answer,
  moodRating: answer,
  injuryFeeling: answer,
} satisfies Record<keyof WellbeingPreferences, typeof answer>;

/** POST a check-in: all eight answers, an optional note, and optionally the day (default today). */
export const checkInSchema = z
  .object({
    ...answers,
    // Stored in the one normal form of typed text (core/user-text.ts), line breaks kept.
    note: z
      .string()
      .overwrite((value) => normaliseUserText(value, { multiline: true }))
      .max(CHECK_IN_LIMITS.note, CHECK_IN_MESSAGES.noteTooLong)
      .optional(),
    date: isoDaySchema.optional(),
  })
  .strict();
export type CheckInInput = z.infer<typeof checkInSchema>;

/** What spec §3 stores for a check-in, less the row's id. */
export interface CheckInRecord extends WellbeingPreferences {
  userId: string;
  wellbeingScore: number;
  /** The runner's local day, "YYYY-MM-DD". */
  date: string;
  /** Milliseconds (spec §3): the instant the check-in stands for ({@link checkInMoment}). */
  timestamp: number;
  note: string | null;
  createdAt: string;
}

/**
 * The instant a check-in stands for: now, or on a past day the same time of day as now (the last
 * millisecond of that day where a daylight-saving change makes the day shorter). The day's latest
 * check-in is looked up by this instant (spec §7), so a check-in for a past day belongs to that day.
 */
export function checkInMoment(date: string, today: string, nowMs: number, timeZone: string): number {
  if (date === today) {
    return nowMs;
  }
  const sinceMidnight = nowMs - localDayStartUtc(today, timeZone);
  const day = localDayRangeUtc(date, timeZone);
  return Math.min(day.startMs + sinceMidnight, day.endMs);
}

/** Spec §7: the score is computed on saving and the date defaults to now (the runner's today). */
export function buildCheckIn(
  userId: string | null | undefined,
  input: CheckInInput,
  now: { ms: number; today: string; timeZone: string },
): CheckInRecord {
  const { note, date, ...answers } = input;
  const day = date ?? now.today;
  return {
    userId: requireUserId(userId),
    ...answers,
    wellbeingScore: wellbeingScore(answers),
    date: day,
    timestamp: checkInMoment(day, now.today, now.ms, now.timeZone),
    note: note ? note : null,
    createdAt: new Date(now.ms).toISOString(),
  };
}

export { DEFAULT_WELLBEING_PREFERENCES };
/** PATCH wellbeing preferences: any of the eight answers. */
export const wellbeingPreferencesUpdateSchema = z.object(answers).partial().strict() satisfies z.ZodType<
  Partial<WellbeingPreferences>
>;
export type WellbeingPreferencesUpdate = z.infer<typeof wellbeingPreferencesUpdateSchema>;

/** Spec §5: an update is laid over the stored preferences and forces hydration and nutrition to high. */
export function applyWellbeingPreferencesUpdate(
  stored: WellbeingPreferences | null | undefined,
  update: WellbeingPreferencesUpdate,
): WellbeingPreferences {
  return { ...(stored ?? DEFAULT_WELLBEING_PREFERENCES), ...update, hydration: 'high', nutrition: 'high' };
}

export const COACHING_FOCUSES = ['general', 'recovery', 'performance', 'consistency'] as const;
export type CoachingFocus = (typeof COACHING_FOCUSES)[number];
export const COACHING_MESSAGES = {
  reminderTime: 'Enter the reminder time as HH:MM, from 00:00 to 23:59.',
  focus: `Choose a focus: ${COACHING_FOCUSES.join(', ')}.`,
} as const;

/** Coaching settings (spec §3 names the collection only): a daily reminder time and a focus. */
export const coachingSettingsSchema = z
  .object({
    remindersEnabled: z.boolean(),
    reminderTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, COACHING_MESSAGES.reminderTime),
    focus: z.enum(COACHING_FOCUSES, { error: COACHING_MESSAGES.focus }),
  })
  .strict();
export type CoachingSettings = z.infer<typeof coachingSettingsSchema>;
export const coachingSettingsUpdateSchema = coachingSettingsSchema.partial().strict();
export const DEFAULT_COACHING_SETTINGS: CoachingSettings = {
  remindersEnabled: false,
  reminderTime: '08:00',
  focus: 'general',
};
