/** Wellbeing streaks for the medals (spec §3 "Wellbeing entry", §5 "Medal rules"). */
import { epochDay } from '../calendar-days.ts';

/** Spec §3 "Wellbeing entry": a day and the exercises done ("breathing", "stretching", …). */
export interface WellbeingEntry {
  /** "YYYY-MM-DD". */
  date: string;
  exercises: readonly string[];
}

function hasExercise(entry: WellbeingEntry, exercise: string): boolean {
  return (
    Array.isArray(entry.exercises) &&
    entry.exercises.some((done) => typeof done === 'string' && done.trim().toLowerCase() === exercise)
  );
}

/**
 * Consecutive days with an entry (holding `exercise`, when given) ending today: 0 when today has
 * none, so a streak that ended yesterday does not earn the medal. Exercise names match ignoring case
 * and surrounding spaces. Throws when `today` or a relevant entry's date is not a calendar date.
 */
export function wellbeingStreakLength(
  entries: readonly WellbeingEntry[],
  today: string,
  exercise: string | null,
): number {
  const todayDay = epochDay(today);
  if (todayDay === null) {
    throw new RangeError(`Today is not a calendar date (YYYY-MM-DD): "${today}"`);
  }
  const days = new Set<number>();
  for (const entry of entries) {
    if (exercise !== null && !hasExercise(entry, exercise)) {
      continue;
    }
    const day = epochDay(entry.date);
    if (day === null) {
      throw new RangeError(`Wellbeing entry has an unreadable date "${String(entry.date)}"`);
    }
    days.add(day);
  }
  let length = 0;
  while (days.has(todayDay - length)) {
    length += 1;
  }
  return length;
}
