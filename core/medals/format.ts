/**
 * The texts a medal shows: its month (spec §9's MM/YY, written in the reader's locale as "Nov 2026",
 * since "11/26" reads as a day outside the US), its value (spec §3, e.g. "12.40 miles"),
 * the progress hint of an unearned card ("3 of 5 early runs") and the spec §4 progress figure.
 */
import type { UnitSystem } from '../unit-system.ts';
import { distanceInUnits, FEET_PER_METRE, METRES_PER_KILOMETRE, METRES_PER_MILE } from '../units.ts';
import {
  DEFAULT_LOCALE,
  formatDecimal,
  formatElevation,
  formatMonthYear,
  formatNumber,
  formatPace,
} from '../format.ts';
import type { MedalDefinition } from './catalogue.ts';

/** A counting rule's progress: how far the user is (capped at the target) and what it takes. */
export interface MedalProgress {
  current: number;
  target: number;
}

const ISO_MONTH = /^(\d{4})-(\d{2})/;

/**
 * Spec §9: a medal's date is its month and year, "Nov 2026" (en-GB and en-US). Takes an ISO date or
 * timestamp ("2024-03-05" or "2024-03-05T10:00:00.000Z") and uses its month as written — for a UTC
 * timestamp, the UTC month. Throws RangeError when the text does not start with a year and a month.
 */
export function formatMedalDate(isoDate: string, locale: string = DEFAULT_LOCALE): string {
  const match = ISO_MONTH.exec(isoDate);
  const year = match?.[1];
  const month = match?.[2];
  if (year === undefined || month === undefined || Number(month) < 1 || Number(month) > 12) {
    throw new RangeError(`Not an ISO date: "${isoDate}"`);
  }
  return formatMonthYear(`${year}-${month}-01`, locale, 'short');
}

/** The word a medal value uses for the user's distance unit: "miles" or "km". */
export function medalDistanceUnit(units: UnitSystem): string {
  return units === 'imperial' ? 'miles' : 'km';
}

/** Spec §3 value text for a distance, 2 decimals as spec §9 asks: "12.40 miles", "1,019.96 km". */
export function formatMedalDistance(metres: number, units: UnitSystem): string {
  return `${formatDecimal(distanceInUnits(metres, units), 2)} ${medalDistanceUnit(units)}`;
}

const DISTANCE_VALUE = /^(\d[\d,]*(?:\.\d+)?) (miles|km)$/;
const ELEVATION_VALUE = /^(\d[\d,]*) (ft|m)$/;
const PACE_VALUE = /^(\d+):([0-5]\d)\/(mi|km)$/;

function numberIn(text: string): number {
  return Number(text.replaceAll(',', ''));
}

/**
 * A stored medal value in the reader's units. A medal keeps the value text it was awarded with
 * ("17.16 miles", "2,177 ft", "7:45/mi", or their metric forms); every screen shows it in the
 * profile's current unit system, so a distance, climb or pace written in either system is
 * rewritten in `units`. Counts and times ("5 early runs", "24:59") have no unit and stay as written.
 */
export function medalValueInUnits(value: string, units: UnitSystem): string {
  const distance = DISTANCE_VALUE.exec(value);
  if (distance) {
    const perUnit = distance[2] === 'miles' ? METRES_PER_MILE : METRES_PER_KILOMETRE;
    return formatMedalDistance(numberIn(distance[1] as string) * perUnit, units);
  }
  const elevation = ELEVATION_VALUE.exec(value);
  if (elevation) {
    const metres = numberIn(elevation[1] as string) / (elevation[2] === 'ft' ? FEET_PER_METRE : 1);
    return formatElevation(metres, units);
  }
  const pace = PACE_VALUE.exec(value);
  if (pace) {
    const seconds = Number(pace[1]) * 60 + Number(pace[2]);
    const perUnit = pace[3] === 'mi' ? METRES_PER_MILE : METRES_PER_KILOMETRE;
    return seconds > 0 ? formatPace(perUnit / seconds, units) : value;
  }
  return value;
}

/** A count with what it counts, as a value text: "5 early runs", "7 days in a row". */
export function formatMedalCount(count: number, noun: string): string {
  return `${formatNumber(count)} ${noun}`;
}

/**
 * The hint on an unearned card: "3 of 5 early runs", "42.1 of 100 miles" (distance totals are in
 * the user's units, as rules.ts reports them). Null for medals that count nothing, or no progress.
 */
export function formatProgressHint(
  medal: Pick<MedalDefinition, 'counts'>,
  progress: MedalProgress | null,
  units: UnitSystem,
  locale: string = DEFAULT_LOCALE,
): string | null {
  if (!medal.counts || !progress) {
    return null;
  }
  const noun = medal.counts.kind === 'count' ? medal.counts.noun : medalDistanceUnit(units);
  return `${formatNumber(progress.current, locale, 1)} of ${formatNumber(progress.target, locale, 1)} ${noun}`;
}

/** Spec §4: "Medal progress is 100 if held, otherwise 0". */
export function medalProgressPercent(earned: boolean): 100 | 0 {
  return earned ? 100 : 0;
}
