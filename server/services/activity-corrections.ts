/**
 * Correcting an activity's figures and type, and "Revert to the file". A file's figures stay beside
 * the runner's (`fileFigures`), and the runner's are kept apart (`overrides`) so that re-deriving the
 * file keeps them; a value equal to the file's is no correction. A manual activity's figures are
 * replaced: it has no file. A new type or new figures are judged again for plausibility and have
 * their track figures worked out and their plan ticks offered again; a re-typed activity whose gear
 * came from its old sport's default waits for the new sport's.
 */
import type { Updateable } from 'kysely';
import { ACTIVITY_EDIT_MESSAGES, type ActivityEdit } from '../../core/activity/activity-edit.ts';
import {
  ACTIVITY_CORRECTION_MESSAGES,
  applyOverrides,
  flagOfShown,
  type ActivityOverrides,
  type CorrectableFigures,
  type FileFigures,
} from '../../core/activity/activity-corrections.ts';
import type { UploadActivityType } from '../../core/activity/parsed.ts';
import { MANUAL_SOURCE, type ActivityDetail } from '../../core/activity/schemas.ts';
import { updateActivity } from '../db/activity-repository.ts';
import type { ActivitiesTable, ActivityRow } from '../db/schema.ts';
import { conflict, invalid } from '../errors.ts';
import { detailAfterChange, detailOf, figuresOf, requireActivity } from './activity-reads.ts';
import type { ServiceContext } from './service-context.ts';

/** The file's figures of a row: kept beside a corrected one, else the row's own. */
export function fileFiguresOf(row: ActivityRow): FileFigures {
  return row.fileFigures ?? { ...figuresOf(row), type: row.type, flagged: row.flagged, flagReason: row.flagReason };
}

/** The columns that show `figures`. */
function figureColumns(figures: CorrectableFigures) {
  const { startMs, ...rest } = figures;
  return { ...rest, startDate: new Date(startMs) };
}

/** The figures an edit corrects, named as stored; null when it corrects none. */
export function correctionsOf(edit: ActivityEdit): ActivityOverrides | null {
  const corrections: ActivityOverrides = {
    ...(edit.startDateLocal === undefined ? {} : { startDateLocal: withSeconds(edit.startDateLocal) }),
    ...(edit.timeZone === undefined ? {} : { timezone: edit.timeZone }),
    ...(edit.distance === undefined ? {} : { distance: edit.distance }),
    ...(edit.time === undefined ? {} : { elapsedTime: edit.time }),
    ...(edit.movingTime === undefined ? {} : { movingTime: edit.movingTime }),
  };
  return Object.keys(corrections).length === 0 ? null : corrections;
}

const withSeconds = (local: string) => (local.length === 16 ? `${local}:00` : local);

/**
 * The columns of an activity shown as `type` with `corrections` laid over what it had: for a file's
 * activity the runner's overrides and the file's figures beside them (both dropped when nothing
 * differs from the file any more), for a manual one its figures themselves. Refuses a start in the
 * future and a time shorter than the moving time.
 */
export function figureChanges(
  row: ActivityRow,
  type: UploadActivityType,
  corrections: ActivityOverrides,
  now: Date,
): Updateable<ActivitiesTable> {
  const manual = row.source === MANUAL_SOURCE;
  const file = fileFiguresOf(row);
  const base = manual ? figuresOf(row) : file;
  const overrides = manual ? corrections : withoutFileValues({ ...row.overrides, ...corrections }, file);
  const shown = applyOverrides(base, overrides);
  const startGiven = corrections.startDateLocal !== undefined || corrections.timezone !== undefined;
  if (startGiven && shown.startMs > now.getTime()) {
    throw invalid(ACTIVITY_CORRECTION_MESSAGES.startInFuture);
  }
  const timesGiven = corrections.elapsedTime !== undefined || corrections.movingTime !== undefined;
  if (timesGiven && shown.elapsedTime < shown.movingTime) {
    throw invalid(ACTIVITY_EDIT_MESSAGES.timeShorter);
  }
  const flag = flagOfShown({ file, shown, type, maxSpeed: row.maxSpeed, nowMs: now.getTime() });
  const corrected = !manual && (Object.keys(overrides).length > 0 || type !== file.type);
  return {
    ...figureColumns(shown),
    type,
    ...flag,
    ...(flag.flagReason === row.flagReason ? {} : { flagConfirmedAt: null }),
    ...(manual
      ? {}
      : {
          overrides: Object.keys(overrides).length > 0 ? JSON.stringify(overrides) : null,
          fileFigures: corrected ? JSON.stringify(file) : null,
        }),
    trackFiguresAt: null,
    planMatchedAt: null,
  };
}

/** The overrides that differ from the file (a value set back to the file's is no correction). */
function withoutFileValues(overrides: ActivityOverrides, file: FileFigures): ActivityOverrides {
  const kept: ActivityOverrides = {};
  const start = applyOverrides(file, {
    ...(overrides.startDateLocal === undefined ? {} : { startDateLocal: overrides.startDateLocal }),
    ...(overrides.timezone === undefined ? {} : { timezone: overrides.timezone }),
  });
  if (start.startMs !== file.startMs || start.timezone !== file.timezone) {
    kept.startDateLocal = start.startDateLocal;
    kept.timezone = start.timezone;
  }
  if (overrides.distance !== undefined && overrides.distance !== file.distance) {
    kept.distance = overrides.distance;
  }
  if (overrides.elapsedTime !== undefined && overrides.elapsedTime !== file.elapsedTime) {
    kept.elapsedTime = overrides.elapsedTime;
  }
  if (overrides.movingTime !== undefined && overrides.movingTime !== file.movingTime) {
    kept.movingTime = overrides.movingTime;
  }
  return kept;
}

/**
 * "Revert to the file": the activity shows its file's figures and type again, as if never
 * corrected, and whatever follows from them follows. An activity not corrected is answered as it
 * is; a manual one has no file (409).
 */
export async function revertActivity(
  context: ServiceContext,
  userId: string,
  id: string,
  timeZone?: string,
): Promise<ActivityDetail> {
  const { db } = context;
  const found = await requireActivity(db, userId, id);
  if (found.source === MANUAL_SOURCE) {
    throw conflict(ACTIVITY_CORRECTION_MESSAGES.noFile, { code: 'no-file' });
  }
  const file = found.fileFigures;
  if (file === null) {
    return detailOf(db, found);
  }
  const { type, flagged, flagReason, ...figures } = file;
  const row = await updateActivity(db, userId, id, {
    ...figureColumns(figures),
    type,
    typeEdited: false,
    ...(type === found.type ? {} : gearForType(found)),
    flagged,
    flagReason,
    ...(flagReason === found.flagReason ? {} : { flagConfirmedAt: null }),
    overrides: null,
    fileFigures: null,
    trackFiguresAt: null,
    planMatchedAt: null,
    updatedAt: new Date(context.clock.now()),
  });
  return detailAfterChange(context, row, { userId, source: 'edit', updated: [id], timeZone });
}

/**
 * A re-typed activity whose gear came from its old sport's default waits for the new sport's
 * (the "gear defaults" reaction); a gear the runner or Strava chose stays.
 */
export function gearForType(row: ActivityRow): Partial<Updateable<ActivitiesTable>> {
  return row.gearChosen ? {} : { gearId: null, gearPending: true };
}

/**
 * The plausibility flag of a stored activity under a new type, judged from the figures it shows
 * (flagOfShown). A new reason waits for a new confirmation.
 */
export function flagForType(
  row: ActivityRow,
  type: UploadActivityType,
  now: Date,
): Partial<Updateable<ActivitiesTable>> {
  const flag = flagOfShown({
    file: fileFiguresOf(row),
    shown: figuresOf(row),
    type,
    maxSpeed: row.maxSpeed,
    nowMs: now.getTime(),
  });
  return flag.flagReason === row.flagReason ? {} : { ...flag, flagConfirmedAt: null };
}
