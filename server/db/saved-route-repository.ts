/** SQL of the planner's saved routes; every query is scoped to the owner, so another's id finds nothing. */
import type { LatLng } from '../../core/routes/geometry.ts';
import type { Db } from './db.ts';

export interface SavedRouteRow {
  id: string;
  name: string;
  distance: number;
  waypoints: LatLng[];
  line: LatLng[];
  updatedAt: Date;
}

export interface NewSavedRoute {
  id: string;
  userId: string;
  name: string;
  waypoints: LatLng[];
  line: LatLng[];
  distance: number;
  at: Date;
}

export async function insertSavedRoute(db: Db, route: NewSavedRoute): Promise<void> {
  await db
    .insertInto('savedRoutes')
    .values({
      id: route.id,
      userId: route.userId,
      name: route.name,
      waypoints: JSON.stringify(route.waypoints),
      line: JSON.stringify(route.line),
      distance: route.distance,
      createdAt: route.at,
      updatedAt: route.at,
    })
    .execute();
}

/** The runner's routes, last changed first, without their lines (the waypoint count is worked out in SQL). */
export async function listSavedRoutes(
  db: Db,
  userId: string,
): Promise<{ id: string; name: string; distance: number; waypointCount: number; updatedAt: Date }[]> {
  const rows = await db
    .selectFrom('savedRoutes')
    .select(['id', 'name', 'distance', 'updatedAt'])
    .select((eb) => eb.fn<number>('jsonb_array_length', ['waypoints']).as('waypointCount'))
    .where('userId', '=', userId)
    .orderBy('updatedAt', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, waypointCount: Number(row.waypointCount) }));
}

export async function findSavedRoute(db: Db, userId: string, id: string): Promise<SavedRouteRow | undefined> {
  const row = await db
    .selectFrom('savedRoutes')
    .select(['id', 'name', 'distance', 'waypoints', 'line', 'updatedAt'])
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row;
}

/** Renames the route; false when the runner has no route with that id. */
export async function renameSavedRoute(db: Db, userId: string, id: string, name: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('savedRoutes')
    .set({ name, updatedAt: at })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Replaces the route's name, waypoints, line and distance; false when the runner has no route with that id. */
export async function updateSavedRoute(db: Db, userId: string, route: Omit<NewSavedRoute, 'userId'>): Promise<boolean> {
  const result = await db
    .updateTable('savedRoutes')
    .set({
      name: route.name,
      waypoints: JSON.stringify(route.waypoints),
      line: JSON.stringify(route.line),
      distance: route.distance,
      updatedAt: route.at,
    })
    .where('userId', '=', userId)
    .where('id', '=', route.id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the route; false when the runner has no route with that id. */
export async function deleteSavedRoute(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('savedRoutes')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** How many routes the runner keeps and how many line points they hold together, `exceptId` left out. */
export async function measureSavedRoutes(
  db: Db,
  userId: string,
  exceptId?: string,
): Promise<{ routes: number; linePoints: number }> {
  let query = db
    .selectFrom('savedRoutes')
    .select((eb) => [
      eb.fn.countAll<string>().as('routes'),
      eb.fn.coalesce(eb.fn.sum<string>(eb.fn('jsonb_array_length', ['line'])), eb.lit(0)).as('linePoints'),
    ])
    .where('userId', '=', userId);
  if (exceptId !== undefined) {
    query = query.where('id', '!=', exceptId);
  }
  const row = await query.executeTakeFirstOrThrow();
  return { routes: Number(row.routes), linePoints: Number(row.linePoints) };
}
