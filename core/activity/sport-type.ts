/**
 * How a sport written in a file becomes one of Stride's upload types. GPX <type>, TCX Sport="…"
 * and FIT session sport/sub_sport all pass through here so the three formats agree. A file that
 * declares its sport is typed by it; only a file that says nothing gets the speed guess (spec §4).
 */
import type { UploadActivityType } from './parsed.ts';

/**
 * Strava's GPX exports write the activity type as a number (its old activity-type codes): 1 Ride,
 * 4 Hike, 9 Run, 10 Walk. Every other code is a sport Stride has no type for.
 */
const STRAVA_TYPE_CODES: ReadonlyMap<string, UploadActivityType> = new Map([
  ['1', 'ride'],
  ['4', 'hike'],
  ['9', 'run'],
  ['10', 'walk'],
]);

/**
 * Matched on words so that the many spellings map alike: Garmin "running" / "trail_running",
 * TCX "Running" / "Biking", FIT "cycling" / "eBiking", Strava "Run" / "VirtualRide" / "Hike",
 * FIT "swimming" / "open_water" / "snorkeling". TCX's third sport, "Other", is a declared sport
 * Stride has no closer type for.
 */
const SPORT_PATTERNS: readonly (readonly [RegExp, UploadActivityType])[] = [
  [/run/i, 'run'],
  [/cycl|bik(e|ing)|ride/i, 'ride'],
  [/walk/i, 'walk'],
  [/hik(e|ing)/i, 'hike'],
  [/swim|open_?water|snorkel/i, 'swim'],
  [/^other$/i, 'other'],
];

/** The Stride type for a sport label, or null when the label names a sport Stride does not know. */
export function activityTypeFromSport(label: string | null | undefined): UploadActivityType | null {
  const sport = label?.trim() ?? '';
  if (sport === '') {
    return null;
  }
  const coded = STRAVA_TYPE_CODES.get(sport);
  if (coded !== undefined) {
    return coded;
  }
  return SPORT_PATTERNS.find(([pattern]) => pattern.test(sport))?.[1] ?? null;
}

/**
 * FIT sports that say nothing about what was done: "generic" and "all" (a profile for any sport),
 * and a multisport file's "transition" between legs. Their sub_sport may still say it (a generic
 * sport with sub_sport "treadmill" is a run).
 */
const FIT_SILENT_SPORTS = new Set(['generic', 'all', 'transition']);

/**
 * The Stride type of a FIT session (or sport message) from its sport and sub_sport, as the Garmin
 * SDK names them ("running", "trailRunning"…). The sport decides: running (trail, treadmill,
 * track, street, virtual) → run, cycling / e-biking (indoor, road, mountain…) → ride, walking →
 * walk, hiking → hike, swimming (lap, open water) and snorkeling → swim. Any other sport the
 * device declares (yoga, rowing, skiing…) is "other". A silent sport falls back on the sub_sport,
 * and null means the file says nothing: the speed guess decides (spec §4).
 */
export function activityTypeFromFitSport(
  sport: string | null | undefined,
  subSport: string | null | undefined,
): UploadActivityType | null {
  const declared = sport?.trim() ?? '';
  if (declared !== '' && !FIT_SILENT_SPORTS.has(declared)) {
    return activityTypeFromSport(declared) ?? 'other';
  }
  if (declared === 'transition') {
    return null;
  }
  const sub = subSport?.trim() ?? '';
  if (sub === '' || FIT_SILENT_SPORTS.has(sub)) {
    return null;
  }
  // Sub-sports that name a kind of run, ride or swim; a generic sport with any other sub-sport
  // (e.g. "yoga", "strength_training") still declares a non-running activity.
  if (/treadmill|track|street|trail|ultra|obstacle/i.test(sub)) {
    return 'run';
  }
  if (/spin|velodrome|road|mountain|downhill|cyclocross|recumbent|bmx|gravel|commut/i.test(sub)) {
    return 'ride';
  }
  if (/lapSwimming|lap_swimming|openWater|open_water/i.test(sub)) {
    return 'swim';
  }
  return activityTypeFromSport(sub) ?? 'other';
}
