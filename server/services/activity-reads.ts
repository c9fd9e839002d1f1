/**
 * Reading one's activities: the list (a page at a time, in the runner's chosen times), one
 * activity's detail (with what the runner corrected beside the file's own figures), its track for
 * the map and its route for the share card. Every read is scoped by the owner: another runner's id
 * is "not found". A synced activity's details and track come from Strava when it is opened
 * (RemoteActivities); an upload's are all stored.
 */
import { activityCounts } from '../../core/activity/activity-edit.ts';
import { correctedFields, splitsStand, type CorrectableFigures } from '../../core/activity/activity-corrections.ts';
import { shownSplits, shownTimes } from '../../core/activity/device-timer.ts';
import { toDisplayTrack } from '../../core/activity/display-track.ts';
import {
  ACTIVITY_PAGE_SIZE,
  DEFAULT_SORT_ORDER,
  DISPLAY_TRACK_MAX_POINTS,
  type ActivityDetail,
  type ActivityListQuery,
  type ActivityPage,
  type ActivitySummary,
  type DisplayTrack,
  type LapRecord,
  type SplitRecord,
} from '../../core/activity/schemas.ts';
import { decodeTrack } from '../../core/activity/track-codec.ts';
import type { Track } from '../../core/activity/track.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import type { ActivityTimeChoice } from '../../core/profile.ts';
import { publicTrackLines, type ShareTrack } from '../../core/profile-privacy.ts';
import { stravaFieldsOf } from '../../core/strava/activity-fields.ts';
import { streamsPending } from '../../core/strava/detail.ts';
import {
  countActivities,
  findActivity,
  findMultisportLegs,
  listActivities as listActivityRows,
  type ActivitySummaryRow,
} from '../db/activity-repository.ts';
import { findTrackData, hasTrack } from '../db/activity-track-repository.ts';
import type { Db } from '../db/db.ts';
import { listPrivacyZones } from '../db/privacy-zone-repository.ts';
import { findActivityTimeChoice } from '../db/profile-repository.ts';
import type { ActivityRow } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { activityGear } from './gear-service.ts';
import type { ActivitiesChange, ServiceContext } from './service-context.ts';

/**
 * Where a synced activity's details and track come from when it is opened (Strava's, fetched and
 * cached: strava/remote-activity.ts); an upload's are all stored.
 */
export interface RemoteActivities {
  withDetail(row: ActivityRow): Promise<{ row: ActivityRow; error: string | null }>;
  ensureTrack(row: ActivityRow): Promise<void>;
}

/** The runner's own activity `id`; "not found" when there is none of theirs. */
export async function requireActivity(db: Db, userId: string, id: string): Promise<ActivityRow> {
  const found = await findActivity(db, userId, id);
  if (!found) {
    throw notFound(NOT_FOUND_MESSAGES.activity);
  }
  return found;
}

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
export function figuresOf(row: ActivityRow): CorrectableFigures {
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

/** The detail of a stored row: whether it has a track, the legs of its multisport event, its gear. */
export async function detailOf(db: Db, row: ActivityRow, stravaError: string | null = null): Promise<ActivityDetail> {
  const [track, legs, gear, choice] = await Promise.all([
    trackAvailable(db, row),
    row.multisportId === null ? Promise.resolve(null) : findMultisportLegs(db, row.userId, row.multisportId),
    activityGear(db, row.userId, row.gearId),
    findActivityTimeChoice(db, row.userId),
  ]);
  return toDetail(row, track, legs === null ? null : { legs }, gear, choice, stravaError);
}

/**
 * The answer of a write to one activity: its detail, once the change is announced on the
 * "activities changed" seam (what follows from it has followed); not found when the row was gone.
 */
export async function detailAfterChange(
  context: ServiceContext,
  row: ActivityRow | undefined,
  change: ActivitiesChange,
): Promise<ActivityDetail> {
  if (!row) {
    throw notFound(NOT_FOUND_MESSAGES.activity);
  }
  await context.changes.changed(change);
  return detailOf(context.db, row);
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
export async function getActivity(
  db: Db,
  userId: string,
  id: string,
  remote?: RemoteActivities,
): Promise<ActivityDetail> {
  const found = await requireActivity(db, userId, id);
  const { row, error } = remote ? await remote.withDetail(found) : { row: found, error: null };
  return detailOf(db, row, error);
}

/** The activity's stored track, brought from Strava first when `remote` says it is not there yet. */
export async function loadTrack(db: Db, userId: string, id: string, remote?: RemoteActivities): Promise<Track> {
  if (remote) {
    const row = await findActivity(db, userId, id);
    if (row) {
      await remote.ensureTrack(row);
    }
  }
  const data = await findTrackData(db, userId, id);
  if (!data) {
    throw notFound(NOT_FOUND_MESSAGES.activity);
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
