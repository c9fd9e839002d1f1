/**
 * Correcting what a file got wrong: the runner's start (date, time and zone), distance, time and
 * moving time laid over the figures the file gives, kept apart from them so that a re-derivation
 * keeps the correction and "Revert to the file" drops it.
 *
 * - The file's figures (`FileFigures`) are what the derivation wrote; the runner's (`ActivityOverrides`)
 *   replace single fields; the activity shows and counts `applyOverrides(file, overrides)`.
 * - "Time" is the activity's time as a whole (today its elapsed time); moving time is a second field.
 *   Neither may make the time shorter than the moving time.
 * - A start given as a wall-clock time is read in the zone given, or the activity's zone; a zone
 *   given alone keeps the wall-clock time and moves the instant.
 * - A corrected distance or moving time gives a new average speed (distance over moving time); the
 *   max speed stays the file's.
 * - The track still measures the file's distance and times: with a corrected distance the splits
 *   are hidden (they would not add up to it), and with a corrected distance or time the track's best
 *   efforts are left out of the personal bests.
 * - A manual activity has no file: its figures are edited in place, with nothing to revert to.
 */
import type { UploadActivityType } from './parsed.ts';
import { instantOfLocalDateTime } from './activity-edit.ts';
import { checkStoredFigures } from './plausibility.ts';
import { CORRECTED_FIELDS, type CorrectedField } from './schemas.ts';
import { localDateTime } from './time-zone.ts';

/** What the runner may correct of a file's figures; absent: the file's. */
export interface ActivityOverrides {
  /** Wall-clock start, "YYYY-MM-DDTHH:mm:ss", read in `timezone` (or the file's zone). */
  startDateLocal?: string;
  timezone?: string;
  /** Metres. */
  distance?: number;
  /** The activity's time, seconds. */
  elapsedTime?: number;
  movingTime?: number;
}

/** The figures of an activity a correction may replace, as the file gives them. */
export interface CorrectableFigures {
  /** Milliseconds since the epoch. */
  startMs: number;
  startDateLocal: string;
  timezone: string;
  distance: number;
  elapsedTime: number;
  movingTime: number;
  /** The device's timer (core/activity/device-timer.ts); null for a file without one. */
  timerTime: number | null;
  averageSpeed: number;
  hasTiming: boolean;
}

/** The file's figures as kept beside a corrected activity (and its type, which the runner may change too). */
export interface FileFigures extends CorrectableFigures {
  type: UploadActivityType;
  flagged: boolean;
  flagReason: string | null;
}

export const ACTIVITY_CORRECTION_MESSAGES = {
  /** A synced activity's figures are Strava's: the next sync would bring them back. */
  onStrava: 'Correct its date, distance and times on Strava: Stride picks them up at the next sync.',
  startInFuture: 'The start is in the future; an activity records what you have done.',
  noFile: 'This activity has no file to revert to: edit its figures instead.',
} as const;

export const ACTIVITY_CORRECTION_TEXTS = {
  revertButton: 'Revert to the file',
  editedChip: 'Edited',
  /** "You corrected the start (the file says …) and distance (the file says 6.00 km)." */
  edited: (changes: readonly string[]) =>
    `You corrected the ${changes.length > 1 ? `${changes.slice(0, -1).join(', ')} and ${changes.at(-1)}` : changes[0]}.`,
  change: (field: string, fileValue: string) => `${field} (the file says ${fileValue})`,
  fieldLabels: {
    start: 'start',
    distance: 'distance',
    time: 'time',
    movingTime: 'moving time',
    type: 'type',
  } satisfies Record<CorrectedField, string>,
  splitsHidden: 'Splits are hidden: they measure the file’s distance, not the distance you gave.',
  effortsLeftOut: 'Best efforts are left out: the track measures the file’s distance and times, not the ones you gave.',
  correctionHelp:
    'Correct what the file got wrong. The original file stays as it was: “Revert to the file” undoes this.',
} as const;

/** The figures the activity shows: the file's, with the runner's corrections over them. */
export function applyOverrides(file: CorrectableFigures, overrides: ActivityOverrides): CorrectableFigures {
  const timezone = overrides.timezone ?? file.timezone;
  const startMoved = overrides.startDateLocal !== undefined || timezone !== file.timezone;
  const startMs = startMoved
    ? instantOfLocalDateTime(overrides.startDateLocal ?? file.startDateLocal, timezone)
    : file.startMs;
  const distance = overrides.distance ?? file.distance;
  const elapsedTime = overrides.elapsedTime ?? file.elapsedTime;
  const movingTime = overrides.movingTime ?? file.movingTime;
  const timed = overrides.elapsedTime !== undefined || overrides.movingTime !== undefined;
  const hasTiming = file.hasTiming || timed;
  const newSpeed = overrides.distance !== undefined || overrides.movingTime !== undefined;
  return {
    startMs,
    startDateLocal: startMoved ? localDateTime(startMs, timezone) : file.startDateLocal,
    timezone,
    distance,
    elapsedTime,
    movingTime,
    // A corrected time is the activity's time, which a file with a device timer shows from it.
    timerTime: (file.timerTime ?? null) === null ? null : (overrides.elapsedTime ?? file.timerTime),
    averageSpeed: newSpeed && hasTiming && movingTime > 0 ? distance / movingTime : file.averageSpeed,
    hasTiming,
  };
}

/** The fields whose shown value differs from the file's, in the order of {@link CORRECTED_FIELDS}. */
export function correctedFields(
  file: FileFigures,
  shown: CorrectableFigures & { type: UploadActivityType },
): CorrectedField[] {
  const differs: Record<CorrectedField, boolean> = {
    start: shown.startMs !== file.startMs || shown.timezone !== file.timezone,
    distance: shown.distance !== file.distance,
    time: shown.elapsedTime !== file.elapsedTime,
    movingTime: shown.movingTime !== file.movingTime,
    type: shown.type !== file.type,
  };
  return CORRECTED_FIELDS.filter((field) => differs[field]);
}

/** Splits are measured along the track: they stand only while the distance is the file's. */
export function splitsStand(overrides: ActivityOverrides | null): boolean {
  return overrides?.distance === undefined;
}

/** Best efforts are measured along the track: they stand only while distance and times are the file's. */
export function trackEffortsStand(overrides: ActivityOverrides | null): boolean {
  return (
    overrides === null ||
    (overrides.distance === undefined && overrides.elapsedTime === undefined && overrides.movingTime === undefined)
  );
}

/**
 * The plausibility flag of an activity shown with `shown` figures as `type`: a flag the file's own
 * figures do not give came from its points (a distance mismatch) and stays; otherwise the shown
 * figures are judged (plausibility.ts).
 */
export function flagOfShown(input: {
  file: FileFigures;
  shown: CorrectableFigures;
  type: UploadActivityType;
  maxSpeed: number;
  nowMs: number;
}): { flagged: boolean; flagReason: string | null } {
  const { file, shown, maxSpeed, nowMs } = input;
  const judge = (figures: CorrectableFigures, type: UploadActivityType) =>
    checkStoredFigures({ ...figures, type, maxSpeed, startDate: new Date(figures.startMs) }, type, nowMs);
  if (file.flagged && judge(file, file.type)?.message !== file.flagReason) {
    return { flagged: true, flagReason: file.flagReason };
  }
  const flag = judge(shown, input.type);
  return { flagged: flag !== null, flagReason: flag?.message ?? null };
}
