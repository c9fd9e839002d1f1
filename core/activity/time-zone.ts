/**
 * Wall-clock times in an IANA time zone (spec §3 startDateLocal / start_date_local), and which zone
 * names the runtime knows. The zone at a track's position is in position-time-zone.ts, kept apart so
 * that the web app's pages that only format times do not download its map of the world's zones.
 */

/** Used when neither a position nor a valid browser time zone is known. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** The longest IANA zone name Stride accepts from a browser (the longest real one has 32 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;

export const TIME_ZONE_MESSAGES = {
  unknown: 'Unknown time zone. Use an IANA name such as Europe/Ljubljana.',
} as const;

/** Zones already asked about: building a formatter to find out costs tens of microseconds. */
const zoneValidity = new Map<string, boolean>();

/** Whether the runtime knows `timeZone` as an IANA name (the browser's value is user input). */
export function isValidTimeZone(timeZone: string): boolean {
  let valid = zoneValidity.get(timeZone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat(undefined, { timeZone });
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

/** `timeZone` when the runtime knows it, else UTC. */
export function knownTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // Only the parts' numbers are read, so any locale with Latin digits serves.
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      // h23: midnight is 00, never 24 (which some locales with hour12: false produce).
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
  return localDateTime(epochMs, knownTimeZone(timeZone)).slice(0, 10);
}
