/**
 * Calendar days and the analytics streak (spec §3 "Per-user analytics record", §4 "Analytics
 * initialisation" and "Streak"). Days are "YYYY-MM-DD" strings — the user's local calendar date,
 * already decided by the caller — and all arithmetic goes through Date.UTC so no time zone or
 * daylight-saving change can shift a day. Nothing here reads the clock: `today` is a parameter.
 */

const MS_PER_DAY = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a "YYYY-MM-DD" calendar date, or null when it is not a real date. */
export function epochDay(isoDay: string): number | null {
  const match = ISO_DAY.exec(isoDay);
  if (!match) {
    return null;
  }
  return epochDayOf(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Days since 1970-01-01 of a year, month (1–12) and day, or null when the date does not exist. */
export function epochDayOf(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) {
    return null;
  }
  const ms = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 31 April over into 1 May; a date that rolled over does not exist.
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return ms / MS_PER_DAY;
}

/** The "YYYY-MM-DD" of a day count since 1970-01-01. */
export function isoDayOf(epoch: number): string {
  return new Date(epoch * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Day of the week of a day count: 0 Sunday … 6 Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(epoch: number): number {
  return (((epoch + 4) % 7) + 7) % 7;
}

function requireEpochDay(isoDay: string): number {
  const epoch = epochDay(isoDay);
  if (epoch === null) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): "${isoDay}"`);
  }
  return epoch;
}

/** `isoDay` moved by `days` (negative goes back). Throws RangeError on a malformed date. */
export function addDays(isoDay: string, days: number): string {
  return isoDayOf(requireEpochDay(isoDay) + days);
}

/** Whole days from `from` to `to`: 1 when `to` is the day after `from`, negative when before. */
export function daysBetween(from: string, to: string): number {
  return requireEpochDay(to) - requireEpochDay(from);
}

/** The Sunday that starts the Sunday-to-Saturday week holding `isoDay` (spec §9 Triple Threat). */
export function weekStart(isoDay: string): string {
  const epoch = requireEpochDay(isoDay);
  return isoDayOf(epoch - weekdayOf(epoch));
}

/** The streak object of the analytics record ("strideStreak"). */
export interface AnalyticsStreak {
  current: number;
  longest: number;
  /** "YYYY-MM-DD" of the last day with a session, or null when there has been none. */
  lastActiveDate: string | null;
}

/** Spec §4: a new analytics record, and a forced recalculation, start the streak at 1/1. */
export function forcedStreak(today: string): AnalyticsStreak {
  requireEpochDay(today);
  return { current: 1, longest: 1, lastActiveDate: today };
}

/**
 * Spec §4 "Streak", applied when a session starts on `today`:
 * - no record, or a record without a (readable) last active date: 1/1 — the spec sets longest to 1
 *   when there was no prior date, and a stored date we cannot read is no usable prior date;
 * - same day as the last active date: unchanged;
 * - last active yesterday: current + 1, and longest = max(longest, current) where current is the
 *   NEW, incremented value — otherwise a streak that has just passed its old best would not show as
 *   the longest until the day after;
 * - any other gap: current back to 1, longest kept.
 * A `today` before the last active date (a clock or time-zone change) changes nothing rather than
 * breaking the streak. Throws RangeError when `today` is not a calendar date.
 */
export function nextStreak(previous: AnalyticsStreak | null, today: string): AnalyticsStreak {
  const todayEpoch = requireEpochDay(today);
  const lastEpoch = previous?.lastActiveDate ? epochDay(previous.lastActiveDate) : null;
  if (!previous || lastEpoch === null) {
    return forcedStreak(today);
  }
  const gap = todayEpoch - lastEpoch;
  if (gap <= 0) {
    return { ...previous };
  }
  if (gap === 1) {
    const current = previous.current + 1;
    return { current, longest: Math.max(previous.longest, current), lastActiveDate: today };
  }
  return { current: 1, longest: Math.max(previous.longest, 1), lastActiveDate: today };
}
