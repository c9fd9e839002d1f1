/** The runner's time zone: the one chosen in Account, else the browser's. */
import { TIME_ZONE_MAX_LENGTH } from '../../../core/activity/time-zone.ts';

/**
 * The browser's IANA zone, or undefined when it does not say (or says something no zone is): the
 * server then uses its own fallback.
 */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone.length <= TIME_ZONE_MAX_LENGTH ? zone : undefined;
}

let chosenZone: string | undefined;

/** Records the zone chosen in Account (null or undefined when the runner keeps the browser's). */
export function setRunnerTimeZone(zone: string | null | undefined): void {
  chosenZone = zone ?? undefined;
}

/**
 * The zone the app counts the runner's days in (streak days, today's date, a file without positions)
 * and writes instants in: the Account setting, else the browser's.
 */
export function runnerTimeZone(): string | undefined {
  return chosenZone ?? browserTimeZone();
}

/** The same as a query: absent when neither the runner nor the browser says. */
export function timeZoneQuery(): { timeZone?: string } {
  const timeZone = runnerTimeZone();
  return timeZone === undefined ? {} : { timeZone };
}
