/**
 * The one table of plausible ranges for numbers that come from outside (files, Strava, weather,
 * routing, elevation): DESIGN.md "Numbers from outside … pass one table of plausible ranges in
 * `core/` before any arithmetic: a value outside it is dropped (a point) or refused (a file), never
 * looped on". Each bound is inclusive; NaN, ±Infinity and anything that is not a number are outside
 * every range.
 */

export interface PlausibleRange {
  min: number;
  max: number;
}

export const PLAUSIBLE_RANGES = {
  /** Degrees, WGS84. */
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
  /** Metres above sea level: below the Dead Sea shore, above Everest. */
  elevation: { min: -500, max: 9_000 },
  /** Beats per minute. */
  heartRate: { min: 20, max: 250 },
  /** Steps or revolutions per minute. */
  cadence: { min: 0, max: 300 },
  /**
   * Metres from an activity's start: a device's or a service's cumulative distance, a routed leg, an
   * activity's whole distance. At most 1,000 km, longer than any single activity: the longest
   * one-stage events (Paris–Brest–Paris at 1,200 km, six-day races on foot around 1,000 km) are
   * ridden or run over days and are rarely one recording; such a runner confirms (plausibility.ts).
   * It is also the bound of splits (activity/bounds.ts).
   */
  distance: { min: 0, max: 1_000_000 },
  /** Milliseconds since the Unix epoch: a recorded or forecast moment, 1900 to 2200 (old files exist). */
  time: { min: -2_208_988_800_000, max: 7_258_118_400_000 },
  /**
   * Seconds from an activity's start: at most 7 days, longer than any single recording (a watch's
   * battery lasts at most a few days in GPS mode).
   */
  elapsedSeconds: { min: 0, max: 7 * 24 * 3600 },
  /** Air temperature in °C. */
  temperature: { min: -90, max: 60 },
  /** Millimetres of rain in an hour. */
  precipitation: { min: 0, max: 500 },
  /** Percent. */
  precipitationProbability: { min: 0, max: 100 },
  /** Kilometres per hour. */
  windSpeed: { min: 0, max: 500 },
  /** WMO weather interpretation code. */
  weatherCode: { min: 0, max: 99 },
  /** A time zone's offset from UTC in seconds. */
  utcOffsetSeconds: { min: -14 * 3600, max: 14 * 3600 },
} as const satisfies Record<string, PlausibleRange>;

export type PlausibleKind = keyof typeof PLAUSIBLE_RANGES;

/** Whether `value` is a finite number inside the kind's range. */
export function isPlausible(kind: PlausibleKind, value: unknown): value is number {
  const range: PlausibleRange = PLAUSIBLE_RANGES[kind];
  return typeof value === 'number' && value >= range.min && value <= range.max;
}

/** The value when it is plausible, else NaN (a measurement dropped from its point). */
export function plausibleOrNaN(kind: PlausibleKind, value: number | undefined): number {
  return isPlausible(kind, value) ? value : Number.NaN;
}

/** The value when it is plausible, else null. */
export function plausibleOrNull(kind: PlausibleKind, value: unknown): number | null {
  return isPlausible(kind, value) ? value : null;
}
