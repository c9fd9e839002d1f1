/**
 * Saved routes of the planner (spec §1 "Plan routes"): save named, list, read, update (the
 * opened route edited and saved again: its name, points, line and distance), rename, delete,
 * export as GPX, and read an imported GPX into waypoints to edit. Only the owner sees a route;
 * another runner's id is the same 404 as a missing one.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { polylineDistance } from '../../core/routes/geometry.ts';
import {
  ROUTE_MESSAGES,
  SAVED_ROUTE_LIMITS,
  type ElevationAnswer,
  type ImportedRoute,
  type RouteDetail,
  type RouteSave,
  type RouteSummary,
} from '../../core/routes/route-api.ts';
import type { LatLng } from '../../core/routes/geometry.ts';
import { lineElevations, routeExportSamples, routeToGpx } from '../../core/routes/route-gpx.ts';
import {
  deleteSavedRoute,
  findSavedRoute,
  insertSavedRoute,
  listSavedRoutes,
  measureSavedRoutes,
  renameSavedRoute,
  updateSavedRoute,
} from '../db/saved-route-repository.ts';
import type { Db } from '../db/db.ts';
import type { ServiceContext } from './service-context.ts';
import { lockRunnerScope } from '../db/user-lock.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import type { Download } from '../download.ts';
import { ImportCancelledError, type ImportPool } from './import-pool.ts';

export async function listRoutes(context: ServiceContext, userId: string): Promise<RouteSummary[]> {
  const rows = await listSavedRoutes(context.db, userId);
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

export async function getRoute(context: ServiceContext, userId: string, id: string): Promise<RouteDetail> {
  const row = await findSavedRoute(context.db, userId, id);
  if (row === undefined) {
    throw notFound(NOT_FOUND_MESSAGES.route);
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

/**
 * Refuses a save that would take the runner past SAVED_ROUTE_LIMITS (`replacing`: the route the
 * save writes over, which no longer counts). Called under the runner's saved-routes lock.
 */
async function checkRouteLimits(trx: Db, userId: string, linePoints: number, replacing?: string): Promise<void> {
  const kept = await measureSavedRoutes(trx, userId, replacing);
  if (replacing === undefined && kept.routes >= SAVED_ROUTE_LIMITS.routes) {
    throw conflict(ROUTE_MESSAGES.tooManyRoutes, { code: 'route-limit' });
  }
  if (kept.linePoints + linePoints > SAVED_ROUTE_LIMITS.totalLinePoints) {
    throw conflict(ROUTE_MESSAGES.tooManyPoints, { code: 'route-points-limit' });
  }
}

/** Stores the route; its distance is measured here from the line, not taken from the client. */
export async function saveRoute(context: ServiceContext, userId: string, input: RouteSave): Promise<RouteDetail> {
  const id = randomUUID();
  await context.db.transaction().execute(async (trx) => {
    await lockRunnerScope(trx, 'saved-routes', userId);
    await checkRouteLimits(trx, userId, input.line.length);
    await insertSavedRoute(trx, {
      id,
      userId,
      name: input.name,
      waypoints: input.waypoints,
      line: input.line,
      distance: polylineDistance(input.line),
      at: new Date(context.clock.now()),
    });
  });
  return getRoute(context, userId, id);
}

/** Saves the edited route over the runner's own one (same rules as a new one); 404 for any other id. */
export async function updateRoute(
  context: ServiceContext,
  userId: string,
  id: string,
  input: RouteSave,
): Promise<RouteDetail> {
  const updated = await context.db.transaction().execute(async (trx) => {
    await lockRunnerScope(trx, 'saved-routes', userId);
    await checkRouteLimits(trx, userId, input.line.length, id);
    return updateSavedRoute(trx, userId, {
      id,
      name: input.name,
      waypoints: input.waypoints,
      line: input.line,
      distance: polylineDistance(input.line),
      at: new Date(context.clock.now()),
    });
  });
  if (!updated) {
    throw notFound(NOT_FOUND_MESSAGES.route);
  }
  return getRoute(context, userId, id);
}

export async function renameRoute(
  context: ServiceContext,
  userId: string,
  id: string,
  name: string,
): Promise<RouteDetail> {
  if (!(await renameSavedRoute(context.db, userId, id, name, new Date(context.clock.now())))) {
    throw notFound(NOT_FOUND_MESSAGES.route);
  }
  return getRoute(context, userId, id);
}

export async function deleteRoute(context: ServiceContext, userId: string, id: string): Promise<void> {
  if (!(await deleteSavedRoute(context.db, userId, id))) {
    throw notFound(NOT_FOUND_MESSAGES.route);
  }
}

/**
 * The route's drawn line as a GPX `<trk>` (core/routes/route-gpx.ts), each point with its elevation
 * (`<ele>`) when the elevation service knows its profile samples; without it, positions only.
 */
export async function exportRouteGpx(
  context: ServiceContext,
  userId: string,
  id: string,
  elevationsOf: (points: readonly LatLng[]) => Promise<ElevationAnswer>,
): Promise<Download> {
  const route = await getRoute(context, userId, id);
  const samples = routeExportSamples(route);
  const answer = await elevationsOf(samples);
  const safeName = route.name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'route';
  return {
    filename: `${safeName}.gpx`,
    contentType: 'application/gpx+xml',
    body: routeToGpx({
      name: route.name,
      line: route.line,
      ...(answer.elevations === null ? {} : { elevations: lineElevations(route.line, samples, answer.elevations) }),
    }),
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
