import { weekStartEpoch } from '../../../core/calendar-days.ts';

/**
 * The arithmetic of calendars drawn in the reader's weeks (the training plan's and the activity
 * list's month): UTC midnights of YYYY-MM-DD dates, weeks starting on the locale's first day.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The YYYY-MM-DD of a UTC midnight. */
export const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The first day of the week holding the day at `time`, `firstDay` being the locale's (1 = Monday … 7 = Sunday). */
export function weekStart(time: number, firstDay: number): number {
  return weekStartEpoch(time / DAY_MS, firstDay) * DAY_MS;
}
