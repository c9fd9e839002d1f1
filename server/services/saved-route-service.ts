/**
 * Saved routes of the planner (spec §1 "Plan routes"): save named, list, read, update (the
 * opened route edited and saved again: its name, points, line and distance), rename, delete,
 * export as GPX, and read an imported GPX into waypoints to edit. Only the owner sees a route;
 * another runner's id is the same 404 as a missing one.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { polylineDistance } from '../../core/routes/geometry.ts';
import {
  ROUTE_MESSAGES,
  type ImportedRoute,
  type RouteDetail,
  type RouteSave,
  type RouteSummary,
} from '../../core/routes/route-api.ts';
import { routeToGpx } from '../../core/routes/route-gpx.ts';
import type { Clock } from '../clock.ts';
import {
  deleteSavedRoute,
  findSavedRoute,
  insertSavedRoute,
  listSavedRoutes,
  renameSavedRoute,
  updateSavedRoute,
} from '../db/saved-route-repository.ts';
import type { Db } from '../db/db.ts';
import { invalid, notFound } from '../errors.ts';
import type { Download } from './activity-service.ts';
import { ImportCancelledError, type ImportPool } from './import-pool.ts';

interface Context {
  db: Db;
  clock: Clock;
}

export async function listRoutes(context: Context, userId: string): Promise<RouteSummary[]> {
  const rows = await listSavedRoutes(context.db, userId);
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

export async function getRoute(context: Context, userId: string, id: string): Promise<RouteDetail> {
  const row = await findSavedRoute(context.db, userId, id);
  if (row === undefined) {
    throw notFound(ROUTE_MESSAGES.notFound);
  }
  return {
    id: row.id,
    name: row.name,
    distance: row.distance,
    waypointCount: row.waypoints.length,
    updatedAt: row.updatedAt.toISOString(),
    waypoints: row.waypoints,
    line: row.line,
  };
}

/** Stores the route; its distance is measured here from the line, not taken from the client. */
export async function saveRoute(context: Context, userId: string, input: RouteSave): Promise<RouteDetail> {
  const id = randomUUID();
  await insertSavedRoute(context.db, {
    id,
    userId,
    name: input.name,
    waypoints: input.waypoints,
    line: input.line,
    distance: polylineDistance(input.line),
    at: new Date(context.clock.now()),
  });
  return getRoute(context, userId, id);
}

/** Saves the edited route over the runner's own one (same rules as a new one); 404 for any other id. */
export async function updateRoute(
  context: Context,
  userId: string,
  id: string,
  input: RouteSave,
): Promise<RouteDetail> {
  const updated = await updateSavedRoute(context.db, userId, {
    id,
    name: input.name,
    waypoints: input.waypoints,
    line: input.line,
    distance: polylineDistance(input.line),
    at: new Date(context.clock.now()),
  });
  if (!updated) {
    throw notFound(ROUTE_MESSAGES.notFound);
  }
  return getRoute(context, userId, id);
}

export async function renameRoute(context: Context, userId: string, id: string, name: string): Promise<RouteDetail> {
  if (!(await renameSavedRoute(context.db, userId, id, name, new Date(context.clock.now())))) {
    throw notFound(ROUTE_MESSAGES.notFound);
  }
  return getRoute(context, userId, id);
}

export async function deleteRoute(context: Context, userId: string, id: string): Promise<void> {
  if (!(await deleteSavedRoute(context.db, userId, id))) {
    throw notFound(ROUTE_MESSAGES.notFound);
  }
}

/** The route's drawn line as a GPX `<trk>` (core/routes/route-gpx.ts). */
export async function exportRouteGpx(context: Context, userId: string, id: string): Promise<Download> {
  const route = await getRoute(context, userId, id);
  const safeName = route.name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'route';
  return {
    filename: `${safeName}.gpx`,
    contentType: 'application/gpx+xml',
    body: routeToGpx({ name: route.name, line: route.line }),
  };
}

/**
 * Waypoints to edit from a GPX file, read in the import pool's workers (never on this thread) under
 * the uploads' memory cap and time budget, in the owner's fair share of the pool. A file Stride
 * cannot read, or one that breaks those limits, is a 400 with a sentence.
 */
export async function importRouteGpx(
  pool: ImportPool,
  logger: Logger,
  input: { bytes: Uint8Array; owner: string; signal?: AbortSignal },
): Promise<ImportedRoute> {
  logger.info({ bytes: input.bytes.length }, 'planner GPX import queued in the import pool');
  try {
    const route = await pool.importRoute(input.bytes, {
      owner: input.owner,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    if (route.waypoints.length >= 2) {
      return route;
    }
  } catch (error) {
    if (error instanceof ImportCancelledError) {
      throw error;
    }
    // Answered with the sentence below: the parser's own error names its internals.
  }
  throw invalid(ROUTE_MESSAGES.gpxUnreadable);
}
