/**
 * The local wall-clock start of an uploaded activity (spec §3 startDateLocal / start_date_local).
 * The time zone comes from where the track starts, looked up offline in tz-lookup's bundled map
 * (pure data, no network or disk), falling back to the uploader's browser time zone when the
 * track has no position. Medals such as Early Bird (start before 6:00), Night Owl and New Year New
 * You read this local time, so a 5:30 run in Tokyo uploaded from a laptop set to London still counts.
 */
import tzLookup from '@photostructure/tz-lookup';

/** Used when neither a position nor a valid browser time zone is known. */
export const FALLBACK_TIME_ZONE = 'UTC';

/**
 * The IANA time zone at a position, e.g. "Europe/Ljubljana" (at sea, a nautical "Etc/GMT±N").
 * Throws a RangeError for coordinates that are not numbers in range.
 */
export function timeZoneAt(lat: number, lon: number): string {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    throw new RangeError(`No time zone at ${lat}, ${lon}`);
  }
  return tzLookup(lat, lon);
}

/** Zones already asked about: building a formatter to find out costs tens of microseconds. */
const zoneValidity = new Map<string, boolean>();

/** Whether the runtime knows `timeZone` as an IANA name (the browser's value is user input). */
export function isValidTimeZone(timeZone: string): boolean {
  let valid = zoneValidity.get(timeZone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      valid = true;
    } catch {
      valid = false;
    }
    // Bounded: user input may name any number of zones that do not exist.
    if (zoneValidity.size < 1000) {
      zoneValidity.set(timeZone, valid);
    }
  }
  return valid;
}

/**
 * The activity's time zone: the one at its start position, else the browser's (when valid), else UTC.
 */
export function resolveTimeZone(
  start: { lat: number; lng: number } | null | undefined,
  browserTimeZone?: string | null,
): string {
  if (start) {
    try {
      return timeZoneAt(start.lat, start.lng);
    } catch {
      // Not a usable position: fall through to the browser's zone.
    }
  }
  if (browserTimeZone && isValidTimeZone(browserTimeZone)) {
    return browserTimeZone;
  }
  return FALLBACK_TIME_ZONE;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23: midnight is 00, never 24 (which "en-US" with hour12: false can produce).
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall-clock time at `epochMs` in `timeZone` as "YYYY-MM-DDTHH:mm:ss" (no offset), the form
 * of startDateLocal. Seconds are truncated, as a clock shows them.
 */
export function localDateTime(epochMs: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(Math.floor(epochMs / 1000) * 1000))) {
    parts[part.type] = part.value;
  }
  const year = (parts.year ?? '').padStart(4, '0');
  return `${year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The calendar date "YYYY-MM-DD" at `epochMs` in a time zone; a missing or unknown zone means UTC. */
export function localDate(epochMs: number, timeZone?: string | null): string {
  return localDateTime(epochMs, resolveTimeZone(null, timeZone)).slice(0, 10);
}
