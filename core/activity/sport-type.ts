/**
 * How a sport written in a file becomes one of Stride's upload types (spec §3: an upload is a run,
 * a ride or a walk). GPX <type>, TCX Sport="…" and FIT session sport all pass through here so the
 * three formats agree; anything else stays null and the type is guessed from speed (spec §4).
 */
import type { UploadActivityType } from './parsed.ts';

/**
 * Strava's GPX exports write the activity type as a number (its old activity-type codes): 1 Ride,
 * 4 Hike, 9 Run, 10 Walk. Every other code is a sport Stride has no type for.
 */
const STRAVA_TYPE_CODES: ReadonlyMap<string, UploadActivityType> = new Map([
  ['1', 'ride'],
  ['4', 'walk'],
  ['9', 'run'],
  ['10', 'walk'],
]);

/**
 * Matched on words so that the many spellings map alike: Garmin "running" / "trail_running",
 * TCX "Running" / "Biking", FIT "cycling" / "eBiking", Strava "Run" / "VirtualRide" / "Hike".
 */
const SPORT_PATTERNS: readonly (readonly [RegExp, UploadActivityType])[] = [
  [/run/i, 'run'],
  [/cycl|bik(e|ing)|ride/i, 'ride'],
  [/walk|hik(e|ing)/i, 'walk'],
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
