/**
 * A FIT file says what it holds in its file_id message's `type`: only an activity is a recording
 * Stride can import. Watches and apps also write FIT files for workouts, courses, settings, daily
 * monitoring and more, and runners upload them by mistake; each gets a sentence naming what it
 * is. The names are the ones Garmin's SDK decodes the `file` enum to.
 */

/** What each known non-activity FIT file holds, as it reads in "This FIT file holds …". */
const FIT_FILE_CONTENTS: Readonly<Record<string, string>> = {
  device: 'device information',
  settings: 'device settings',
  sport: 'sport settings',
  workout: 'a workout',
  course: 'a course',
  schedules: 'a workout schedule',
  weight: 'weight measurements',
  totals: 'lifetime totals',
  goals: 'goals',
  bloodPressure: 'blood pressure readings',
  monitoringA: 'daily monitoring data',
  monitoringB: 'daily monitoring data',
  monitoringDaily: 'daily monitoring data',
  activitySummary: 'an activity summary without its recording',
  segment: 'a segment',
  segmentList: 'a list of segments',
  exdConfiguration: 'data screen settings',
};

/** For a FIT file whose type Stride does not know (a manufacturer's own, a newer one). */
export const FIT_NOT_AN_ACTIVITY_MESSAGE = 'This FIT file holds no activity, so there is nothing to import.';

/**
 * The sentence refusing a FIT file of this type, or null for an activity file (or a file that does
 * not say: it is read as an activity, as devices that omit the type mean one).
 */
export function fitFileTypeRefusal(type: unknown): string | null {
  if (type === undefined || type === null || type === 'activity') {
    return null;
  }
  const contents =
    typeof type === 'string' && Object.hasOwn(FIT_FILE_CONTENTS, type) ? FIT_FILE_CONTENTS[type] : undefined;
  return contents === undefined
    ? FIT_NOT_AN_ACTIVITY_MESSAGE
    : `This FIT file holds ${contents}, not an activity, so there is nothing to import.`;
}

/** Said on the upload of a FIT file Stride imported although it could not read all of it. */
export const FIT_READING_WARNINGS = {
  endsEarly: 'The file ends early; Stride imported what the device recorded until then.',
  partlyUnreadable: 'Part of the file could not be read; Stride imported the rest of it.',
} as const;
