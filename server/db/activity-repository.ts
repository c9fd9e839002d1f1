/**
 * SQL for the activity rows: list, find, insert (with track and file), edit, confirm, delete.
 * Every query is scoped by the owner's id. Tracks and files: activity-track-repository.ts; what
 * counts in the totals: activity-totals-repository.ts.
 *
 * Its length is one concern: the SQL of the activity rows (tracks, files and totals have modules of
 * their own).
 */
import type { ActivityBestEffort } from '../../core/running/activity-best-efforts.ts';
import { UPLOAD_ACTIVITY_TYPES, type UploadActivityType } from '../../core/activity/parsed.ts';
import { sql, type RawBuilder, type Updateable } from 'kysely';
import { bytesParameter } from './activity-track-repository.ts';
import { activityTime } from './activity-time.ts';
import { awaitingConfirmation } from './activity-totals-repository.ts';
import type { Db } from './db.ts';
import { keepDeletedActivity } from './deleted-activity-repository.ts';
import type { ActivitiesTable, ActivityRow, NewActivityRow } from './schema.ts';

/** An activity's name, kind, start and figures: the columns its list row and its export both hold. */
export const ACTIVITY_FIGURE_COLUMNS = [
  'name',
  'type',
  'source',
  'startDate',
  'startDateLocal',
  'timezone',
  'distance',
  'movingTime',
  'timerTime',
  'elapsedTime',
  'elevationGain',
  'hasTiming',
  'averageSpeed',
  'maxSpeed',
  'averageHeartrate',
  'maxHeartrate',
  'averageCadence',
] as const;

/** Columns of the list (no splits or laps: they are only needed on the detail screen). */
const SUMMARY_COLUMNS = [
  'id',
  ...ACTIVITY_FIGURE_COLUMNS,
  'startLat',
  'startLng',
  'endLat',
  'endLng',
  'fileType',
  'originalFilename',
  'stravaId',
  'flagged',
  'flagReason',
  'flagConfirmedAt',
  'countedOverride',
] as const;

export type ActivitySummaryRow = Pick<ActivityRow, (typeof SUMMARY_COLUMNS)[number]> & { hasTrack: boolean };

export interface ActivityFilter {
  type?: ActivityRow['type'] | undefined;
  source?: 'upload' | 'strava' | undefined;
  /** Inclusive local dates, YYYY-MM-DD. */
  from?: string | undefined;
  to?: string | undefined;
  /** A part of the name, any case; LIKE's wildcards in it are matched as themselves. */
  search?: string | undefined;
}

/** The list's order (core/activity/schemas.ts ACTIVITY_LIST_SORTS); ties keep the newest first. */
export interface ActivityOrder {
  sort: 'date' | 'distance' | 'time' | 'pace';
  order: 'asc' | 'desc';
}

/** A LIKE pattern matching `text` anywhere, its `\`, `%` and `_` escaped (backslash is LIKE's escape). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function filtered(db: Db, userId: string, filter: ActivityFilter) {
  // A Strava copy of an uploaded run is never listed: the upload stands for both.
  let query = db
    .selectFrom('activities')
    .where('activities.userId', '=', userId)
    .where('activities.duplicateOf', 'is', null);
  if (filter.source === 'strava') {
    query = query.where('activities.source', '=', 'strava');
  } else if (filter.source === 'upload') {
    query = query.where('activities.source', '<>', 'strava');
  }
  if (filter.type) {
    query = query.where('activities.type', '=', filter.type);
  }
  // startDateLocal is "YYYY-MM-DDTHH:mm:ss", so text comparison orders it by local time.
  if (filter.from) {
    query = query.where('activities.startDateLocal', '>=', filter.from);
  }
  if (filter.to) {
    query = query.where('activities.startDateLocal', '<=', `${filter.to}T23:59:59`);
  }
  if (filter.search) {
    query = query.where('activities.name', 'ilike', containsPattern(filter.search));
  }
  return query;
}

/**
 * What each order sorts by: time is the runner's chosen time (activity-time.ts), pace its seconds
 * per metre, none without a distance or a time. Pace sorts within each sport (runs, then rides, … in
 * UPLOAD_ACTIVITY_TYPES' order), so a ride's speed never sits among run paces, and those without a
 * pace come last.
 */
function orderTerms(order: ActivityOrder, userId: string): RawBuilder<unknown>[] {
  const direction = order.order === 'asc' ? sql`asc` : sql`desc`;
  switch (order.sort) {
    case 'date':
      return [sql`activities.start_date ${direction}`];
    case 'distance':
      return [sql`activities.distance ${direction}`];
    case 'time':
      return [sql`${activityTime(userId)} ${direction} nulls last`];
    case 'pace': {
      const pace = sql`(case when activities.has_timing
        then nullif(${activityTime(userId)}, 0)::double precision / nullif(activities.distance, 0) end)`;
      const sports = sql.join(UPLOAD_ACTIVITY_TYPES.map((type) => sql.lit(type)));
      return [sql`${pace} is null`, sql`array_position(array[${sports}], activities.type)`, sql`${pace} ${direction}`];
    }
  }
}

/**
 * A page of the list in the asked order, and the total of the filter in the same query (an
 * uncorrelated subquery, counted once). `total` is null only when the page is empty and not the
 * first: then no row carries it. The page's ids are chosen first, from the sort keys alone; only
 * its rows are then read whole and asked whether they have a track, so a long history is sorted
 * narrow and never probed row by row.
 */
export async function listActivities(
  db: Db,
  userId: string,
  filter: ActivityFilter,
  order: ActivityOrder,
  limit: number,
  offset: number,
): Promise<{ rows: ActivitySummaryRow[]; total: number | null }> {
  const ordered = <Q extends { orderBy(term: RawBuilder<unknown>): Q }>(query: Q): Q =>
    [
      ...orderTerms(order, userId),
      sql`${sql.ref('activities.startDate')} desc`,
      sql`${sql.ref('activities.id')} desc`,
    ].reduce((sorted, term) => sorted.orderBy(term), query);
  const page = ordered(filtered(db, userId, filter).select('activities.id'))
    .limit(limit)
    .offset(offset);
  const rows = await ordered(
    db
      .selectFrom(page.as('page'))
      .innerJoin('activities', 'activities.id', 'page.id')
      .select(SUMMARY_COLUMNS.map((column) => `activities.${column}` as const))
      .select((eb) => [
        eb
          .or([
            eb.exists(eb.selectFrom('activityTracks').whereRef('activityTracks.activityId', '=', 'activities.id')),
            // A Strava activity's track is fetched when it is opened; a start position says there is one.
            eb.and([eb('activities.source', '=', 'strava'), eb('activities.startLat', 'is not', null)]),
          ])
          .as('hasTrack'),
        filtered(db, userId, filter)
          .select((count) => count.fn.countAll<string>().as('count'))
          .as('total'),
      ]),
  ).execute();
  const first = rows[0];
  return {
    rows: rows.map(({ total: _total, ...row }) => ({ ...row, hasTrack: Boolean(row.hasTrack) })),
    total: first ? Number(first.total) : offset > 0 ? null : 0,
  };
}

export async function countActivities(db: Db, userId: string, filter: ActivityFilter): Promise<number> {
  const row = await filtered(db, userId, filter)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findActivity(db: Db, userId: string, id: string): Promise<ActivityRow | undefined> {
  return db.selectFrom('activities').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** The activity a file became (a multisport file's first leg), when the user imported it before. */
export function findActivityIdByFile(db: Db, userId: string, sha256: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('activities')
    .select('id')
    .where('userId', '=', userId)
    .where('fileSha256', '=', sha256)
    .orderBy(sql`coalesce(leg_index, 0)`)
    .limit(1)
    .executeTakeFirst();
}

/**
 * The user's uploaded activities with timing data that start within `toleranceMs` of `start`: the
 * candidates for the same run from another file (core/activity/same-upload.ts decides).
 */
export function findUploadsStartingNear(
  db: Db,
  userId: string,
  start: Date,
  toleranceMs: number,
): Promise<{ id: string; startDate: Date; distance: number; hasTiming: boolean }[]> {
  return db
    .selectFrom('activities')
    .select(['id', 'startDate', 'distance', 'hasTiming'])
    .where('userId', '=', userId)
    .where('source', '=', 'upload')
    .where('hasTiming', '=', true)
    .where('startDate', '>=', new Date(start.getTime() - toleranceMs))
    .where('startDate', '<=', new Date(start.getTime() + toleranceMs))
    .orderBy('startDate')
    .execute();
}

export interface NewActivity {
  row: NewActivityRow;
  track: { pointCount: number; data: Uint8Array } | undefined;
  /** Best efforts worked out with the file (the row then holds its track figures' stamp). */
  efforts?: readonly ActivityBestEffort[];
}

/**
 * Stores the activities of one file in one transaction, or none of them: an ordinary file's one,
 * or every leg of a multisport file. The original file is kept once, with the first.
 */
export async function insertActivities(
  db: Db,
  activities: readonly NewActivity[],
  file: { data: Uint8Array } | undefined,
): Promise<void> {
  await db.transaction().execute((trx) => insertActivityRows(trx, activities, file));
}

/** Inserts activities and their tracks, the original file kept with the first; inside the caller's transaction. */
export async function insertActivityRows(
  trx: Db,
  activities: readonly NewActivity[],
  file: { data: Uint8Array } | undefined,
): Promise<void> {
  for (const [index, { row, track, efforts }] of activities.entries()) {
    await trx.insertInto('activities').values(row).execute();
    if (track) {
      await trx
        .insertInto('activityTracks')
        .values({ activityId: row.id, pointCount: track.pointCount, data: bytesParameter(track.data) })
        .execute();
    }
    if (efforts !== undefined && efforts.length > 0) {
      await trx
        .insertInto('bestEfforts')
        .values(
          efforts.map((effort) => ({ activityId: row.id, userId: row.userId, source: 'track' as const, ...effort })),
        )
        .execute();
    }
    if (file && index === 0) {
      await trx
        .insertInto('activityFiles')
        .values({ activityId: row.id, contentEncoding: 'gzip', data: bytesParameter(file.data) })
        .execute();
    }
  }
}

export function insertActivity(
  db: Db,
  row: NewActivityRow,
  track: { pointCount: number; data: Uint8Array } | undefined,
  file: { data: Uint8Array } | undefined,
): Promise<void> {
  return insertActivities(db, [{ row, track }], file);
}

/** The legs of a multisport event, in order (the user's own only). */
export function findMultisportLegs(
  db: Db,
  userId: string,
  multisportId: string,
): Promise<Pick<ActivityRow, 'id' | 'name' | 'type'>[]> {
  return db
    .selectFrom('activities')
    .select(['id', 'name', 'type'])
    .where('userId', '=', userId)
    .where('multisportId', '=', multisportId)
    .orderBy('legIndex')
    .orderBy('startDate')
    .execute();
}

/** The runner's changes to one of their activities (a rename, a type, notes, counting). */
export function updateActivity(
  db: Db,
  userId: string,
  id: string,
  changes: Updateable<ActivitiesTable>,
): Promise<ActivityRow | undefined> {
  return db
    .updateTable('activities')
    .set(changes)
    .where('userId', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Puts the runner's activities among `ids` on one gear (null: none), as chosen by the runner. */
export async function setActivitiesGear(
  db: Db,
  userId: string,
  ids: readonly string[],
  gearId: string | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('activities')
    .set({ gearId, gearChosen: true, gearPending: false, updatedAt: now })
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Deletes one activity. A Strava activity's id is remembered, so that the next sync does not bring
 * back what the runner deleted (an undo forgets it again).
 */
export async function deleteActivity(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute((trx) => deleteActivityIn(trx, userId, id, now));
}

/**
 * Deletes every one of `ids` in one transaction, or none when any is not the user's: returns
 * whether they were deleted.
 */
export async function deleteActivities(db: Db, userId: string, ids: readonly string[], now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom('activities')
      .select('id')
      .where('userId', '=', userId)
      .where('id', 'in', ids)
      .forUpdate()
      .execute();
    if (owned.length !== ids.length) {
      return false;
    }
    for (const id of ids) {
      await deleteActivityIn(trx, userId, id, now);
    }
    return true;
  });
}

/**
 * Deletes one activity of the user inside the caller's transaction, kept for the undo window
 * (deleted-activity-repository.ts).
 */
async function deleteActivityIn(trx: Db, userId: string, id: string, now: Date): Promise<boolean> {
  // A multisport file is kept with one leg: deleting that leg hands it to the next one left.
  await trx
    .updateTable('activityFiles')
    .set((eb) => ({
      activityId: eb
        .selectFrom('activities as other')
        .innerJoin('activities as deleted', 'deleted.multisportId', 'other.multisportId')
        .select('other.id')
        .where('deleted.id', '=', id)
        .where('deleted.userId', '=', userId)
        .where('other.id', '<>', id)
        .orderBy('other.legIndex')
        .limit(1),
    }))
    .where('activityId', '=', id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('activities as other')
          .innerJoin('activities as deleted', 'deleted.multisportId', 'other.multisportId')
          .select('other.id')
          .where('deleted.id', '=', id)
          .where('deleted.userId', '=', userId)
          .where('other.id', '<>', id),
      ),
    )
    .execute();
  await keepDeletedActivity(trx, userId, id, now);
  const deleted = await trx
    .deleteFrom('activities')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .returning('stravaId')
    .executeTakeFirst();
  if (deleted?.stravaId) {
    await trx
      .insertInto('stravaDeletedActivities')
      .values({ userId, stravaId: deleted.stravaId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return deleted !== undefined;
}

/** The user's activities among `ids`, locked until the caller's transaction ends. */
export function findActivitiesForUpdate(trx: Db, userId: string, ids: readonly string[]): Promise<ActivityRow[]> {
  return trx
    .selectFrom('activities')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

export async function deleteActivitiesBySource(db: Db, userId: string, source: ActivityRow['source']): Promise<number> {
  const result = await db
    .deleteFrom('activities')
    .where('userId', '=', userId)
    .where('source', '=', source)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Marks a flagged activity of the user as confirmed by its runner (it counts from now on). Returns
 * the row, or undefined when the user has no such activity. Confirming twice keeps the first time.
 */
export function confirmActivity(db: Db, userId: string, id: string, now: Date): Promise<ActivityRow | undefined> {
  return db
    .updateTable('activities')
    .set((eb) => ({
      flagConfirmedAt: eb.fn.coalesce('flagConfirmedAt', sql<Date>`${now}::timestamptz`),
      // Confirming is the runner's word that it counts: a "don't count" given before gives way.
      countedOverride: null,
      updatedAt: now,
    }))
    .where('userId', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Marks the runner's runs as offered to their training plans (plan_matched_at), ticking or not. */
/** Marks offered every run not yet offered that awaits no confirmation (runsToMatch's `settled`). */
export async function markSettledRunsMatched(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('activities')
    .set({ planMatchedAt: now })
    .where('userId', '=', userId)
    .where('planMatchedAt', 'is', null)
    .where((eb) => eb.not(awaitingConfirmation(eb)))
    .execute();
}

export async function markRunsMatched(db: Db, userId: string, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length > 0) {
    await db
      .updateTable('activities')
      .set({ planMatchedAt: now })
      .where('userId', '=', userId)
      .where('id', 'in', ids)
      .execute();
  }
}

/** Gives an imported activity the name and type activities.csv says (Strava's own, kept by the runner). */
export async function applyArchiveNaming(
  trx: Db,
  userId: string,
  activityId: string,
  naming: { name?: string; type?: UploadActivityType },
): Promise<void> {
  if (naming.name === undefined && naming.type === undefined) {
    return;
  }
  await trx
    .updateTable('activities')
    .set({
      ...(naming.name === undefined ? {} : { name: naming.name }),
      ...(naming.type === undefined ? {} : { type: naming.type }),
    })
    .where('id', '=', activityId)
    .where('userId', '=', userId)
    .execute();
}
