/**
 * SQL for the stored training-load figures (migration 0029): each charted, timed activity's load on
 * its own local day, and per runner the extent of their charted history with the maximum heart rate
 * the loads were worked out with. Only server/services/load-aggregates.ts writes them.
 */
import { sql } from 'kysely';
import type { UploadActivityType } from '../../core/activity/parsed.ts';
import type { DatedLoad } from '../../core/charts/chart-load.ts';
import type { ChartFilter } from './charts-repository.ts';
import type { Db } from './db.ts';
import { NO_HEART_RATE_SETTINGS, type StoredHeartRateSettings } from './heart-rate-repository.ts';

export interface StoredLoad {
  activityId: string;
  day: string;
  type: UploadActivityType;
  load: number;
}

export interface StoredExtent {
  /** The first local day with a charted activity, and the highest heart rate any recorded. */
  firstDay: string | null;
  maxHeartrate: number | null;
  /** The maximum heart rate the stored loads were worked out with. */
  loadMaxHeartRate: number;
}

/** Rows per insert: five parameters each, far below the protocol's limit. */
const BATCH = 500;

/** The runner's stored extent (null before it was first worked out) and their heart-rate settings. */
export async function findLoadBasis(
  db: Db,
  userId: string,
): Promise<{ extent: StoredExtent | null; settings: StoredHeartRateSettings }> {
  const row = await db
    .selectFrom('profiles')
    .leftJoin('loadExtents', 'loadExtents.userId', 'profiles.userId')
    .where('profiles.userId', '=', userId)
    .select([
      'profiles.maxHeartRate',
      'profiles.restingHeartRate',
      'profiles.lactateThresholdHeartRate',
      'profiles.thresholdPaceSecondsPerKm',
      'profiles.heartRateZoneMethod as zoneMethod',
      'loadExtents.firstDay',
      'loadExtents.maxHeartrate',
      'loadExtents.loadMaxHeartRate',
    ])
    .executeTakeFirst();
  if (!row) {
    return { extent: null, settings: NO_HEART_RATE_SETTINGS };
  }
  const { firstDay, maxHeartrate, loadMaxHeartRate, ...settings } = row;
  return {
    extent: loadMaxHeartRate === null ? null : { firstDay, maxHeartrate, loadMaxHeartRate },
    settings,
  };
}

/** Stores the runner's extent; nothing for an account deleted meanwhile (a sync ending after it). */
export async function saveStoredExtent(db: Db, userId: string, extent: StoredExtent): Promise<void> {
  await db
    .insertInto('loadExtents')
    .columns(['userId', 'firstDay', 'maxHeartrate', 'loadMaxHeartRate'])
    .expression(
      db
        .selectFrom('authUsers')
        .where('id', '=', userId)
        .select([
          'id as userId',
          sql<string | null>`${extent.firstDay}::text`.as('firstDay'),
          sql<number | null>`${extent.maxHeartrate}::float8`.as('maxHeartrate'),
          sql<number>`${extent.loadMaxHeartRate}::float8`.as('loadMaxHeartRate'),
        ]),
    )
    .onConflict((conflict) => conflict.column('userId').doUpdateSet(extent))
    .execute();
}

/** Every stored load of the runner; only those of `activityIds` when given. */
export async function listStoredLoads(db: Db, userId: string, activityIds?: readonly string[]): Promise<StoredLoad[]> {
  if (activityIds?.length === 0) {
    return [];
  }
  let query = db.selectFrom('activityLoads').where('userId', '=', userId);
  if (activityIds !== undefined) {
    query = query.where('activityId', 'in', activityIds);
  }
  return query.select(['activityId', 'day', 'type', 'load']).execute();
}

/** The stored loads of the local days from `from` to `to` (inclusive), of one type or all. */
export async function storedLoadsBetween(db: Db, userId: string, filter: ChartFilter): Promise<DatedLoad[]> {
  let query = db
    .selectFrom('activityLoads')
    .where('userId', '=', userId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to);
  if (filter.type !== null) {
    query = query.where('type', '=', filter.type);
  }
  return query.select(['day as date', 'load']).execute();
}

/** Writes the given loads (new or changed) and removes those of the activities named. */
export async function writeStoredLoads(
  db: Db,
  userId: string,
  changes: { upsert: readonly StoredLoad[]; remove: readonly string[] },
): Promise<void> {
  for (let offset = 0; offset < changes.remove.length; offset += BATCH) {
    await db
      .deleteFrom('activityLoads')
      .where('userId', '=', userId)
      .where('activityId', 'in', changes.remove.slice(offset, offset + BATCH))
      .execute();
  }
  for (let offset = 0; offset < changes.upsert.length; offset += BATCH) {
    await db
      .insertInto('activityLoads')
      .values(changes.upsert.slice(offset, offset + BATCH).map((row) => ({ ...row, userId })))
      .onConflict((conflict) =>
        conflict.column('activityId').doUpdateSet((eb) => ({
          day: eb.ref('excluded.day'),
          type: eb.ref('excluded.type'),
          load: eb.ref('excluded.load'),
        })),
      )
      .execute();
  }
}
