/**
 * Every date, time and number the web app shows, written through `Intl` in the reader's locale (the
 * browser's language: "24 Nov 2026, 07:00" in en-GB, "Nov 24, 2026, 7:00 AM" in en-US,
 * "24.11.2026, 07:00" in de-DE) and, for instants, in the runner's time zone (the Account setting,
 * else the browser's). An activity's own start (startDateLocal) is the wall clock where the run
 * happened and is never shifted into another zone. Medal dates keep the spec's MM/YY
 * (core/medals/format.ts); durations keep h:mm:ss (core/units.ts).
 */
import type { UnitSystem } from '../../../core/unit-system.ts';
import { distanceInUnits, distanceUnitLabel, elevationInUnits, elevationUnitLabel } from '../../../core/units.ts';
import { runnerTimeZone } from './time-zone.ts';

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

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const locale = readerLocale();
  const key = JSON.stringify([locale, timeZone, options]);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = readerLocale();
  const key = JSON.stringify([locale, options]);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A number with the locale's thousands separator: "12,345" (en), "12.345" (de); up to `maxDecimals`. */
export function formatNumber(value: number, maxDecimals = 0): string {
  return numberFormat({ maximumFractionDigits: maxDecimals }).format(value);
}

/** A number with exactly `decimals` decimals and the thousands separator: "1,234.50". */
export function formatDecimal(value: number, decimals: number): string {
  return numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** "1,234.56 mi" / "1.234,56 km": a distance with 2 decimals in the reader's units. */
export function formatDistance(metres: number, units: UnitSystem): string {
  return `${formatDecimal(distanceInUnits(metres, units), 2)} ${distanceUnitLabel(units)}`;
}

/** "4,326 ft" / "1.318 m": a climb in whole feet or metres. */
export function formatElevation(metres: number, units: UnitSystem): string {
  return `${formatNumber(Math.round(elevationInUnits(metres, units)))} ${elevationUnitLabel(units)}`;
}

/**
 * startDateLocal is "YYYY-MM-DDTHH:mm:ss" with no zone (a bare "YYYY-MM-DD" is a day): read as UTC
 * and written in UTC, so the reader's own zone never shifts the run's local time.
 */
function wallClock(text: string): Date | undefined {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const date = new Date(day ? `${text}T00:00:00Z` : `${text.slice(0, 19)}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function instant(value: string | number | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function writeWall(text: string, options: Intl.DateTimeFormatOptions): string {
  const date = wallClock(text);
  return date ? dateFormat(options, 'UTC').format(date) : text;
}

function writeInstant(value: string | number | Date, options: Intl.DateTimeFormatOptions, timeZone?: string): string {
  const date = instant(value);
  return date ? dateFormat(options, timeZone ?? runnerTimeZone()).format(date) : String(value);
}

const MEDIUM_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const FULL_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short' };

/** An activity's start as it read where the run happened: "14 Jun 2025, 07:32" (en-GB). */
export function formatWallDateTime(startDateLocal: string): string {
  return writeWall(startDateLocal, MEDIUM_DATE_TIME);
}

/** The same with the weekday and month written out: "Saturday 14 June 2025 at 07:32" (en-GB). */
export function formatWallDateTimeLong(startDateLocal: string): string {
  return writeWall(startDateLocal, FULL_DATE_TIME);
}

/** A calendar day ("2027-02-03", or a wall-clock start's day): "3 Feb 2027" (en-GB). */
export function formatDay(day: string, style: 'medium' | 'long' | 'full' = 'medium'): string {
  return writeWall(day, { dateStyle: style });
}

/** A day's short form for axes and cells: "3 Feb" (en-GB), "Feb 3" (en-US). */
export function formatDayMonth(day: string): string {
  return writeWall(day, { day: 'numeric', month: 'short' });
}

/** A day's month name alone: "Feb" (short) or "February" (long). */
export function formatMonth(day: string, month: 'long' | 'short' = 'short'): string {
  return writeWall(day, { month });
}

/** A month and year of a day: "February 2027". */
export function formatMonthYear(day: string, month: 'long' | 'short' = 'long'): string {
  return writeWall(day, { month, year: 'numeric' });
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
  return writeInstant(value, MEDIUM_DATE_TIME);
}

/** An instant's time of day in the runner's zone: "07:00" (en-GB), "7:00 AM" (en-US). */
export function formatTime(value: string | number | Date): string {
  return writeInstant(value, { timeStyle: 'short' });
}

/** A time of day stored as "HH:MM" written as the locale writes times (as a time field shows it). */
export function formatClock(hhmm: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) {
    return hhmm;
  }
  return dateFormat({ timeStyle: 'short' }, 'UTC').format(
    new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))),
  );
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
  const short = dateFormat({ weekday: 'short' }, 'UTC');
  const long = dateFormat({ weekday: 'long' }, 'UTC');
  return Array.from({ length: 7 }, (_, index) => {
    const iso = ((first - 1 + index) % 7) + 1;
    // 2024-01-01 was a Monday.
    const date = new Date(Date.UTC(2024, 0, iso));
    return { iso, short: short.format(date), long: long.format(date) };
  });
}
