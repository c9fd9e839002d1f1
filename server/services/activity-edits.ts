/**
 * The runner changes their activities: one activity's fields and figures (editActivity), several
 * at once (changeActivities), a flagged one confirmed (confirmActivity). A Strava activity's name,
 * type, description, gear and figures are Strava's: changing them is a 409 with the sentence saying
 * where. What follows from a change (totals, medals, best efforts, charts, gear distance, plan
 * ticks) follows at once, once, through the "activities changed" seam (service-context.ts).
 */
import type { Updateable } from 'kysely';
import { ACTIVITY_EDIT_MESSAGES, type ActivityEdit } from '../../core/activity/activity-edit.ts';
import {
  ACTIVITY_BULK_MESSAGES,
  type ActivityBulkAction,
  type ActivityBulkResult,
} from '../../core/activity/activity-bulk.ts';
import { ACTIVITY_CORRECTION_MESSAGES } from '../../core/activity/activity-corrections.ts';
import { MANUAL_SOURCE, type ActivityDetail } from '../../core/activity/schemas.ts';
import { GEAR_MESSAGES } from '../../core/gear.ts';
import { STRAVA_TEXTS } from '../../core/strava/api.ts';
import {
  confirmActivity as confirmActivityRow,
  deleteActivities,
  findActivitiesForUpdate,
  setActivitiesGear,
  updateActivity,
} from '../db/activity-repository.ts';
import type { ActivitiesTable } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import type { Db } from '../db/db.ts';
import { correctionsOf, fileFiguresOf, figureChanges, flagForType, gearForType } from './activity-corrections.ts';
import { detailAfterChange, detailOf, requireActivity } from './activity-reads.ts';
import { requireOwnGear } from './gear-service.ts';
import type { ServiceContext } from './service-context.ts';

/** The columns an edit of texts alone writes: nothing is worked out from them. */
const TEXT_COLUMNS = new Set(['updatedAt', 'name', 'description', 'privateNotes']);

/**
 * The runner corrects an activity (core/activity/activity-edit.ts): name, type, description,
 * private notes, whether it counts, its gear, and its figures (start, zone, distance, time, moving
 * time: core/activity/activity-corrections.ts). A Strava activity's name, type, description, gear
 * and figures come from Strava (the next sync would overwrite them): those are a 409 with the
 * sentence saying where to change them; its private notes and counting are the runner's here.
 * Whatever follows from the change (totals, medals, best efforts, charts, gear distance, plan
 * ticks) follows at once through the "activities changed" seam (service-context.ts).
 *
 * - How corrected figures are kept beside the file's: activity-corrections.ts.
 * - A start in the future, or a time shorter than the moving time, is refused and changes nothing.
 * - A new type or new figures are judged again for plausibility (flagOfShown), have their track
 *   figures worked out again and are offered to the plans again.
 * - `counted` true on a flagged activity also confirms it; a change of counting offers the run to
 *   the plans again.
 * - A gear must be one of the runner's. A new type puts the new sport's default gear on the
 *   activity unless its gear was chosen (core/gear.ts).
 * - An edit of texts alone (TEXT_COLUMNS) is announced as such: only what shows them follows.
 */
export async function editActivity(
  context: ServiceContext,
  userId: string,
  id: string,
  edit: ActivityEdit,
  timeZone?: string,
): Promise<ActivityDetail> {
  const { db } = context;
  const found = await requireActivity(db, userId, id);
  const corrections = correctionsOf(edit);
  if (found.source === 'strava') {
    if (edit.name !== undefined || edit.description !== undefined) {
      throw conflict(STRAVA_TEXTS.renameOnStrava, { code: 'strava-rename' });
    }
    if (edit.type !== undefined) {
      throw conflict(ACTIVITY_EDIT_MESSAGES.typeOnStrava, { code: 'strava-type' });
    }
    if (edit.gearId !== undefined) {
      throw conflict(GEAR_MESSAGES.gearOnStrava, { code: 'strava-gear' });
    }
    if (corrections !== null) {
      throw conflict(ACTIVITY_CORRECTION_MESSAGES.onStrava, { code: 'strava-figures' });
    }
  }
  const now = new Date(context.clock.now());
  const changes: Updateable<ActivitiesTable> = { updatedAt: now };
  if (edit.name !== undefined) {
    changes.name = edit.name;
  }
  if (edit.description !== undefined) {
    changes.description = edit.description;
  }
  if (edit.privateNotes !== undefined) {
    changes.privateNotes = edit.privateNotes;
  }
  const retyped = edit.type !== undefined && edit.type !== found.type;
  if (retyped || corrections !== null) {
    Object.assign(changes, figureChanges(found, edit.type ?? found.type, corrections ?? {}, now));
    if (retyped) {
      Object.assign(changes, { typeEdited: true }, gearForType(found));
    }
  }
  if (edit.gearId !== undefined) {
    Object.assign(changes, { gearId: edit.gearId, gearChosen: true, gearPending: false });
  }
  if (edit.counted !== undefined && edit.counted !== found.countedOverride) {
    changes.countedOverride = edit.counted;
    changes.planMatchedAt = null;
    const flagged = changes.flagged ?? found.flagged;
    if (edit.counted && flagged && (changes.flagConfirmedAt ?? found.flagConfirmedAt) === null) {
      changes.flagConfirmedAt = now;
    }
  }
  const { gearId } = edit;
  // A new gear is checked as the runner's in the update's transaction; an update alone needs none.
  const row =
    typeof gearId === 'string'
      ? await db.transaction().execute(async (trx) => {
          await requireOwnGear(trx, userId, gearId);
          return updateActivity(trx, userId, id, changes);
        })
      : await updateActivity(db, userId, id, changes);
  return detailAfterChange(context, row, {
    userId,
    source: 'edit',
    updated: [id],
    timeZone: timeZone ?? edit.timeZone,
    textsOnly: Object.keys(changes).every((column) => TEXT_COLUMNS.has(column)),
  });
}

/**
 * Several activities changed in one action (core/activity/activity-bulk.ts): deleted, given one
 * type (judged again for plausibility as a single edit is), or put on one gear (or none). One
 * transaction; refused whole when any id is not the runner's, when the gear is not theirs, or (a
 * new type or gear) when any came from Strava. Whatever follows from the change follows once, for
 * all of them.
 */
export async function changeActivities(
  context: ServiceContext,
  userId: string,
  action: ActivityBulkAction,
): Promise<ActivityBulkResult> {
  const { db } = context;
  const { ids } = action;
  if (action.action === 'delete') {
    if (!(await deleteActivities(db, userId, ids, new Date(context.clock.now())))) {
      throw notFound(ACTIVITY_BULK_MESSAGES.notYours);
    }
    await context.changes.changed({ userId, source: 'delete', removed: ids });
    return { action: 'delete', changed: ids.length };
  }
  const now = new Date(context.clock.now());
  if (action.action === 'gear') {
    const { gearId } = action;
    await db.transaction().execute(async (trx) => {
      await lockOwnUploads(trx, userId, ids, { message: ACTIVITY_BULK_MESSAGES.gearOnStrava, code: 'strava-gear' });
      if (gearId !== null) {
        await requireOwnGear(trx, userId, gearId, ACTIVITY_BULK_MESSAGES.gearNotYours);
      }
      await setActivitiesGear(trx, userId, ids, gearId, now);
    });
    await context.changes.changed({ userId, source: 'edit', updated: ids });
    return { action: 'gear', changed: ids.length };
  }
  await db.transaction().execute(async (trx) => {
    const rows = await lockOwnUploads(trx, userId, ids, {
      message: ACTIVITY_BULK_MESSAGES.typeOnStrava,
      code: 'strava-type',
    });
    for (const row of rows.filter((candidate) => candidate.type !== action.type)) {
      await updateActivity(trx, userId, row.id, {
        updatedAt: now,
        type: action.type,
        typeEdited: true,
        trackFiguresAt: null,
        planMatchedAt: null,
        ...flagForType(row, action.type, now),
        ...gearForType(row),
        // The file's type stays beside the runner's, for "Revert to the file".
        ...(row.source === MANUAL_SOURCE || row.fileFigures !== null
          ? {}
          : { fileFigures: JSON.stringify(fileFiguresOf(row)) }),
      });
    }
  });
  await context.changes.changed({ userId, source: 'edit', updated: ids, timeZone: action.timeZone });
  return { action: 'retype', changed: ids.length };
}

/**
 * The runner's activities `ids`, locked for a change that Strava's own must not take: refused
 * whole when any is not the runner's (404) or came from Strava (`onStrava`).
 */
async function lockOwnUploads(
  trx: Db,
  userId: string,
  ids: readonly string[],
  onStrava: { message: string; code: string },
) {
  const rows = await findActivitiesForUpdate(trx, userId, ids);
  if (rows.length !== ids.length) {
    throw notFound(ACTIVITY_BULK_MESSAGES.notYours);
  }
  if (rows.some((row) => row.source === 'strava')) {
    throw conflict(onStrava.message, { code: onStrava.code });
  }
  return rows;
}

/**
 * The runner confirms a flagged activity (core/activity/plausibility.ts): from now on it counts in
 * the totals, public counts and medals, which are brought up to date at once. Confirming an
 * activity that is not flagged, or again, changes nothing.
 */
export async function confirmActivity(
  context: ServiceContext,
  userId: string,
  id: string,
  timeZone?: string,
): Promise<ActivityDetail> {
  const { db } = context;
  const found = await requireActivity(db, userId, id);
  if (!found.flagged || found.flagConfirmedAt !== null) {
    return detailOf(db, found);
  }
  const row = await confirmActivityRow(db, userId, id, new Date(context.clock.now()));
  return detailAfterChange(context, row, { userId, source: 'confirm', updated: [id], timeZone });
}
