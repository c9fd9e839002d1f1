/**
 * What runners type, read into SI units (seconds, metres, seconds per metre), and the pace ↔ time ↔
 * distance relation: any two of the three give the third. Each parser answers `{ value }` or
 * `{ error }` with one of PACE_INPUT_ERRORS.
 */
import type { UnitSystem } from '../unit-system.ts';
import { METRES_PER_KILOMETRE, METRES_PER_MILE } from '../units.ts';

export type Parsed<T> = { value: T } | { error: string };

/** The sentences shown under an input the calculators cannot read. */
export const PACE_INPUT_ERRORS = {
  time: 'Enter a time as h:mm:ss, mm:ss or m:ss (for example 1:55:00, 45:00 or 25:30.5).',
  pace: 'Enter a pace as m:ss per km or per mile (for example 4:30/km or 7:15/mi).',
  distance: 'Enter a distance in km, mi or m (for example 10 km, 13.1 mi, 400 m), or 5K, 10K, half or marathon.',
  speed: 'Enter a treadmill speed in km/h or mph (for example 12 km/h or 7.5 mph).',
  exponent: 'Enter an exponent from 1 to 1.2 (Riegel used 1.06).',
  percent: 'Enter a negative split from 0 to 20 %.',
  notPositive: 'Enter a value above zero.',
  missing: 'Enter two of distance, time and pace.',
} as const;

export type RacePresetId = '5k' | '10k' | 'half' | 'marathon';

export interface RacePreset {
  id: RacePresetId;
  label: string;
  metres: number;
}

/** The standard road races: 5K, 10K, half marathon (21,097.5 m) and marathon (42,195 m). */
export const RACE_PRESETS: readonly RacePreset[] = [
  { id: '5k', label: '5K', metres: 5000 },
  { id: '10k', label: '10K', metres: 10_000 },
  { id: 'half', label: 'Half marathon', metres: 21_097.5 },
  { id: 'marathon', label: 'Marathon', metres: 42_195 },
];

const NAMED_DISTANCES: Readonly<Record<string, number>> = {
  half: 21_097.5,
  'half marathon': 21_097.5,
  'half-marathon': 21_097.5,
  hm: 21_097.5,
  marathon: 42_195,
  full: 42_195,
  mile: METRES_PER_MILE,
};

const UNIT_METRES: Readonly<Record<string, number>> = {
  k: METRES_PER_KILOMETRE,
  km: METRES_PER_KILOMETRE,
  kms: METRES_PER_KILOMETRE,
  kilometre: METRES_PER_KILOMETRE,
  kilometres: METRES_PER_KILOMETRE,
  kilometer: METRES_PER_KILOMETRE,
  kilometers: METRES_PER_KILOMETRE,
  mi: METRES_PER_MILE,
  mile: METRES_PER_MILE,
  miles: METRES_PER_MILE,
  m: 1,
  metre: 1,
  metres: 1,
  meter: 1,
  meters: 1,
};

/** "1:55:00", "55:00", "25:30.5" (h:mm:ss, m:ss, with optional decimal seconds) → seconds. */
export function parseTime(text: string): Parsed<number> {
  const seconds = clockSeconds(text.trim());
  if (seconds === undefined) {
    return { error: PACE_INPUT_ERRORS.time };
  }
  return seconds > 0 ? { value: seconds } : { error: PACE_INPUT_ERRORS.notPositive };
}

/** h:mm:ss or m:ss with seconds and minutes (after hours) below 60; undefined otherwise. */
function clockSeconds(text: string): number | undefined {
  const match = /^(?:(\d+):)?(\d+):(\d{1,2}(?:\.\d+)?)$/.exec(text);
  if (!match) {
    return undefined;
  }
  const hours = match[1] === undefined ? 0 : Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3]);
  if (seconds >= 60 || (match[1] !== undefined && minutes >= 60)) {
    return undefined;
  }
  return hours * 3600 + minutes * 60 + seconds;
}

/** "4:30/km", "7:15/mi", "4:30 min/km", "7:15 per mile" → seconds per metre. */
export function parsePace(text: string): Parsed<number> {
  const match = /^(\d+:\d{1,2}(?:\.\d+)?)\s*(?:min)?\s*(?:\/|per\s+)\s*(km|kilometre|kilometer|mi|mile)$/i.exec(
    text.trim(),
  );
  const seconds = match ? clockSeconds(match[1] as string) : undefined;
  if (!match || seconds === undefined) {
    return { error: PACE_INPUT_ERRORS.pace };
  }
  if (seconds <= 0) {
    return { error: PACE_INPUT_ERRORS.notPositive };
  }
  const unit = (match[2] as string).toLowerCase();
  return { value: seconds / (unit.startsWith('k') ? METRES_PER_KILOMETRE : METRES_PER_MILE) };
}

/** "13.1 mi", "21.0975 km", "5k", "10K", "400 m", "half", "marathon" → metres. */
export function parseDistance(text: string): Parsed<number> {
  const normalized = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const named = NAMED_DISTANCES[normalized];
  if (named !== undefined) {
    return { value: named };
  }
  const match = /^(\d+(?:\.\d+)?|\.\d+) ?([a-z]+)$/.exec(normalized);
  const perUnit = match ? UNIT_METRES[match[2] as string] : undefined;
  if (!match || perUnit === undefined) {
    return { error: PACE_INPUT_ERRORS.distance };
  }
  const metres = Number(match[1]) * perUnit;
  return metres > 0 ? { value: metres } : { error: PACE_INPUT_ERRORS.notPositive };
}

export interface PaceSolution {
  metres: number;
  seconds: number;
  secondsPerMetre: number;
}

/** Any two of distance (m), time (s) and pace (s/m) give the third; undefined with fewer than two. */
export function solvePace(given: {
  metres?: number | undefined;
  seconds?: number | undefined;
  secondsPerMetre?: number | undefined;
}): PaceSolution | undefined {
  const { metres, seconds, secondsPerMetre } = given;
  if (metres !== undefined && seconds !== undefined) {
    return { metres, seconds, secondsPerMetre: seconds / metres };
  }
  if (metres !== undefined && secondsPerMetre !== undefined) {
    return { metres, seconds: metres * secondsPerMetre, secondsPerMetre };
  }
  if (seconds !== undefined && secondsPerMetre !== undefined) {
    return { metres: seconds / secondsPerMetre, seconds, secondsPerMetre };
  }
  return undefined;
}

/**
 * "12 km/h", "12 kph", "7.5 mph" → seconds per metre. A bare number ("12") is in the runner's
 * units: km/h for metric, mph for imperial.
 */
export function parseSpeed(text: string, bareUnits: UnitSystem): Parsed<number> {
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*(km\/h|kmh|kph|mph|mi\/h)?$/i.exec(text.trim());
  if (!match) {
    return { error: PACE_INPUT_ERRORS.speed };
  }
  const speed = Number(match[1]);
  if (!(speed > 0)) {
    return { error: PACE_INPUT_ERRORS.notPositive };
  }
  const metric = match[2] === undefined ? bareUnits === 'metric' : match[2].toLowerCase().startsWith('k');
  const perHour = metric ? METRES_PER_KILOMETRE : METRES_PER_MILE;
  return { value: 3600 / (speed * perHour) };
}
