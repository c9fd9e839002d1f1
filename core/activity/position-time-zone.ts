/**
 * The time zone of an uploaded activity: the one where the track starts, looked up offline in
 * tz-lookup's bundled map (pure data, no network or disk), falling back to the uploader's browser
 * time zone when the track has no position. Medals such as Early Bird (start before 6:00), Night Owl
 * and New Year New You read the local time in it, so a 5:30 run in Tokyo uploaded from a laptop set
 * to London still counts.
 */
import tzLookup from '@photostructure/tz-lookup';
import { knownTimeZone } from './time-zone.ts';

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
  return knownTimeZone(browserTimeZone);
}
