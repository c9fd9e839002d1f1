/**
 * The calculators' state as it lives in the URL query, so a result can be shared by link:
 * d distance, t time, p pace, k Riegel exponent, s negative split %, v treadmill speed, u split unit
 * ("km" or "mi", read as the unit system by `unitsOf`).
 * `calculate` reads the typed texts with core/running's parsers and works out every result.
 */
import {
  PACE_INPUT_ERRORS,
  parseDistance,
  parsePace,
  parseSpeed,
  parseTime,
  solvePace,
  type PaceSolution,
  type Parsed,
} from '../../../core/running/pace.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { RIEGEL_DEFAULT_EXPONENT, RIEGEL_EXPONENT_RANGE } from '../../../core/running/riegel.ts';

export const QUERY_KEYS = ['d', 't', 'p', 'k', 's', 'v', 'u'] as const;
export type QueryKey = (typeof QUERY_KEYS)[number];
export type CalculatorQuery = Record<QueryKey, string>;

/** The most negative split the table offers, in percent. */
export const MAX_NEGATIVE_SPLIT_PERCENT = 20;

export function readQuery(params: URLSearchParams): CalculatorQuery {
  return Object.fromEntries(QUERY_KEYS.map((key) => [key, params.get(key) ?? ''])) as CalculatorQuery;
}

/** The query for the link: the values in QUERY_KEYS order, empty ones left out. */
export function toSearchParams(query: CalculatorQuery): URLSearchParams {
  return new URLSearchParams(QUERY_KEYS.filter((key) => query[key] !== '').map((key) => [key, query[key]]));
}

export interface CalculatorResult {
  errors: Partial<Record<QueryKey, string>>;
  /** Distance, time and pace once two of them are valid. */
  solution?: PaceSolution;
  /** The sentence to show while fewer than two are given. */
  missing?: string;
  exponent: number;
  negativePercent: number;
  treadmillSecondsPerMetre?: number;
}

function read<T>(text: string, parse: (text: string) => Parsed<T>, errors: CalculatorResult['errors'], key: QueryKey) {
  if (text.trim() === '') {
    return undefined;
  }
  const parsed = parse(text);
  if ('error' in parsed) {
    errors[key] = parsed.error;
    return undefined;
  }
  return parsed.value;
}

function readNumber(text: string, min: number, max: number, error: string): Parsed<number> {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value >= min && value <= max ? { value } : { error };
}

/** `units`: the runner's, in which a bare treadmill speed is read ("12": km/h or mph). */
export function calculate(query: CalculatorQuery, units: UnitSystem): CalculatorResult {
  const errors: CalculatorResult['errors'] = {};
  const metres = read(query.d, parseDistance, errors, 'd');
  const seconds = read(query.t, parseTime, errors, 't');
  // With distance and time both given, the pace is worked out, not read.
  const secondsPerMetre =
    metres !== undefined && seconds !== undefined ? undefined : read(query.p, parsePace, errors, 'p');
  const solution = solvePace({ metres, seconds, secondsPerMetre });
  const exponent =
    read(
      query.k,
      (text) => readNumber(text, RIEGEL_EXPONENT_RANGE.min, RIEGEL_EXPONENT_RANGE.max, PACE_INPUT_ERRORS.exponent),
      errors,
      'k',
    ) ?? RIEGEL_DEFAULT_EXPONENT;
  const negativePercent =
    read(query.s, (text) => readNumber(text, 0, MAX_NEGATIVE_SPLIT_PERCENT, PACE_INPUT_ERRORS.percent), errors, 's') ??
    0;
  const treadmill = read(query.v, (text) => parseSpeed(text, units), errors, 'v');
  return {
    errors,
    ...(solution ? { solution } : { missing: PACE_INPUT_ERRORS.missing }),
    exponent,
    negativePercent,
    ...(treadmill === undefined ? {} : { treadmillSecondsPerMetre: treadmill }),
  };
}

/** The unit system of the query's split unit ("km" metric, "mi" imperial), else `fallback`. */
export function unitsOf(query: CalculatorQuery, fallback: UnitSystem): UnitSystem {
  return query.u === 'km' ? 'metric' : query.u === 'mi' ? 'imperial' : fallback;
}
