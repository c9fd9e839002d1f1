/**
 * What the coaching settings change on the readiness hint (check-in.ts coachingSettingsSchema):
 *
 * - Reminder: with reminders on, once the runner's local time has reached the reminder time and
 *   today has no check-in yet, the hint carries a reminder to check in ("08:00" compares as text,
 *   since both are zero-padded HH:MM). Stride reminds in the app; it sends no e-mail.
 * - Focus: one tip under the hint, chosen by the focus and today's readiness level, so the same
 *   readiness reads differently for a runner building consistency and one chasing performance.
 */
import type { CoachingFocus, CoachingSettings } from './check-in.ts';
import type { ReadinessLevel } from './readiness.ts';

export function checkInReminder(time: string): string {
  return `It is past ${time}, your check-in time: how are you today?`;
}

/** The reminder to show now, or null (rules in the module comment). */
export function dueCheckInReminder(
  settings: CoachingSettings,
  localTime: string,
  checkedInToday: boolean,
): string | null {
  if (!settings.remindersEnabled || checkedInToday || localTime < settings.reminderTime) {
    return null;
  }
  return checkInReminder(settings.reminderTime);
}

/** Readiness levels grouped as the tips address them. */
type TipMoment = 'hold-back' | 'go' | 'unknown';

function momentOf(level: ReadinessLevel): TipMoment {
  if (level === 'rest' || level === 'easy') {
    return 'hold-back';
  }
  return level === 'unknown' ? 'unknown' : 'go';
}

export const COACHING_TIPS: Readonly<Record<CoachingFocus, Readonly<Record<TipMoment, string>>>> = {
  general: {
    'hold-back': 'General fitness: an easy day today keeps the weeks ahead on track.',
    go: 'General fitness: mix it up, a few strides at the end of an easy run keep you sharp.',
    unknown: 'General fitness: a daily check-in shows how training and life add up.',
  },
  recovery: {
    'hold-back': 'Recovery: sleep and food first today, then a walk or gentle stretching.',
    go: 'Recovery: keep the easy runs truly easy, so the hard ones count.',
    unknown: 'Recovery: check in each morning, and the hint tells you when to ease off.',
  },
  performance: {
    'hold-back': 'Performance: fitness is built in the rest after hard work; today is part of it.',
    go: 'Performance: a good day for the key session of your week.',
    unknown: 'Performance: check in before key sessions, so you run them on good days.',
  },
  consistency: {
    'hold-back': 'Consistency: a short, easy run still keeps the habit; stop when you like.',
    go: 'Consistency: run at the same time as usual today, and tick it off.',
    unknown: 'Consistency: a check-in a day is a habit too; it takes a minute.',
  },
};

export function coachingTip(focus: CoachingFocus, level: ReadinessLevel): string {
  return COACHING_TIPS[focus][momentOf(level)];
}
