/**
 * Calendar days in the runner's time zone, shared by goals, plans and check-ins. A day is a
 * "YYYY-MM-DD" string; its edges are UTC instants found through Intl (the runtime's IANA data), so a
 * 23-hour or 25-hour daylight-saving day and a zone whose midnight is skipped (the day then starts
 * at the first instant that shows that date) all come out right. Nothing here reads the clock.
 */
import { localDate, localDateTime } from '../activity/time-zone.ts';
import { addDays, epochDay } from '../calendar-days.ts';

export { addDays, daysBetween, epochDay, isoDayOf, weekdayOf } from '../calendar-days.ts';

/** The runner's calendar date at an instant. */
export function localDayAt(epochMs: number, timeZone: string): string {
  return localDate(epochMs, timeZone);
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (whole seconds). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const wall = localDateTime(epochMs, timeZone);
  const asUtc = Date.parse(`${wall}Z`);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/** The first UTC instant whose local date in `timeZone` is `isoDay`. */
export function localDayStartUtc(isoDay: string, timeZone: string): number {
  if (epochDay(isoDay) === null) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): "${isoDay}"`);
  }
  const wallMidnight = Date.parse(`${isoDay}T00:00:00Z`);
  // No zone changes its offset twice within two days, so midnight lies at wall minus one of these.
  const candidates = [
    wallMidnight - zoneOffsetMs(wallMidnight - DAY_MS, timeZone),
    wallMidnight - zoneOffsetMs(wallMidnight + DAY_MS, timeZone),
  ]
    .filter((instant) => localDayAt(instant, timeZone) === isoDay)
    .sort((a, b) => a - b);
  const first = candidates[0];
  if (first === undefined) {
    throw new RangeError(`No start found for ${isoDay} in ${timeZone}`);
  }
  // Where midnight is skipped the candidate is the transition itself; walk back to be sure it is
  // the first instant of the day (at most one hour, in minute steps).
  let start = first;
  while (localDayAt(start - 60_000, timeZone) === isoDay) {
    start -= 60_000;
  }
  return start;
}

/**
 * Spec §7: a day runs from local 00:00:00.000 to 23:59:59.999. Both ends are inclusive UTC
 * milliseconds; on a daylight-saving day the range is 23 or 25 hours long.
 */
export function localDayRangeUtc(isoDay: string, timeZone: string): { startMs: number; endMs: number } {
  return {
    startMs: localDayStartUtc(isoDay, timeZone),
    endMs: localDayStartUtc(addDays(isoDay, 1), timeZone) - 1,
  };
}
