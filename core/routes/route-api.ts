/**
 * The planner's API contract, shared by the server and the web app (spec §1 "Plan routes"): saved
 * routes (name, waypoints as placed, the drawn line), leg snapping and elevation look-ups, and the
 * messages the planner shows.
 */
import { formatNumber } from '../format.ts';
import { z } from 'zod';
import { MAX_ROUTE_WAYPOINTS } from './route-editor.ts';
import { latLngSchema, ROUTE_TOO_FEW_WAYPOINTS, routeNameSchema, savedRouteSchema } from './route-schemas.ts';
import { ELEVATION_MAX_SAMPLES } from './geometry.ts';

/** Most points of a saved route's drawn line; the planner simplifies a longer one before saving. */
export const MAX_ROUTE_LINE_POINTS = 20_000;
/** Most legs snapped in one request (the planner sends longer routes in several). */
export const MAX_SNAP_LEGS = 50;
/** Largest GPX file the planner imports, like one activity file's cap for a route's size. */
export const ROUTE_GPX_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What one runner may keep in saved routes: a count, and points of all their lines together (a
 * line of MAX_ROUTE_LINE_POINTS is about half a megabyte stored).
 */
export const SAVED_ROUTE_LIMITS = { routes: 100, totalLinePoints: 200_000 } as const;

export const ROUTE_MESSAGES = {
  tooManyRoutes: `You can keep at most ${SAVED_ROUTE_LIMITS.routes} saved routes. Delete one to save another.`,
  tooManyPoints: `Your saved routes can hold at most ${formatNumber(SAVED_ROUTE_LIMITS.totalLinePoints)} points in all. Delete a route or draw a shorter one.`,
  lineTooLong: `A route's line can have at most ${formatNumber(MAX_ROUTE_LINE_POINTS)} points.`,
  gpxTooLarge: `This GPX file is larger than the ${ROUTE_GPX_MAX_BYTES / 1024 / 1024} MB a route may be.`,
  gpxUnreadable: 'This file is not a GPX route or track Stride can read.',
  /** The notices beside the map. */
  snappingOff: 'No routing service is set up: legs are drawn straight.',
  snappingFailed: 'The routing service did not answer: some legs are drawn straight.',
  elevationOff: 'No elevation service is set up, so no climb is shown.',
  elevationFailed: 'The elevation service did not answer, so no climb is shown.',
} as const;

export const routeIdParamSchema = z.object({ id: z.string().min(1).max(64) });

/** What the planner saves: name, waypoints, and the line drawn through them (snapped legs joined). */
export const routeSaveSchema = savedRouteSchema.extend({
  line: z.array(latLngSchema).min(2, ROUTE_TOO_FEW_WAYPOINTS).max(MAX_ROUTE_LINE_POINTS, ROUTE_MESSAGES.lineTooLong),
});
export type RouteSave = z.infer<typeof routeSaveSchema>;

export const routeRenameSchema = z.object({ name: routeNameSchema });

export const routeSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Metres along the drawn line. */
  distance: z.number(),
  waypointCount: z.number().int(),
  updatedAt: z.string(),
});
export type RouteSummary = z.infer<typeof routeSummarySchema>;

export const routeListSchema = z.object({ routes: z.array(routeSummarySchema) });

export const routeDetailSchema = routeSummarySchema.extend({
  waypoints: z.array(latLngSchema),
  line: z.array(latLngSchema),
});
export type RouteDetail = z.infer<typeof routeDetailSchema>;

export const snapRequestSchema = z.object({
  legs: z
    .array(z.object({ from: latLngSchema, to: latLngSchema }))
    .min(1)
    .max(MAX_SNAP_LEGS),
});
export type SnapRequest = z.infer<typeof snapRequestSchema>;

/**
 * `available`: a routing service is configured. Each leg's path is its snapped line, or null when
 * the service failed or found no path (the planner draws it straight).
 */
export const snapResponseSchema = z.object({
  available: z.boolean(),
  legs: z.array(z.object({ path: z.array(latLngSchema).nullable() })),
});
export type SnapResponse = z.infer<typeof snapResponseSchema>;

export const elevationRequestSchema = z.object({
  points: z.array(latLngSchema).min(1).max(ELEVATION_MAX_SAMPLES),
});

/**
 * `available`: an elevation service is configured. `elevations` in request order (null where the
 * dataset has none), or null when the service failed: no climb is shown then.
 */
export const elevationAnswerSchema = z.object({
  available: z.boolean(),
  elevations: z.array(z.number().nullable()).nullable(),
});
export type ElevationAnswer = z.infer<typeof elevationAnswerSchema>;

/** An imported GPX: editable waypoints on the file's line, which is drawn as it is until edited. */
export const importedRouteSchema = z.object({
  name: z.string().nullable(),
  waypoints: z.array(latLngSchema).max(MAX_ROUTE_WAYPOINTS),
  line: z.array(latLngSchema).max(MAX_ROUTE_LINE_POINTS),
});
export type ImportedRoute = z.infer<typeof importedRouteSchema>;
