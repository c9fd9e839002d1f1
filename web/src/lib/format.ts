/**
 * The web app's binding of core/format.ts: every date, time and number a screen shows is written in
 * the reader's locale (the browser's language) and, for instants, in the runner's time zone (the
 * Account setting, else the browser's). An activity's own start (startDateLocal) is the wall clock
 * where the run happened and is never shifted into another zone. Durations keep h:mm:ss.
 */
import * as core from '../../../core/format.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { runnerTimeZone } from './time-zone.ts';

export { formatDuration, formatPace, formatPacePerMetre, formatPaceSeconds } from '../../../core/format.ts';

let localeOverride: string | undefined;

/** The locale the formats follow: the browser's language, or the runtime's default without one. */
export function readerLocale(): string {
  if (localeOverride) {
    return localeOverride;
  }
  const language = typeof navigator === 'undefined' ? undefined : navigator.language;
  return language || new Intl.DateTimeFormat().resolvedOptions().locale;
}

/** Sets the locale the formats follow instead of the browser's (tests; undefined restores it). */
export function setReaderLocale(locale: string | undefined): void {
  localeOverride = locale;
}

/** A number with the locale's thousands separator: "12,345" (en), "12.345" (de); up to `maxDecimals`. */
export function formatNumber(value: number, maxDecimals = 0): string {
  return core.formatNumber(value, readerLocale(), maxDecimals);
}

/** A number with exactly `decimals` decimals and the thousands separator: "1,234.50". */
export function formatDecimal(value: number, decimals: number): string {
  return core.formatDecimal(value, decimals, readerLocale());
}

/** "1,234.56 mi" / "1.234,56 km": a distance with 2 decimals in the reader's units. */
export function formatDistance(metres: number, units: UnitSystem): string {
  return core.formatDistance(metres, units, readerLocale());
}

/** "4,326 ft" / "1.318 m": a climb in whole feet or metres. */
export function formatElevation(metres: number, units: UnitSystem): string {
  return core.formatElevation(metres, units, readerLocale());
}

function writeWall(text: string, options: Intl.DateTimeFormatOptions): string {
  return core.writeWall(text, readerLocale(), options);
}

function writeInstant(value: string | number | Date, options: Intl.DateTimeFormatOptions): string {
  return core.writeInstant(value, readerLocale(), options, runnerTimeZone());
}

/** An activity's start as it read where the run happened: "14 Jun 2025, 07:32" (en-GB). */
export function formatWallDateTime(startDateLocal: string): string {
  return writeWall(startDateLocal, core.MEDIUM_DATE_TIME);
}

/** The same with the weekday and month written out: "Saturday 14 June 2025 at 07:32" (en-GB). */
export function formatWallDateTimeLong(startDateLocal: string): string {
  return writeWall(startDateLocal, core.FULL_DATE_TIME);
}

/** A calendar day ("2027-02-03", or a wall-clock start's day): "3 Feb 2027" (en-GB). */
export function formatDay(day: string, style: 'medium' | 'long' | 'full' = 'medium'): string {
  return core.formatDay(day, readerLocale(), style);
}

/** A day's short form for axes and cells: "3 Feb" (en-GB), "Feb 3" (en-US). */
export function formatDayMonth(day: string): string {
  return writeWall(day, { day: 'numeric', month: 'short' });
}

/** A day's month name alone: "Feb" (short) or "February" (long). */
export function formatMonth(day: string, month: 'long' | 'short' = 'short'): string {
  return writeWall(day, { month });
}

/** A month and year of a day: "February 2027" (long), "Feb 2027" (short). */
export function formatMonthYear(day: string, month: 'long' | 'short' = 'long'): string {
  return core.formatMonthYear(day, readerLocale(), month);
}

/** A month and two-digit year for a chart axis: "Dec 25" (en-GB), "Dec 25" or "12/25" per locale. */
export function formatMonthShortYear(day: string): string {
  return writeWall(day, { month: 'short', year: '2-digit' });
}

/** A day's year alone, for a chart axis over years: "2024". */
export function formatYear(day: string): string {
  return writeWall(day, { year: 'numeric' });
}

/** An instant's calendar date in the runner's zone: "24 Nov 2026" (en-GB). */
export function formatDate(value: string | number | Date, style: 'medium' | 'long' = 'medium'): string {
  return writeInstant(value, { dateStyle: style });
}

/** An instant's date and time in the runner's zone: "24 Nov 2026, 07:00" (en-GB). */
export function formatDateTime(value: string | number | Date): string {
  return core.formatDateTime(value, readerLocale(), runnerTimeZone());
}

/** An instant's time of day in the runner's zone: "07:00" (en-GB), "7:00 AM" (en-US). */
export function formatTime(value: string | number | Date): string {
  return writeInstant(value, { timeStyle: 'short' });
}

/** A time of day stored as "HH:MM" written as the locale writes times (as a time field shows it). */
export function formatClock(hhmm: string): string {
  return core.formatClock(hhmm, readerLocale());
}

/** "5 minutes ago", "yesterday", in the reader's locale. */
export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return new Intl.RelativeTimeFormat(readerLocale(), { numeric: 'auto' }).format(value, unit);
}

interface WeekInfo {
  firstDay?: number;
}

/**
 * The first day of the locale's week, 1 = Monday … 7 = Sunday: Intl.Locale's weekInfo where the
 * browser has it, else Sunday for the regions that start there (the US, Canada, Japan, …) and
 * Monday for the rest.
 */
export function firstDayOfWeek(locale: string = readerLocale()): number {
  try {
    const intlLocale = new Intl.Locale(locale) as Intl.Locale & {
      weekInfo?: WeekInfo;
      getWeekInfo?: () => WeekInfo;
    };
    const info = intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo;
    if (info?.firstDay !== undefined && info.firstDay >= 1 && info.firstDay <= 7) {
      return info.firstDay;
    }
    const region = intlLocale.maximize().region ?? '';
    return SUNDAY_FIRST_REGIONS.has(region) ? 7 : 1;
  } catch {
    return 1;
  }
}

const SUNDAY_FIRST_REGIONS = new Set([
  'US',
  'CA',
  'MX',
  'BR',
  'JP',
  'KR',
  'TW',
  'HK',
  'IL',
  'IN',
  'PH',
  'ZA',
  'AU',
  'SA',
]);

/**
 * The seven weekday names in the locale's week order, short ("Mon") and long ("Monday"), each with
 * its ISO number (1 = Monday … 7 = Sunday).
 */
export function weekdayNames(): { iso: number; short: string; long: string }[] {
  const first = firstDayOfWeek();
  const short = (date: Date) => core.writeInstant(date, readerLocale(), { weekday: 'short' }, 'UTC');
  const long = (date: Date) => core.writeInstant(date, readerLocale(), { weekday: 'long' }, 'UTC');
  return Array.from({ length: 7 }, (_, index) => {
    const iso = ((first - 1 + index) % 7) + 1;
    // 2024-01-01 was a Monday.
    const date = new Date(Date.UTC(2024, 0, iso));
    return { iso, short: short(date), long: long(date) };
  });
}
