/** The reader's time zone as the browser reports it. */
import { TIME_ZONE_MAX_LENGTH } from '../../../core/medals/api.ts';

/**
 * The browser's IANA zone, or undefined when it does not say (or says something no zone is): the
 * server then uses its own fallback. Streak days, today's date and a file without positions are
 * counted in it.
 */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone.length <= TIME_ZONE_MAX_LENGTH ? zone : undefined;
}

/** The same as a query: absent when the browser does not say. */
export function timeZoneQuery(): { timeZone?: string } {
  const timeZone = browserTimeZone();
  return timeZone === undefined ? {} : { timeZone };
}
