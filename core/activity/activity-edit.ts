/**
 * What a runner may change of an activity, and what a manual activity (a treadmill run without a
 * file) is made of: the request schemas the server validates and the web forms reuse, their limits
 * and messages, and the pure description of a manual activity (its start in the runner's zone, its
 * speeds and the plausibility check files get).
 *
 * - name, type, description and private notes are the runner's words; an edited type is kept when
 *   the activity is re-derived from its file.
 * - `counted` overrides the plausibility flag (plausibility.ts): true counts the activity in totals,
 *   medals, best efforts, charts and plan ticks even when flagged; false leaves it out even when
 *   plausible.
 * - Private notes are the runner's alone: never on the public profile or a share card.
 * - `gearId` puts the activity on one of the runner's gear (null: none); a gear chosen so stays
 *   when the activity is re-typed (core/gear.ts).
 */
import { formatNumber } from '../format.ts';
import { z } from 'zod';
import { zoneOffsetMs } from '../training/local-day.ts';
import { epochDay } from '../calendar-days.ts';
import { gearIdField } from '../gear.ts';
import { userTextSchema } from '../user-text.ts';
import { activityName } from './activity-name.ts';
import { UPLOAD_ACTIVITY_TYPES, type UploadActivityType } from './parsed.ts';
import { checkPlausibility, type PlausibilityFlag } from './plausibility.ts';
import { ACTIVITY_NAME_MAX } from './schemas.ts';
import { isValidTimeZone, localDateTime } from './time-zone.ts';
import { UPLOAD_MESSAGES } from './upload-rules.ts';

export const ACTIVITY_EDIT_LIMITS = {
  description: 2000,
  privateNotes: 2000,
  /** A manual activity's distance, metres: far above anything plausible (plausibility.ts flags it). */
  distanceM: 10_000_000,
  /** A manual activity's moving or elapsed time, seconds: 30 days. */
  durationS: 30 * 24 * 3600,
} as const;

export const ACTIVITY_EDIT_MESSAGES = {
  name: 'Enter a name.',
  type: `Choose a type: ${UPLOAD_ACTIVITY_TYPES.join(', ')}.`,
  counted: 'Say whether the activity counts (true or false).',
  nothingToChange:
    'Send at least one of name, type, description, privateNotes, counted, gearId, startDateLocal, timeZone, distance, time or movingTime.',
  distance: `Enter a distance in metres greater than 0 and at most ${formatNumber(ACTIVITY_EDIT_LIMITS.distanceM)}.`,
  movingTime: 'Enter a moving time in whole seconds greater than 0 and at most 30 days.',
  elapsedTime: 'Enter an elapsed time in whole seconds greater than 0 and at most 30 days.',
  elapsedShorter: 'The elapsed time cannot be shorter than the moving time.',
  /** A correction's time (the activity's time as a whole) against its moving time. */
  timeShorter: 'The time cannot be shorter than the moving time.',
  time: 'Enter a time in whole seconds greater than 0 and at most 30 days.',
  startDateLocal: 'Enter the start as a real date and time, YYYY-MM-DDTHH:mm.',
  timeZone: 'Send a known IANA time zone such as Europe/Ljubljana.',
  startInFuture: 'The start is in the future; a manual activity records what you have done.',
  /** Strava owns a synced activity's name and type (STRAVA_TEXTS.renameOnStrava for the name). */
  typeOnStrava: 'Change its type on Strava: Stride picks up the new type at the next sync.',
} as const;

/** What the web app says about editing, counting and manual activities. */
export const ACTIVITY_EDIT_TEXTS = {
  editButton: 'Edit',
  editTitle: 'Edit activity',
  manualButton: 'Add manual activity',
  manualTitle: 'Add a manual activity',
  countedLabel: 'Count this activity',
  countedHelp: 'Counted activities make your totals, medals, best efforts, charts and plan ticks.',
  notCountedChip: 'Not counted',
  notCountedChipTitle: 'You chose to leave this activity out of your totals and medals',
  privateNotesHelp: 'Only you see these: never on your public profile or a share card.',
  manualChip: 'Manual',
  stravaFieldsHelp: 'Name, type and description come from Strava: change them there.',
  manualHelp: 'For a run without a file, such as one on a treadmill. It counts like an upload.',
  /** The form takes the distance in the runner's units (the API takes metres). */
  manualDistance: (unit: string) => `Enter a distance greater than 0 in ${unit}.`,
} as const;

const activityTypeField = z.enum(UPLOAD_ACTIVITY_TYPES, { error: ACTIVITY_EDIT_MESSAGES.type });
const nameField = userTextSchema(ACTIVITY_NAME_MAX).min(1, ACTIVITY_EDIT_MESSAGES.name);
const descriptionField = userTextSchema(ACTIVITY_EDIT_LIMITS.description, { multiline: true });
const privateNotesField = userTextSchema(ACTIVITY_EDIT_LIMITS.privateNotes, { multiline: true });

const wholeSeconds = (message: string) =>
  z
    .number({ error: message })
    .refine((value) => Number.isInteger(value) && value > 0 && value <= ACTIVITY_EDIT_LIMITS.durationS, message);

/** "YYYY-MM-DDTHH:mm" or "YYYY-MM-DDTHH:mm:ss", a real date and clock time. */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

const distanceField = z
  .number({ error: ACTIVITY_EDIT_MESSAGES.distance })
  .refine(
    (value) => Number.isFinite(value) && value > 0 && value <= ACTIVITY_EDIT_LIMITS.distanceM,
    ACTIVITY_EDIT_MESSAGES.distance,
  );
const startDateLocalField = z.string({ error: ACTIVITY_EDIT_MESSAGES.startDateLocal }).refine((value) => {
  const match = LOCAL_DATE_TIME.exec(value);
  return match !== null && epochDay(match[1] ?? '') !== null;
}, ACTIVITY_EDIT_MESSAGES.startDateLocal);
const timeZoneField = z
  .string({ error: ACTIVITY_EDIT_MESSAGES.timeZone })
  .max(64, ACTIVITY_EDIT_MESSAGES.timeZone)
  .refine(isValidTimeZone, ACTIVITY_EDIT_MESSAGES.timeZone);

export const activityEditSchema = z
  .object({
    name: nameField.optional(),
    type: activityTypeField.optional(),
    description: descriptionField.optional(),
    privateNotes: privateNotesField.optional(),
    counted: z.boolean({ error: ACTIVITY_EDIT_MESSAGES.counted }).optional(),
    /** One of the runner's gear, or null for none (core/gear.ts). */
    gearId: gearIdField.optional(),
    /**
     * Corrections of the figures (core/activity/activity-corrections.ts): the wall-clock start and
     * its zone, the distance in metres, the time and moving time in seconds. A file's stay beside
     * them ("Revert to the file"); a manual activity's are replaced.
     */
    startDateLocal: startDateLocalField.optional(),
    timeZone: timeZoneField.optional(),
    distance: distanceField.optional(),
    time: wholeSeconds(ACTIVITY_EDIT_MESSAGES.time).optional(),
    movingTime: wholeSeconds(ACTIVITY_EDIT_MESSAGES.movingTime).optional(),
  })
  .strict()
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), ACTIVITY_EDIT_MESSAGES.nothingToChange)
  .refine((edit) => edit.time === undefined || edit.movingTime === undefined || edit.time >= edit.movingTime, {
    message: ACTIVITY_EDIT_MESSAGES.timeShorter,
    path: ['time'],
  });
export type ActivityEdit = z.infer<typeof activityEditSchema>;

export const manualActivitySchema = z
  .object({
    /** Blank or absent: named by the time of day and type ("Morning Run"), as a file without a name. */
    name: userTextSchema(ACTIVITY_NAME_MAX).optional(),
    type: activityTypeField,
    distance: distanceField,
    movingTime: wholeSeconds(ACTIVITY_EDIT_MESSAGES.movingTime),
    /** Absent: the moving time (no stops). */
    elapsedTime: wholeSeconds(ACTIVITY_EDIT_MESSAGES.elapsedTime).optional(),
    /** Wall-clock start where the runner was, in `timeZone`. */
    startDateLocal: startDateLocalField,
    timeZone: timeZoneField,
    description: descriptionField.optional(),
    privateNotes: privateNotesField.optional(),
    /** Absent: the sport's default gear; null: none (core/gear.ts). */
    gearId: gearIdField.optional(),
  })
  .strict()
  .refine((input) => input.elapsedTime === undefined || input.elapsedTime >= input.movingTime, {
    message: ACTIVITY_EDIT_MESSAGES.elapsedShorter,
    path: ['elapsedTime'],
  });
export type ManualActivityInput = z.infer<typeof manualActivitySchema>;

/**
 * The UTC instant at which the wall clock in `timeZone` shows `local` ("YYYY-MM-DDTHH:mm[:ss]").
 * A time skipped by a daylight-saving change comes out as the instant the clock jumped over it
 * (e.g. 02:30 on a spring-forward night is 03:30 summer time).
 */
export function instantOfLocalDateTime(local: string, timeZone: string): number {
  const wall = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

/**
 * The start the runner gives a file without any date in the upload dialog: a wall-clock
 * "YYYY-MM-DDTHH:mm[:ss]" in `timeZone` (the browser's), not after `nowMs`.
 */
export function givenUploadStart(
  local: string,
  timeZone: string,
  nowMs: number,
): { ok: true; startMs: number } | { ok: false; message: string } {
  const match = LOCAL_DATE_TIME.exec(local);
  if (match === null || epochDay(match[1] ?? '') === null) {
    return { ok: false, message: `startDateLocal: ${ACTIVITY_EDIT_MESSAGES.startDateLocal}` };
  }
  const startMs = instantOfLocalDateTime(local, timeZone);
  return startMs > nowMs ? { ok: false, message: UPLOAD_MESSAGES.dateInFuture } : { ok: true, startMs };
}

/** A manual activity as stored: no track, so no positions, heart rate, splits or laps. */
export interface ManualActivityRecord {
  name: string;
  type: UploadActivityType;
  startDate: Date;
  startDateLocal: string;
  timezone: string;
  distance: number;
  movingTime: number;
  elapsedTime: number;
  /** Over moving time, m/s; also the max speed (there is nothing finer to go by). */
  averageSpeed: number;
  maxSpeed: number;
  description: string;
  privateNotes: string;
  flag: PlausibilityFlag | null;
}

export type ManualActivityResult = { ok: true; record: ManualActivityRecord } | { ok: false; message: string };

/** Describes a valid manual activity; refuses one that starts after `nowMs`. */
export function describeManualActivity(input: ManualActivityInput, nowMs: number): ManualActivityResult {
  const startMs = instantOfLocalDateTime(input.startDateLocal, input.timeZone);
  if (startMs > nowMs) {
    return { ok: false, message: ACTIVITY_EDIT_MESSAGES.startInFuture };
  }
  const startDateLocal = localDateTime(startMs, input.timeZone);
  const elapsedTime = input.elapsedTime ?? input.movingTime;
  const averageSpeed = input.distance / input.movingTime;
  const flag = checkPlausibility({
    type: input.type,
    distance: input.distance,
    movingTime: input.movingTime,
    elapsedTime,
    averageSpeed,
    maxSpeed: averageSpeed,
    start: { startMs, nowMs },
  });
  return {
    ok: true,
    record: {
      name: input.name || activityName({ fileName: null, type: input.type, startDateLocal }),
      type: input.type,
      startDate: new Date(startMs),
      startDateLocal,
      timezone: input.timeZone,
      distance: input.distance,
      movingTime: input.movingTime,
      elapsedTime,
      averageSpeed,
      maxSpeed: averageSpeed,
      description: input.description ?? '',
      privateNotes: input.privateNotes ?? '',
      flag,
    },
  };
}

/**
 * Whether an activity counts in totals, medals, best efforts, charts and plan ticks: the runner's
 * override when they gave one, otherwise plausible or confirmed (the rule SQL applies in
 * server/db/activity-totals-repository.ts).
 */
export function activityCounts(activity: {
  flagged: boolean;
  flagConfirmedAt: string | null;
  countedOverride: boolean | null;
}): boolean {
  return activity.countedOverride ?? (!activity.flagged || activity.flagConfirmedAt !== null);
}
