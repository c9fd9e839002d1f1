/**
 * SQL of the runners' gear (core/gear.ts): the gear, the default per sport, the gear of activities
 * and each gear's distance and moving time, worked out from its activities whenever it is read (so
 * it is exact after every upload, sync, edit, re-type and deletion). Every query is scoped to the
 * owner, so another runner's id finds nothing.
 */
import { sql, type Updateable } from 'kysely';
import type { UploadActivityType } from '../../core/activity/parsed.ts';
import { activityTime } from './activity-time.ts';
import type { Db } from './db.ts';
import type { GearTable } from './schema.ts';

export interface GearRow {
  id: string;
  kind: GearTable['kind'];
  name: string;
  brand: string;
  model: string;
  startDate: string | null;
  startingDistance: number;
  retirementDistance: number | null;
  retired: boolean;
  stravaGearId: string | null;
  /** Metres of its activities (without the starting distance). */
  activityDistance: number;
  movingTime: number;
  activityCount: number;
}

/** The runner's gear with its activities' totals, active first, each in the order added (`ids`: only those). */
export async function listGear(db: Db, userId: string, ids?: readonly string[]): Promise<GearRow[]> {
  let query = db
    .selectFrom('gear')
    .leftJoin('activities', (join) =>
      join.onRef('activities.gearId', '=', 'gear.id').on('activities.duplicateOf', 'is', null),
    )
    .select([
      'gear.id',
      'gear.kind',
      'gear.name',
      'gear.brand',
      'gear.model',
      'gear.startDate',
      'gear.startingDistance',
      'gear.retirementDistance',
      'gear.retired',
      'gear.stravaGearId',
    ])
    .select([
      sql<number>`coalesce(sum(activities.distance), 0)::float8`.as('activityDistance'),
      sql<number>`coalesce(sum(${activityTime(userId)}), 0)::float8`.as('movingTime'),
      sql<number>`count(activities.id)::int4`.as('activityCount'),
    ])
    .where('gear.userId', '=', userId)
    .groupBy('gear.id')
    .orderBy('gear.retired')
    .orderBy('gear.added');
  if (ids !== undefined) {
    if (ids.length === 0) {
      return [];
    }
    query = query.where('gear.id', 'in', ids);
  }
  return query.execute();
}

/** The sports each of the runner's gear is the default of. */
export function listGearDefaults(
  db: Db,
  userId: string,
): Promise<{ activityType: UploadActivityType; gearId: string }[]> {
  return db
    .selectFrom('gearDefaults')
    .select(['activityType', 'gearId'])
    .where('userId', '=', userId)
    .orderBy('activityType')
    .execute();
}

/** The runner's gear names, for finding a gear by name (core/gear.ts `sameGearName`). */
export function listGearNames(db: Db, userId: string): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('gear').select(['id', 'name']).where('userId', '=', userId).orderBy('added').execute();
}

export async function countGear(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('gear')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type NewGear = Pick<
  GearRow,
  'id' | 'kind' | 'name' | 'brand' | 'model' | 'startDate' | 'startingDistance' | 'retirementDistance'
> &
  Partial<Pick<GearRow, 'retired' | 'stravaGearId'>> & { userId: string; createdAt: Date };

export async function insertGear(db: Db, gear: NewGear): Promise<void> {
  await db
    .insertInto('gear')
    .values({ ...gear, retired: gear.retired ?? false, stravaGearId: gear.stravaGearId ?? null })
    .execute();
}

/** Changes the runner's gear; false when they have no such gear. */
export async function updateGear(db: Db, userId: string, id: string, changes: Updateable<GearTable>): Promise<boolean> {
  const row = await db
    .updateTable('gear')
    .set(changes)
    .where('userId', '=', userId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the runner's gear (its activities keep no gear, its defaults go); false when there is none. */
export async function deleteGear(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('gear').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The runner's gear among `ids` (their kind and whether retired), locked until the transaction ends. */
export function findOwnGear(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<{ id: string; retired: boolean }[]> {
  if (ids.length === 0) {
    return Promise.resolve([]);
  }
  return db
    .selectFrom('gear')
    .select(['id', 'retired'])
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .forShare()
    .execute();
}

/** Sets (or, with null, removes) the runner's default gear of a sport. */
export async function setGearDefault(
  db: Db,
  userId: string,
  activityType: UploadActivityType,
  gearId: string | null,
): Promise<void> {
  if (gearId === null) {
    await db.deleteFrom('gearDefaults').where('userId', '=', userId).where('activityType', '=', activityType).execute();
    return;
  }
  await db
    .insertInto('gearDefaults')
    .values({ userId, activityType, gearId })
    .onConflict((oc) => oc.columns(['userId', 'activityType']).doUpdateSet({ gearId }))
    .execute();
}

/** A retired gear is no sport's default any more. */
export async function clearGearDefaults(db: Db, userId: string, gearId: string): Promise<void> {
  await db.deleteFrom('gearDefaults').where('userId', '=', userId).where('gearId', '=', gearId).execute();
}

/**
 * Gives the runner's activities still waiting for one their sport's default gear (or none, when the
 * sport has no default), and marks them done. Returns how many were waiting.
 */
export async function applyDefaultGear(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable('activities')
    .set((eb) => ({
      gearId: eb
        .selectFrom('gearDefaults')
        .select('gearDefaults.gearId')
        .whereRef('gearDefaults.userId', '=', 'activities.userId')
        .whereRef('gearDefaults.activityType', '=', 'activities.type'),
      gearPending: false,
    }))
    .where('userId', '=', userId)
    .where('gearPending', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The gear of one activity of the runner with its distance, for the activity's figures. */
export async function findActivityGear(db: Db, userId: string, gearId: string) {
  const [row] = await listGear(db, userId, [gearId]);
  return row;
}

/**
 * Adds the athlete's Strava shoes and bikes the runner does not have yet, linked by Strava's gear
 * id; gear already linked keeps its name and figures as the runner left them (never doubled).
 */
export async function addStravaGear(
  db: Db,
  userId: string,
  gear: readonly (Omit<NewGear, 'userId' | 'stravaGearId'> & { stravaGearId: string; retired: boolean })[],
): Promise<void> {
  if (gear.length === 0) {
    return;
  }
  await db
    .insertInto('gear')
    .values(gear.map((item) => ({ ...item, userId })))
    .onConflict((oc) => oc.columns(['userId', 'stravaGearId']).where('stravaGearId', 'is not', null).doNothing())
    .execute();
}

/**
 * Puts each of the runner's Strava activities on the Stride gear linked to the gear Strava names
 * for it (Strava chose it: a re-type or default never replaces it). Returns how many changed.
 */
export async function linkStravaGear(db: Db, userId: string): Promise<number> {
  const result = await sql`
    update activities
    set gear_id = gear.id, gear_chosen = true, gear_pending = false
    from gear
    where activities.user_id = ${userId}
      and activities.source = 'strava'
      and gear.user_id = ${userId}
      and gear.strava_gear_id = activities.strava ->> 'gearId'
      and activities.gear_id is distinct from gear.id
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
