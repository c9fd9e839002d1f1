/**
 * The texts a medal shows: its date (spec §9 "MM/YY"), its value (spec §3, e.g. "12.40 miles"),
 * the progress hint of an unearned card ("3 of 5 early runs") and the spec §4 progress figure.
 */
import type { UnitSystem } from '../profile.ts';
import { distanceInUnits } from '../units.ts';
import type { MedalDefinition } from './catalogue.ts';

/** A counting rule's progress: how far the user is (capped at the target) and what it takes. */
export interface MedalProgress {
  current: number;
  target: number;
}

const ISO_MONTH = /^(\d{4})-(\d{2})/;

/**
 * Spec §9: medal dates as "MM/YY". Takes an ISO date or timestamp ("2024-03-05" or
 * "2024-03-05T10:00:00.000Z") and uses its month as written — for a UTC timestamp, the UTC month.
 * Throws RangeError when the text does not start with a year and a month.
 */
export function formatMedalDate(isoDate: string): string {
  const match = ISO_MONTH.exec(isoDate);
  const year = match?.[1];
  const month = match?.[2];
  if (year === undefined || month === undefined || Number(month) < 1 || Number(month) > 12) {
    throw new RangeError(`Not an ISO date: "${isoDate}"`);
  }
  return `${month}/${year.slice(2)}`;
}

/** The word a medal value uses for the user's distance unit: "miles" or "km". */
export function medalDistanceUnit(units: UnitSystem): string {
  return units === 'imperial' ? 'miles' : 'km';
}

/** Spec §3 value text for a distance, 2 decimals as spec §9 asks: "12.40 miles", "19.96 km". */
export function formatMedalDistance(metres: number, units: UnitSystem): string {
  return `${distanceInUnits(metres, units).toFixed(2)} ${medalDistanceUnit(units)}`;
}

/** A count with what it counts, as a value text: "5 early runs", "7 days in a row". */
export function formatMedalCount(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}`;
}

function progressNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/**
 * The hint on an unearned card: "3 of 5 early runs", "42.1 of 100 miles" (distance totals are in
 * the user's units, as rules.ts reports them). Null for medals that count nothing, or no progress.
 */
export function formatProgressHint(
  medal: Pick<MedalDefinition, 'counts'>,
  progress: MedalProgress | null,
  units: UnitSystem,
): string | null {
  if (!medal.counts || !progress) {
    return null;
  }
  const noun = medal.counts.kind === 'count' ? medal.counts.noun : medalDistanceUnit(units);
  return `${progressNumber(progress.current)} of ${progressNumber(progress.target)} ${noun}`;
}

/** Spec §4: "Medal progress is 100 if held, otherwise 0". */
export function medalProgressPercent(earned: boolean): 100 | 0 {
  return earned ? 100 : 0;
}
