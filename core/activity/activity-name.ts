/**
 * The name an imported activity gets. A real name from the file is kept; a name that is only a
 * timestamp or a device's default (what a GPS writes when nobody named the track) is not a name,
 * and the activity is named as devices and Strava do, by its local start time and type:
 * "Morning Run", "Afternoon Ride", "Evening Walk", "Night Run". With neither a real name nor a
 * start time it is DEFAULT_ACTIVITY_NAME (spec §3).
 */
import { DEFAULT_ACTIVITY_NAME, normaliseActivityName } from './schemas.ts';

/** Parts of the day by local start hour: [first hour, word]; before 05:00 is still night. */
export const TIME_OF_DAY_WORDS: readonly (readonly [number, string])[] = [
  [21, 'Night'],
  [17, 'Evening'],
  [12, 'Afternoon'],
  [5, 'Morning'],
  [0, 'Night'],
];

/** The word for an activity type in a generated name; a type without one is an "Activity". */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  run: 'Run',
  ride: 'Ride',
  walk: 'Walk',
  hike: 'Hike',
  swim: 'Swim',
};

const TIMESTAMP_NAMES: readonly RegExp[] = [
  // ISO 8601 and its common variants: "2013-07-06T14:59:00Z", "2020-12-18 07:24:29", "2020-12-18".
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?\s*(?:Z|UTC|[+-]\d{2}:?\d{2})?$/i,
  // Garmin's "03-OCT-10", "03-OCT-10 #2", "03-OCT-10 14:22".
  /^\d{1,2}-[a-z]{3}-\d{2,4}(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?(?:\s*#\d+)?$/i,
  // Dates written day-first or month-first: "06/07/2013", "6.7.2013 14:59".
  /^\d{1,4}[/.]\d{1,2}[/.]\d{1,4}(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/,
  // Only digits and separators: "001", "20130706145900".
  /^[\d\s#:._-]+$/,
];

/** What devices and apps write when nobody named the track: "ACTIVE LOG #2", "Track 001", "Current Track: 06 JUL 2013 14:59". */
const DEVICE_DEFAULT_NAMES =
  /^(?:active log|current track|track|route|untitled|unnamed|activity|new activity|unknown activity|run|ride|walk|running|cycling|walking)\b[\s\d#:._/-]*(?::.*)?$/i;

/** Whether a name from a file names the activity, rather than stamping it or being a device default. */
export function isRealActivityName(name: string | null | undefined): boolean {
  const normalised = normaliseActivityName(name);
  if (normalised === DEFAULT_ACTIVITY_NAME) {
    return false;
  }
  return !TIMESTAMP_NAMES.some((pattern) => pattern.test(normalised)) && !DEVICE_DEFAULT_NAMES.test(normalised);
}

/** "Morning", "Afternoon", "Evening" or "Night" for a local start "YYYY-MM-DDTHH:mm…", or null. */
export function timeOfDayWord(startDateLocal: string): string | null {
  const match = /^\d{4}-\d{2}-\d{2}T(\d{2}):/.exec(startDateLocal);
  if (!match) {
    return null;
  }
  const hour = Number(match[1]);
  if (hour > 23) {
    return null;
  }
  return TIME_OF_DAY_WORDS.find(([from]) => hour >= from)?.[1] ?? null;
}

export interface ActivityNameInput {
  /** The name the file gives (GPX <name>, TCX notes), or null. */
  fileName: string | null | undefined;
  type: string;
  /** The local wall-clock start, "YYYY-MM-DDTHH:mm:ss"; null when the activity has no start time of its own. */
  startDateLocal: string | null;
}

export function activityName({ fileName, type, startDateLocal }: ActivityNameInput): string {
  if (isRealActivityName(fileName)) {
    return normaliseActivityName(fileName);
  }
  const part = startDateLocal === null ? null : timeOfDayWord(startDateLocal);
  if (part === null) {
    return DEFAULT_ACTIVITY_NAME;
  }
  return `${part} ${TYPE_WORDS[type] ?? 'Activity'}`;
}
