/**
 * How Stride writes every figure, date and time, for screens and mails alike: through `Intl` in a
 * locale ("24 Nov 2026, 07:00" in en-GB, "Nov 24, 2026, 7:00 AM" in en-US, "24.11.2026, 07:00" in
 * de-DE; "1,234.56" or "1.234,56") and in the runner's units (spec §9: distances with 2 decimals,
 * pace m:ss/mi or m:ss/km, climb in feet or metres). The web app binds these to the browser's locale
 * (web/src/lib/format.ts); the server, which stores no locale of the runner's, writes mails and its
 * sentences in DEFAULT_LOCALE. A day ("YYYY-MM-DD") or an activity's own wall-clock start is written as it reads
 * where it happened, never shifted into another zone; an instant is written in the zone given.
 */
import type { UnitSystem } from './unit-system.ts';
import { distanceInUnits, distanceUnitLabel, elevationInUnits, elevationUnitLabel, metresPerUnit } from './units.ts';

/** The locale of texts written where the reader's is not known: mails, and the server's sentences. */
export const DEFAULT_LOCALE = 'en-GB';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, timeZone, options]);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify([locale, options]);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A number with the locale's thousands separator: "12,345" (en), "12.345" (de); up to `maxDecimals`. */
export function formatNumber(value: number, locale: string = DEFAULT_LOCALE, maxDecimals = 0): string {
  return numberFormat(locale, { maximumFractionDigits: maxDecimals }).format(value);
}

/** A number with exactly `decimals` decimals and the thousands separator: "1,234.50". */
export function formatDecimal(value: number, decimals: number, locale: string = DEFAULT_LOCALE): string {
  return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** Spec §9: "1,234.56 mi" / "1.234,56 km": a distance with 2 decimals in the runner's units. */
export function formatDistance(metres: number, units: UnitSystem, locale: string = DEFAULT_LOCALE): string {
  return `${formatDecimal(distanceInUnits(metres, units), 2, locale)} ${distanceUnitLabel(units)}`;
}

/** Spec §9: "4,326 ft" / "1.318 m": a climb in whole feet or metres. */
export function formatElevation(metres: number, units: UnitSystem, locale: string = DEFAULT_LOCALE): string {
  return `${formatNumber(Math.round(elevationInUnits(metres, units)), locale)} ${elevationUnitLabel(units)}`;
}

/** h:mm:ss, or m:ss under an hour (the same in every locale, as a stopwatch reads). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const mmss = `${hours > 0 ? String(minutes).padStart(2, '0') : minutes}:${String(secs).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** m:ss without a unit, e.g. 465 → "7:45" (pace axes and read-outs). */
export function formatPaceSeconds(secondsPerUnit: number): string {
  const total = Math.max(0, Math.round(secondsPerUnit));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Spec §9: a pace in seconds per metre as m:ss/mi (or m:ss/km), e.g. "7:45/mi". */
export function formatPacePerMetre(secondsPerMetre: number, units: UnitSystem): string {
  return `${formatPaceSeconds(secondsPerMetre * metresPerUnit(units))}/${distanceUnitLabel(units)}`;
}

/** Spec §9: the pace of a speed in m/s, e.g. "7:45/mi"; "—" when there is no movement. */
export function formatPace(metresPerSecond: number, units: UnitSystem): string {
  if (!Number.isFinite(metresPerSecond) || metresPerSecond <= 0) {
    return '—';
  }
  return formatPacePerMetre(1 / metresPerSecond, units);
}

/**
 * A day or a wall-clock start ("YYYY-MM-DD" or "YYYY-MM-DDTHH:mm:ss", no zone): read as UTC and
 * written in UTC, so no zone shifts the run's local time.
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

/** A day or wall-clock time in `options`; the text itself when it is neither. */
export function writeWall(text: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const date = wallClock(text);
  return date ? dateFormat(locale, options, 'UTC').format(date) : text;
}

/** An instant in `options`, in `timeZone` (the runtime's zone when undefined). */
export function writeInstant(
  value: string | number | Date,
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
): string {
  const date = instant(value);
  return date ? dateFormat(locale, options, timeZone).format(date) : String(value);
}

export const MEDIUM_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
export const FULL_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short' };

/** A calendar day ("2027-02-03", or a wall-clock start's day): "3 Feb 2027" (en-GB), "Feb 3, 2027" (en-US). */
export function formatDay(
  day: string,
  locale: string = DEFAULT_LOCALE,
  style: 'medium' | 'long' | 'full' = 'medium',
): string {
  return writeWall(day, locale, { dateStyle: style });
}

/** A month and year of a day or instant's UTC day: "Nov 2026" (short) or "November 2026" (long). */
export function formatMonthYear(
  day: string,
  locale: string = DEFAULT_LOCALE,
  month: 'long' | 'short' = 'long',
): string {
  return writeWall(day.slice(0, 10), locale, { month, year: 'numeric' });
}

/** An instant's date and time in `timeZone`: "24 Nov 2026, 07:00" (en-GB), "Nov 24, 2026, 7:00 AM" (en-US). */
export function formatDateTime(
  value: string | number | Date,
  locale: string = DEFAULT_LOCALE,
  timeZone?: string,
): string {
  return writeInstant(value, locale, MEDIUM_DATE_TIME, timeZone);
}

/** A time of day stored as "HH:MM" written as the locale writes times: "07:30" (en-GB), "7:30 AM" (en-US). */
export function formatClock(hhmm: string, locale: string = DEFAULT_LOCALE): string {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) {
    return hhmm;
  }
  return dateFormat(locale, { timeStyle: 'short' }, 'UTC').format(
    new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))),
  );
}
