/**
 * Calendar days: "YYYY-MM-DD" strings, the runner's local calendar date already decided by the
 * caller. All arithmetic goes through Date.UTC so no time zone or daylight-saving change can shift
 * a day. Nothing here reads the clock: `today` is a parameter. The one home of the date format
 * (isoDaySchema) and of the week's start (weekStart: each calendar passes its first day).
 */
import { z } from 'zod';

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

/** Days since 1970-01-01 of a "YYYY-MM-DD" calendar date; throws RangeError when it is not a real date. */
export function requireEpochDay(isoDay: string): number {
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

/** First days of a week as ISO 8601 and Intl.Locale's weekInfo number them (1 Monday … 7 Sunday). */
export const ISO_MONDAY = 1;
export const ISO_SUNDAY = 7;

/** The day count of the first day of the week holding `epoch`, weeks starting on `firstDay` (1 Monday … 7 Sunday). */
export function weekStartEpoch(epoch: number, firstDay: number): number {
  return epoch - ((weekdayOf(epoch) - (firstDay % 7) + 7) % 7);
}

/** The first day of the week holding `isoDay`, weeks starting on `firstDay` (1 Monday … 7 Sunday). */
export function weekStart(isoDay: string, firstDay: number): string {
  return isoDayOf(weekStartEpoch(requireEpochDay(isoDay), firstDay));
}

export const CALENDAR_DAY_MESSAGES = {
  notADate: 'Use a real calendar date as YYYY-MM-DD.',
} as const;

/** A real calendar date "YYYY-MM-DD" (zero-padded month and day, spec §3 dailyProgress keys). */
export const isoDaySchema = z
  .string()
  .regex(ISO_DAY, CALENDAR_DAY_MESSAGES.notADate)
  .refine((value) => epochDay(value) !== null, CALENDAR_DAY_MESSAGES.notADate);
