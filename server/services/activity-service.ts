/**
 * Reading and changing one's activities: list, detail, track, edit, manual entries, delete, files,
 * samples.
 */
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { Updateable } from 'kysely';
import {
  ACTIVITY_EDIT_MESSAGES,
  activityCounts,
  describeManualActivity,
  type ActivityEdit,
  type ManualActivityInput,
} from '../../core/activity/activity-edit.ts';
import {
  ACTIVITY_BULK_MESSAGES,
  type ActivityBulkAction,
  type ActivityBulkResult,
} from '../../core/activity/activity-bulk.ts';
import {
  ACTIVITY_CORRECTION_MESSAGES,
  applyOverrides,
  correctedFields,
  flagOfShown,
  splitsStand,
  type ActivityOverrides,
  type CorrectableFigures,
  type FileFigures,
} from '../../core/activity/activity-corrections.ts';
import { ACTIVITY_UNDO_TEXTS, ACTIVITY_UNDO_WINDOW_MS } from '../../core/activity/activity-undo.ts';
import type { UploadActivityType } from '../../core/activity/parsed.ts';
import { describeActivity } from '../../core/activity/activity-record.ts';
import { shownSplits, shownTimes } from '../../core/activity/device-timer.ts';
import type { ActivityTimeChoice } from '../../core/profile.ts';
import { toDisplayTrack } from '../../core/activity/display-track.ts';
import { trackToGpx } from '../../core/activity/gpx-export.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { GEAR_MESSAGES } from '../../core/gear.ts';
import { publicTrackLines, type ShareTrack } from '../../core/profile-privacy.ts';
import { STRAVA_TEXTS } from '../../core/strava/api.ts';
import { stravaFieldsOf } from '../../core/strava/activity-fields.ts';
import { streamsPending } from '../../core/strava/detail.ts';
import { sampleRuns, SAMPLE_SOURCE } from '../../core/activity/samples.ts';
import { FALLBACK_TIME_ZONE } from '../../core/activity/time-zone.ts';
import {
  ACTIVITY_PAGE_SIZE,
  DEFAULT_SORT_ORDER,
  DISPLAY_TRACK_MAX_POINTS,
  MANUAL_SOURCE,
  type ActivityDetail,
  type ActivityListQuery,
  type ActivityPage,
  type ActivitySummary,
  type DisplayTrack,
  type LapRecord,
  type SplitRecord,
} from '../../core/activity/schemas.ts';
import { decodeTrack, encodeTrack } from '../../core/activity/track-codec.ts';
import type { Track } from '../../core/activity/track.ts';
import {
  confirmActivity as confirmActivityRow,
  countActivities,
  deleteActivities,
  deleteActivitiesBySource,
  deleteActivity as deleteActivityRow,
  findActivity,
  findActivitiesForUpdate,
  findMultisportLegs,
  insertActivity,
  insertActivityRows,
  listActivities as listActivityRows,
  setActivitiesGear,
  updateActivity,
  type ActivitySummaryRow,
} from '../db/activity-repository.ts';
import { refreshProfileStatistics, sportTotals } from '../db/activity-totals-repository.ts';
import { orderSportTotals, type SportTotals } from '../../core/activity/sport-totals.ts';
import { findOriginalFile, findTrackData, hasTrack } from '../db/activity-track-repository.ts';
import type { Db } from '../db/db.ts';
import {
  oldestDeletedActivity,
  purgeDeletedActivities,
  restoreDeletedActivity,
} from '../db/deleted-activity-repository.ts';
import { listPrivacyZones } from '../db/privacy-zone-repository.ts';
import { findActivityTimeChoice } from '../db/profile-repository.ts';
import type { ActivitiesTable, ActivityRow } from '../db/schema.ts';
import type { Download } from '../download.ts';
import { conflict, gone, invalid, notFound } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { activityRow, manualActivityRow } from './activity-import.ts';
import { activityGear, requireOwnGear } from './gear-service.ts';
import type { ActivityReaction, ServiceContext } from './service-context.ts';

/**
 * Where a synced activity's details and track come from when it is opened (Strava's, fetched and
 * cached: strava/remote-activity.ts); an upload's are all stored.
 */
export interface RemoteActivities {
  withDetail(row: ActivityRow): Promise<{ row: ActivityRow; error: string | null }>;
  ensureTrack(row: ActivityRow): Promise<void>;
}

const ACTIVITY_NOT_FOUND = NOT_FOUND_MESSAGES.activity;

/** The columns an edit of texts alone writes: nothing is worked out from them. */
const TEXT_COLUMNS = new Set(['updatedAt', 'name', 'description', 'privateNotes']);

const latLng = (lat: number | null, lng: number | null) => (lat === null || lng === null ? null : { lat, lng });

function toSummary(row: ActivitySummaryRow, choice: ActivityTimeChoice): ActivitySummary {
  const shown = shownTimes(row, choice);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    source: row.source,
    startDate: row.startDate.toISOString(),
    startDateLocal: row.startDateLocal,
    timezone: row.timezone,
    distance: row.distance,
    movingTime: shown.time,
    strideMovingTime: row.movingTime,
    timerTime: row.timerTime,
    elapsedTime: row.elapsedTime,
    elevationGain: row.elevationGain,
    hasTiming: row.hasTiming,
    averageSpeed: shown.averageSpeed,
    maxSpeed: row.maxSpeed,
    averageHeartrate: row.averageHeartrate,
    maxHeartrate: row.maxHeartrate,
    averageCadence: row.averageCadence,
    startLatLng: latLng(row.startLat, row.startLng),
    endLatLng: latLng(row.endLat, row.endLng),
    hasTrack: row.hasTrack,
    fileType: row.fileType,
    originalFilename: row.originalFilename,
    stravaId: row.stravaId,
    flagged: row.flagged,
    flagReason: row.flagReason,
    flagConfirmedAt: row.flagConfirmedAt?.toISOString() ?? null,
    countedOverride: row.countedOverride,
    counted: activityCounts({
      flagged: row.flagged,
      flagConfirmedAt: row.flagConfirmedAt?.toISOString() ?? null,
      countedOverride: row.countedOverride,
    }),
  };
}

function toDetail(
  row: ActivityRow,
  hasTrack: boolean,
  legs: ActivityDetail['multisport'],
  gear: ActivityDetail['gear'],
  choice: ActivityTimeChoice,
  stravaError: string | null = null,
): ActivityDetail {
  return {
    ...toSummary({ ...row, hasTrack }, choice),
    description: row.description,
    privateNotes: row.privateNotes,
    deviceName: row.deviceName,
    sportLabel: row.sportLabel,
    calories: row.calories,
    fileSize: row.fileSize,
    uploadedAt: row.uploadedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    laps: row.laps as LapRecord[],
    splitsMetric: splitsStand(row.overrides) ? shownSplits(row.splitsMetric as SplitRecord[], row, choice) : [],
    splitsStandard: splitsStand(row.overrides) ? shownSplits(row.splitsStandard as SplitRecord[], row, choice) : [],
    correction: correctionOf(row),
    strava: row.source === 'strava' ? stravaFieldsOf(row.strava, row.stravaDetail) : null,
    stravaError,
    streamsPending: streamsPending(row),
    multisport: legs,
    fileWarnings: row.fileWarnings,
    gear,
  };
}

/** What the runner corrected of the file's figures, with the file's own; null when nothing. */
function correctionOf(row: ActivityRow): ActivityDetail['correction'] {
  const file = row.fileFigures;
  if (file === null) {
    return null;
  }
  const fields = correctedFields(file, { ...figuresOf(row), type: row.type });
  if (fields.length === 0) {
    return null;
  }
  return {
    fields,
    file: {
      startDate: new Date(file.startMs).toISOString(),
      startDateLocal: file.startDateLocal,
      timezone: file.timezone,
      distance: file.distance,
      elapsedTime: file.elapsedTime,
      movingTime: file.movingTime,
      type: file.type,
    },
    splitsHidden: !splitsStand(row.overrides),
  };
}

/** The figures a correction may replace, as the row shows them. */
function figuresOf(row: ActivityRow): CorrectableFigures {
  return {
    startMs: row.startDate.getTime(),
    startDateLocal: row.startDateLocal,
    timezone: row.timezone,
    distance: row.distance,
    elapsedTime: row.elapsedTime,
    movingTime: row.movingTime,
    timerTime: row.timerTime,
    averageSpeed: row.averageSpeed,
    hasTiming: row.hasTiming,
  };
}

/** The file's figures of a row: kept beside a corrected one, else the row's own. */
function fileFiguresOf(row: ActivityRow): FileFigures {
  return row.fileFigures ?? { ...figuresOf(row), type: row.type, flagged: row.flagged, flagReason: row.flagReason };
}

/** The columns that show `figures`. */
function figureColumns(figures: CorrectableFigures) {
  const { startMs, ...rest } = figures;
  return { ...rest, startDate: new Date(startMs) };
}

/** The detail of a stored row: whether it has a track, the legs of its multisport event, its gear. */
async function detailOf(db: Db, row: ActivityRow, stravaError: string | null = null): Promise<ActivityDetail> {
  const [track, legs, gear, choice] = await Promise.all([
    trackAvailable(db, row),
    row.multisportId === null ? Promise.resolve(null) : findMultisportLegs(db, row.userId, row.multisportId),
    activityGear(db, row.userId, row.gearId),
    findActivityTimeChoice(db, row.userId),
  ]);
  return toDetail(row, track, legs === null ? null : { legs }, gear, choice, stravaError);
}

export async function listActivities(db: Db, userId: string, query: ActivityListQuery): Promise<ActivityPage> {
  const limit = query.limit ?? ACTIVITY_PAGE_SIZE;
  const filter = { type: query.type, source: query.source, from: query.from, to: query.to, search: query.q };
  const sort = query.sort ?? 'date';
  const order = { sort, order: query.order ?? DEFAULT_SORT_ORDER[sort] };
  const offset = ((query.page ?? 1) - 1) * limit;
  const [listed, choice] = await Promise.all([
    listActivityRows(db, userId, filter, order, limit, offset),
    findActivityTimeChoice(db, userId),
  ]);
  // An empty page past the end carries no total: only then is it counted on its own.
  const total = listed.total ?? (await countActivities(db, userId, filter));
  return { items: listed.rows.map((row) => toSummary(row, choice)), total };
}

/** A Strava activity's track is fetched when it is opened; a start position says there is one. */
async function trackAvailable(db: Db, row: ActivityRow): Promise<boolean> {
  return (row.source === 'strava' && row.startLat !== null) || hasTrack(db, row.id);
}

/**
 * One activity with its details. `remote` brings a Strava activity's details from Strava first
 * (cached a day); without it (or for uploads) the stored row is all there is.
 */
/** The dashboard's totals per sport: runs first, the others beside them (core/activity/sport-totals.ts). */
export async function getSportTotals(db: Db, userId: string): Promise<SportTotals> {
  return { sports: orderSportTotals(await sportTotals(db, userId)) };
}

export async function getActivity(
  db: Db,
  userId: string,
  id: string,
  remote?: RemoteActivities,
): Promise<ActivityDetail> {
  const found = await findActivity(db, userId, id);
  if (!found) {
    throw notFound(ACTIVITY_NOT_FOUND);
  }
  const { row, error } = remote ? await remote.withDetail(found) : { row: found, error: null };
  return detailOf(db, row, error);
}

async function loadTrack(db: Db, userId: string, id: string, remote?: RemoteActivities): Promise<Track> {
  if (remote) {
    const row = await findActivity(db, userId, id);
    if (row) {
      await remote.ensureTrack(row);
    }
  }
  const data = await findTrackData(db, userId, id);
  if (!data) {
    throw notFound(ACTIVITY_NOT_FOUND);
  }
  return decodeTrack(data);
}

export async function getDisplayTrack(
  db: Db,
  userId: string,
  id: string,
  remote?: RemoteActivities,
): Promise<DisplayTrack> {
  return toDisplayTrack(await loadTrack(db, userId, id, remote), DISPLAY_TRACK_MAX_POINTS);
}

/**
 * What an activity's share card draws of its route: the lines every public surface shows, with the
 * runner's privacy zones and the track's start and end cut out (core/profile-privacy.ts).
 */
export async function getShareTrack(
  db: Db,
  userId: string,
  id: string,
  remote?: RemoteActivities,
): Promise<ShareTrack> {
  const [track, zones] = await Promise.all([loadTrack(db, userId, id, remote), listPrivacyZones(db, userId)]);
  return { lines: publicTrackLines(track, zones) };
}

/**
 * The runner corrects an activity (core/activity/activity-edit.ts): name, type, description,
 * private notes, whether it counts, its gear, and its figures (start, zone, distance, time, moving
 * time: core/activity/activity-corrections.ts). A Strava activity's name, type, description, gear
 * and figures come from Strava (the next sync would overwrite them): those are a 409 with the
 * sentence saying where to change them; its private notes and counting are the runner's here.
 * Whatever follows from the change (totals, medals, best efforts, charts, gear distance, plan
 * ticks) follows at once through the "activities changed" seam (service-context.ts).
 *
 * - A file's figures stay beside the runner's (`fileFigures`), and the runner's are kept apart
 *   (`overrides`) so that re-deriving the file keeps them; a value equal to the file's is no
 *   correction. A manual activity's figures are replaced: it has no file.
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
  const found = await findActivity(db, userId, id);
  if (!found) {
    throw notFound(ACTIVITY_NOT_FOUND);
  }
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
  const row = await db.transaction().execute(async (trx) => {
    if (typeof edit.gearId === 'string') {
      await requireOwnGear(trx, userId, edit.gearId);
    }
    return updateActivity(trx, userId, id, changes);
  });
  if (!row) {
    throw notFound(ACTIVITY_NOT_FOUND);
  }
  await context.changes.changed({
    userId,
    source: 'edit',
    updated: [id],
    timeZone: timeZone ?? edit.timeZone,
    textsOnly: Object.keys(changes).every((column) => TEXT_COLUMNS.has(column)),
  });
  return detailOf(db, row);
}

/** The figures an edit corrects, named as stored; null when it corrects none. */
function correctionsOf(edit: ActivityEdit): ActivityOverrides | null {
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
function figureChanges(
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
  const found = await findActivity(db, userId, id);
  if (!found) {
    throw notFound(ACTIVITY_NOT_FOUND);
  }
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
  if (!row) {
    throw notFound(ACTIVITY_NOT_FOUND);
  }
  await context.changes.changed({ userId, source: 'edit', updated: [id], timeZone });
  return detailOf(db, row);
}

/**
 * A re-typed activity whose gear came from its old sport's default waits for the new sport's
 * (the "gear defaults" reaction); a gear the runner or Strava chose stays.
 */
function gearForType(row: ActivityRow): Partial<Updateable<ActivitiesTable>> {
  return row.gearChosen ? {} : { gearId: null, gearPending: true };
}

/**
 * The plausibility flag of a stored activity under a new type, judged from the figures it shows
 * (flagOfShown). A new reason waits for a new confirmation.
 */
function flagForType(row: ActivityRow, type: UploadActivityType, now: Date): Partial<Updateable<ActivitiesTable>> {
  const flag = flagOfShown({
    file: fileFiguresOf(row),
    shown: figuresOf(row),
    type,
    maxSpeed: row.maxSpeed,
    nowMs: now.getTime(),
  });
  return flag.flagReason === row.flagReason ? {} : { ...flag, flagConfirmedAt: null };
}

/**
 * A manual activity (core/activity/activity-edit.ts): figures the runner typed in, no track. It is
 * judged for plausibility as a file is, and counts, charts and earns medals as an upload does.
 */
export async function addManualActivity(
  context: ServiceContext,
  userId: string,
  input: ManualActivityInput,
): Promise<ActivityDetail> {
  const described = describeManualActivity(input, context.clock.now());
  if (!described.ok) {
    throw invalid(described.message);
  }
  const { record } = described;
  const id = randomUUID();
  const gear = input.gearId === undefined ? {} : { gearId: input.gearId, gearChosen: true, gearPending: false };
  await context.db.transaction().execute(async (trx) => {
    if (typeof input.gearId === 'string') {
      await requireOwnGear(trx, userId, input.gearId);
    }
    await insertActivityRows(
      trx,
      [{ row: { ...manualActivityRow(id, userId, record), ...gear }, track: undefined }],
      undefined,
    );
  });
  await context.changes.changed({ userId, source: 'manual', added: [id], timeZone: input.timeZone });
  return getActivity(context.db, userId, id);
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
      const rows = await findActivitiesForUpdate(trx, userId, ids);
      if (rows.length !== ids.length) {
        throw notFound(ACTIVITY_BULK_MESSAGES.notYours);
      }
      if (rows.some((row) => row.source === 'strava')) {
        throw conflict(ACTIVITY_BULK_MESSAGES.gearOnStrava, { code: 'strava-gear' });
      }
      if (gearId !== null) {
        await requireOwnGear(trx, userId, gearId, ACTIVITY_BULK_MESSAGES.gearNotYours);
      }
      await setActivitiesGear(trx, userId, ids, gearId, now);
    });
    await context.changes.changed({ userId, source: 'edit', updated: ids });
    return { action: 'gear', changed: ids.length };
  }
  await db.transaction().execute(async (trx) => {
    const rows = await findActivitiesForUpdate(trx, userId, ids);
    if (rows.length !== ids.length) {
      throw notFound(ACTIVITY_BULK_MESSAGES.notYours);
    }
    if (rows.some((row) => row.source === 'strava')) {
      throw conflict(ACTIVITY_BULK_MESSAGES.typeOnStrava, { code: 'strava-type' });
    }
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

export async function deleteActivity(context: ServiceContext, userId: string, id: string): Promise<void> {
  if (!(await deleteActivityRow(context.db, userId, id, new Date(context.clock.now())))) {
    throw notFound(ACTIVITY_NOT_FOUND);
  }
  await context.changes.changed({ userId, source: 'delete', removed: [id] });
}

/**
 * Puts back an activity the runner deleted less than ACTIVITY_UNDO_WINDOW_MS ago, exactly as it
 * was (deleted-activity-repository.ts); the totals, gear and everything else that follows from the
 * activities follow. After the window it is gone.
 */
export async function restoreActivity(context: ServiceContext, userId: string, id: string): Promise<void> {
  const since = new Date(context.clock.now() - ACTIVITY_UNDO_WINDOW_MS);
  if (!(await restoreDeletedActivity(context.db, userId, id, since))) {
    throw gone(ACTIVITY_UNDO_TEXTS.gone);
  }
  await context.changes.changed({ userId, source: 'restore', added: [id] });
}

const DELETED_ACTIVITIES_PURGE_QUEUE = 'deleted-activities-purge';

/**
 * The purge of deleted activities past the undo window, on the job queue: `schedule` after a
 * deletion; a run that leaves younger ones kept comes back when the oldest of them expires.
 */
export function createDeletedActivityPurge(context: ServiceContext, jobs: JobQueue) {
  const schedule = (afterMs: number) =>
    jobs.send(DELETED_ACTIVITIES_PURGE_QUEUE, {}, { singletonKey: 'purge', startAfterMs: Math.max(1000, afterMs) });
  jobs.define<Record<string, never>>({
    name: DELETED_ACTIVITIES_PURGE_QUEUE,
    policy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    handler: async () => {
      const now = context.clock.now();
      await purgeDeletedActivities(context.db, new Date(now - ACTIVITY_UNDO_WINDOW_MS));
      const oldest = await oldestDeletedActivity(context.db);
      return oldest === undefined
        ? undefined
        : {
            data: {},
            options: {
              singletonKey: 'purge',
              startAfterMs: Math.max(1000, oldest.getTime() + ACTIVITY_UNDO_WINDOW_MS - now),
            },
          };
    },
  });
  return { schedule: () => schedule(ACTIVITY_UNDO_WINDOW_MS) };
}

/**
 * The first reaction to "activities changed": the profile's statistics are recomputed, on every
 * page of a sync too. Its failure fails the change: totals never go stale silently.
 */
export const totalsReaction: ActivityReaction = {
  name: 'totals',
  duringSync: true,
  required: true,
  run: (context, change) => refreshProfileStatistics(context.db, change.userId, new Date(context.clock.now())),
};

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
  const found = await findActivity(db, userId, id);
  if (!found) {
    throw notFound(ACTIVITY_NOT_FOUND);
  }
  if (!found.flagged || found.flagConfirmedAt !== null) {
    return detailOf(db, found);
  }
  const row = await confirmActivityRow(db, userId, id, new Date(context.clock.now()));
  if (!row) {
    throw notFound(ACTIVITY_NOT_FOUND);
  }
  await context.changes.changed({ userId, source: 'confirm', updated: [id], timeZone });
  return detailOf(db, row);
}

const FILE_TYPES: Readonly<Record<string, string>> = {
  gpx: 'application/gpx+xml',
  tcx: 'application/vnd.garmin.tcx+xml',
  fit: 'application/vnd.ant.fit',
};

export async function getOriginalFile(db: Db, userId: string, id: string): Promise<Download> {
  const row = await findActivity(db, userId, id);
  const data = row ? await findOriginalFile(db, userId, id) : undefined;
  if (!row || !data) {
    throw notFound(ACTIVITY_NOT_FOUND);
  }
  return {
    filename: row.originalFilename ?? `${row.id}.${row.fileType ?? 'bin'}`,
    contentType: FILE_TYPES[row.fileType ?? ''] ?? 'application/octet-stream',
    body: gunzipSync(data),
  };
}

export async function exportGpx(db: Db, userId: string, id: string, remote?: RemoteActivities): Promise<Download> {
  const row = await findActivity(db, userId, id);
  if (!row) {
    throw notFound(ACTIVITY_NOT_FOUND);
  }
  const track = await loadTrack(db, userId, id, remote);
  const safeName = row.name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'activity';
  return {
    filename: `${safeName}.gpx`,
    contentType: FILE_TYPES.gpx as string,
    body: trackToGpx({ name: row.name, type: row.type, track }),
  };
}

/** Spec §4: the three placeholder demo runs; adding them twice keeps three. */
export async function addSampleActivities(context: ServiceContext, userId: string): Promise<number> {
  const { db } = context;
  await deleteActivitiesBySource(db, userId, SAMPLE_SOURCE);
  const now = new Date(context.clock.now());
  const runs = sampleRuns(now);
  const added: string[] = [];
  for (const run of runs) {
    const id = randomUUID();
    added.push(id);
    const record = describeActivity(
      {
        format: 'gpx',
        name: run.name,
        declaredType: 'run',
        sportLabel: null,
        deviceName: null,
        track: run.track,
        deviceDistance: true,
        laps: [],
        deviceTotals: null,
      },
      { fallbackTimeZone: FALLBACK_TIME_ZONE, now },
    );
    await insertActivity(
      db,
      activityRow(id, userId, record, { source: SAMPLE_SOURCE }),
      {
        pointCount: run.track.lat.length,
        data: encodeTrack(run.track),
      },
      undefined,
    );
  }
  await context.changes.changed({ userId, source: 'samples', added });
  return runs.length;
}

export async function removeSampleActivities(context: ServiceContext, userId: string): Promise<number> {
  const removed = await deleteActivitiesBySource(context.db, userId, SAMPLE_SOURCE);
  await context.changes.changed({ userId, source: 'samples' });
  return removed;
}
