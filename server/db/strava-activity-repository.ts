/**
 * SQL for Strava's rows in the activities table (source 'strava') and the remembered Strava ids a
 * runner deleted (strava_deleted_activities): the idempotent page import, webhook look-ups and
 * deletes, the duplicate pairing with uploads, and the cached detail and streams.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { StravaActivity } from '../../core/strava/normalize.ts';
import type { Db } from './db.ts';
import type { Updateable } from 'kysely';
import type { ActivitiesTable, NewActivityRow } from './schema.ts';

/** The newest Strava activity's start: incremental syncs ask only for what started after it. */
export async function latestStravaStart(db: Db, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('activities')
    .select((eb) => eb.fn.max('startDate').as('latest'))
    .where('userId', '=', userId)
    .where('source', '=', 'strava')
    .executeTakeFirst();
  return row?.latest ? new Date(row.latest) : null;
}

/** Strava activities the runner sees (a copy hidden behind an uploaded run is not counted). */
export function countStravaActivities(db: Db, userId: string): Promise<number> {
  return db
    .selectFrom('activities')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .where('source', '=', 'strava')
    .where('duplicateOf', 'is', null)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

/** The Strava-only fields of spec §3, kept together (they are only ever shown on the detail page). */
function stravaExtras(activity: StravaActivity): Record<string, unknown> {
  return {
    kilojoules: activity.kilojoules,
    gearId: activity.gearId,
    workoutType: activity.workoutType,
    trainer: activity.trainer,
    commute: activity.commute,
    manual: activity.manual,
    private: activity.private,
    flagged: activity.stravaFlagged,
    achievementCount: activity.achievementCount,
    kudosCount: activity.kudosCount,
    commentCount: activity.commentCount,
    athleteCount: activity.athleteCount,
    photoCount: activity.photoCount,
  };
}

function stravaRow(userId: string, activity: StravaActivity, now: Date): NewActivityRow {
  return {
    id: randomUUID(),
    userId,
    name: activity.name,
    type: activity.type,
    source: 'strava',
    startDate: activity.startDate,
    startDateLocal: activity.startDateLocal,
    timezone: activity.timezone,
    distance: activity.distance,
    movingTime: activity.movingTime,
    elapsedTime: activity.elapsedTime,
    elevationGain: activity.elevationGain,
    hasTiming: activity.hasTiming,
    averageSpeed: activity.averageSpeed,
    maxSpeed: activity.maxSpeed,
    averageHeartrate: activity.averageHeartrate,
    maxHeartrate: activity.maxHeartrate,
    averageCadence: activity.averageCadence,
    calories: activity.calories === 0 ? null : activity.calories,
    startLat: activity.startLatLng?.lat ?? null,
    startLng: activity.startLatLng?.lng ?? null,
    endLat: activity.endLatLng?.lat ?? null,
    endLng: activity.endLatLng?.lng ?? null,
    deviceName: null,
    sportLabel: null,
    laps: '[]',
    splitsMetric: '[]',
    splitsStandard: '[]',
    originalFilename: null,
    fileSize: null,
    fileType: null,
    fileSha256: null,
    uploadedAt: null,
    stravaId: activity.stravaId,
    flagged: activity.flagged,
    flagReason: activity.flagReason,
    strava: JSON.stringify(stravaExtras(activity)),
    syncedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Summary columns a Strava edit can change; an update happens only when one of them differs.
 * Calories are not among them: Strava sends them with the detail only (the summary has none).
 */
const SYNCED_COLUMNS = [
  'name',
  'type',
  'start_date',
  'start_date_local',
  'timezone',
  'distance',
  'moving_time',
  'elapsed_time',
  'elevation_gain',
  'has_timing',
  'average_speed',
  'max_speed',
  'average_heartrate',
  'max_heartrate',
  'average_cadence',
  'start_lat',
  'start_lng',
  'end_lat',
  'end_lng',
  'strava',
  // An edit on Strava is checked again (core/activity/plausibility.ts); a confirmation stays.
  'flagged',
  'flag_reason',
] as const;

const RETYPED_UNCHOSEN = sql<boolean>`(activities.type is distinct from excluded.type and not activities.gear_chosen)`;

/**
 * Inserts new Strava activities and updates changed ones, idempotently (unique per user and Strava
 * id). Returns how many rows were new or changed. A changed activity's cached detail and streams are
 * dropped so the next opening fetches them again. Activities the runner deleted in Stride are
 * skipped. Runs inside the caller's transaction.
 */
export async function upsertStravaActivities(
  db: Db,
  userId: string,
  activities: readonly StravaActivity[],
  now: Date,
): Promise<{ changed: number; insertedIds: string[] }> {
  const deleted =
    activities.length === 0
      ? []
      : await db
          .selectFrom('stravaDeletedActivities')
          .select('stravaId')
          .where('userId', '=', userId)
          .where(
            'stravaId',
            'in',
            activities.map((activity) => activity.stravaId),
          )
          .execute();
  const skipped = new Set(deleted.map((row) => row.stravaId));
  const kept = activities.filter((activity) => !skipped.has(activity.stravaId));
  if (kept.length === 0) {
    return { changed: 0, insertedIds: [] };
  }
  const rows = kept.map((activity) => stravaRow(userId, activity, now));
  const list = (prefix: string) => sql.raw(SYNCED_COLUMNS.map((column) => `${prefix}.${column}`).join(', '));
  const result = await db
    .insertInto('activities')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['userId', 'stravaId'])
        .where('stravaId', 'is not', null)
        .doUpdateSet({
          ...Object.fromEntries(SYNCED_COLUMNS.map((column) => [column, sql.ref(`excluded.${column}`)])),
          syncedAt: now,
          updatedAt: now,
          detailCachedAt: null,
          streamsCachedAt: null,
          // Re-typed on Strava: a gear that came from the old sport's default waits for the new
          // sport's (the "gear defaults" reaction), as a re-type in Stride does; a chosen gear stays.
          gearId: sql`case when ${RETYPED_UNCHOSEN} then null else activities.gear_id end`,
          gearPending: sql`activities.gear_pending or ${RETYPED_UNCHOSEN}`,
        })
        .where(sql<boolean>`(${list('activities')}) is distinct from (${list('excluded')})`),
    )
    .returning(['id', sql<boolean>`xmax = 0`.as('inserted')])
    .execute();
  return { changed: result.length, insertedIds: result.filter((row) => row.inserted).map((row) => row.id) };
}

/** Whether the user has this Strava activity (or deleted it in Stride: it was theirs too). */
export async function hasStravaActivity(db: Db, userId: string, stravaId: string): Promise<boolean> {
  const [stored, deleted] = await Promise.all([
    db
      .selectFrom('activities')
      .select('id')
      .where('userId', '=', userId)
      .where('stravaId', '=', stravaId)
      .executeTakeFirst(),
    db
      .selectFrom('stravaDeletedActivities')
      .select('stravaId')
      .where('userId', '=', userId)
      .where('stravaId', '=', stravaId)
      .executeTakeFirst(),
  ]);
  return stored !== undefined || deleted !== undefined;
}

export async function deleteStravaActivity(db: Db, userId: string, stravaId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('activities')
    .where('userId', '=', userId)
    .where('stravaId', '=', stravaId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The start and distance of each of these activities of the user (those that exist). */
export function findActivityStarts(db: Db, userId: string, ids: readonly string[]) {
  return db
    .selectFrom('activities')
    .select(['id', 'startDate', 'distance'])
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Candidates for "the same run" (core same-run.ts): the other side's activities of the user that
 * started within `toleranceMs` of `startDate` and are not hidden as a duplicate already.
 */
export function findDuplicateCandidates(db: Db, userId: string, side: 'upload' | 'strava', from: Date, to: Date) {
  return (
    db
      .selectFrom('activities')
      .select(['id', 'startDate', 'distance'])
      .where('userId', '=', userId)
      .where('source', '=', side)
      .where('duplicateOf', 'is', null)
      // One to one: an upload that already stands for a Strava copy stands for no other.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('activities as copy').select('copy.id').whereRef('copy.duplicateOf', '=', 'activities.id'),
          ),
        ),
      )
      .where('startDate', '>=', from)
      .where('startDate', '<=', to)
      .execute()
  );
}

export async function markDuplicate(db: Db, stravaActivityId: string, uploadedActivityId: string): Promise<void> {
  await db
    .updateTable('activities')
    .set({ duplicateOf: uploadedActivityId })
    .where('id', '=', stravaActivityId)
    .execute();
}

// ---- details, streams and the push subscription ----

/** Stores a Strava activity's fetched detail and stamps it; returns the row as it now is. */
export function saveStravaDetail(db: Db, activityId: string, values: Updateable<ActivitiesTable>) {
  return db.updateTable('activities').set(values).where('id', '=', activityId).returningAll().executeTakeFirst();
}

/** Stores the detail of the runner's Strava activity `stravaId`, fetched for a webhook event. */
export async function saveStravaDetailOf(
  db: Db,
  userId: string,
  stravaId: string,
  values: Updateable<ActivitiesTable>,
): Promise<void> {
  await db
    .updateTable('activities')
    .set(values)
    .where('userId', '=', userId)
    .where('stravaId', '=', stravaId)
    .execute();
}

/** Stamps a Strava activity's streams as fetched (the track itself is saveTrack's), with any splits computed from them. */
export async function markStreamsCached(
  db: Db,
  activityId: string,
  values: Updateable<ActivitiesTable>,
): Promise<void> {
  await db.updateTable('activities').set(values).where('id', '=', activityId).execute();
}
