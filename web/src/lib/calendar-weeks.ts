/**
 * The arithmetic of calendars drawn in the reader's weeks (the training plan's and the activity
 * list's month): UTC midnights of YYYY-MM-DD dates, weeks starting on the locale's first day.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The YYYY-MM-DD of a UTC midnight. */
export const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** 1 = Monday … 7 = Sunday. */
function isoWeekday(time: number): number {
  const day = new Date(time).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The first day of the week holding the day at `time`, `firstDay` being the locale's (1 = Monday … 7 = Sunday). */
export function weekStart(time: number, firstDay: number): number {
  return time - ((isoWeekday(time) - firstDay + 7) % 7) * DAY_MS;
}
