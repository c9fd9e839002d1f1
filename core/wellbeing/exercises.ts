/**
 * Wellbeing entries (spec §3 "Wellbeing entry": a date and the exercises done, e.g. "breathing" and
 * "stretching"), in the shape the medal rules read (core/medals/rules.ts), so Wellbeing Streak,
 * Breathing Buddha and Limber Limbs count them as they are.
 */
import { BREATHING_EXERCISE, STRETCHING_EXERCISE } from '../medals/catalogue.ts';
import type { WellbeingEntry } from '../medals/wellbeing-streak.ts';

export type { WellbeingEntry } from '../medals/wellbeing-streak.ts';
export const WELLBEING_EXERCISES = [BREATHING_EXERCISE, STRETCHING_EXERCISE] as const;
export type WellbeingExercise = (typeof WELLBEING_EXERCISES)[number];

/**
 * The entries after doing an exercise on a local day: that day's entry gains the exercise once
 * (a check-in alone makes an entry with no exercises: pass `exercise` null). Entries stay sorted by date.
 */
export function recordWellbeingActivity(
  entries: readonly WellbeingEntry[],
  date: string,
  exercise: WellbeingExercise | null,
): WellbeingEntry[] {
  const existing = entries.find((entry) => entry.date === date);
  const exercises = new Set(existing?.exercises ?? []);
  if (exercise !== null) {
    exercises.add(exercise);
  }
  const updated: WellbeingEntry = { date, exercises: [...exercises] };
  return [...entries.filter((entry) => entry.date !== date), updated].sort((a, b) => a.date.localeCompare(b.date));
}
