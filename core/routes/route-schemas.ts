/**
 * Validation of what the planner saves and of what the routing and elevation services answer
 * (spec §1 "Plan routes"). Service shapes follow the official documentation: OSRM's HTTP API
 * (project-osrm.org/docs/v5.24.0/api, `route` service with geometries=geojson), Open-Topo-Data
 * (opentopodata.org/api) and Open-Elevation (open-elevation.com, the same `results` shape).
 */
import { formatNumber } from '../format.ts';
import { z } from 'zod';
import { isPlausible, plausibleOrNull } from '../plausible-ranges.ts';
import { ROUTING_LEG_MAX_POINTS } from '../upstream-limits.ts';
import type { LatLng } from './geometry.ts';
import { MAX_ROUTE_WAYPOINTS } from './route-editor.ts';

export const ROUTE_NAME_MAX_LENGTH = 80;
export const ROUTE_NAME_REQUIRED = 'Give the route a name.';
export const ROUTE_NAME_TOO_LONG = `A route name can be at most ${ROUTE_NAME_MAX_LENGTH} characters.`;
export const ROUTE_TOO_FEW_WAYPOINTS = 'A route needs at least two points.';
export const ROUTE_TOO_MANY_WAYPOINTS = `A route can have at most ${formatNumber(MAX_ROUTE_WAYPOINTS)} points.`;
export const ROUTE_LATITUDE_RANGE = 'Latitude must be between -90 and 90.';
export const ROUTE_LONGITUDE_RANGE = 'Longitude must be between -180 and 180.';

export const latLngSchema = z.object({
  lat: z.number({ error: ROUTE_LATITUDE_RANGE }).min(-90, ROUTE_LATITUDE_RANGE).max(90, ROUTE_LATITUDE_RANGE),
  lng: z.number({ error: ROUTE_LONGITUDE_RANGE }).min(-180, ROUTE_LONGITUDE_RANGE).max(180, ROUTE_LONGITUDE_RANGE),
});

export const routeNameSchema = z
  .string({ error: ROUTE_NAME_REQUIRED })
  .trim()
  .min(1, ROUTE_NAME_REQUIRED)
  .max(ROUTE_NAME_MAX_LENGTH, ROUTE_NAME_TOO_LONG);

/** A saved route: its name, the waypoints as placed and the drawn line (snapped legs joined). */
export const savedRouteSchema = z.object({
  name: routeNameSchema,
  waypoints: z.array(latLngSchema).min(2, ROUTE_TOO_FEW_WAYPOINTS).max(MAX_ROUTE_WAYPOINTS, ROUTE_TOO_MANY_WAYPOINTS),
});
export type SavedRouteInput = z.infer<typeof savedRouteSchema>;

/** A GeoJSON position as OSRM writes it: [longitude, latitude]. */
const lngLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/** OSRM `route` service answer (only the fields the planner reads; others are allowed). */
export const osrmRouteResponseSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  routes: z
    .array(
      z.object({
        distance: z.number().nonnegative(),
        duration: z.number().nonnegative(),
        geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(lngLatSchema).min(2) }),
      }),
    )
    .optional(),
});

/**
 * The snapped line of an OSRM answer, or null when OSRM found none (code other than "Ok", e.g.
 * "NoRoute"): the planner then draws the leg straight.
 */
export function parseOsrmRoute(body: unknown): { line: LatLng[]; distance: number } | null {
  const parsed = osrmRouteResponseSchema.safeParse(body);
  if (!parsed.success || parsed.data.code !== 'Ok') {
    return null;
  }
  const route = parsed.data.routes?.[0];
  if (route === undefined) {
    return null;
  }
  // Counted and ranged before use: a path of more points, or with a point off the globe, is no path.
  const { coordinates } = route.geometry;
  if (coordinates.length > ROUTING_LEG_MAX_POINTS || !isPlausible('distance', route.distance)) {
    return null;
  }
  const line: LatLng[] = [];
  for (const [lng, lat] of coordinates) {
    if (!isPlausible('latitude', lat) || !isPlausible('longitude', lng)) {
      return null;
    }
    line.push({ lat, lng });
  }
  return { line, distance: route.distance };
}

/** Open-Topo-Data and Open-Elevation: `results[i].elevation` in metres, null where the dataset has none. */
export const elevationResponseSchema = z.object({
  status: z.string().optional(),
  results: z.array(
    z.object({
      elevation: z.number().nullable(),
      location: z.object({ lat: z.number(), lng: z.number() }).optional(),
      latitude: z.number().optional(),
      longitude: z.number().optional(),
    }),
  ),
});

/**
 * The elevations of an answer for `expected` locations, in request order, or null when the body is
 * not that shape, has another count, or Open-Topo-Data says status other than "OK".
 */
export function parseElevationResponse(body: unknown, expected: number): (number | null)[] | null {
  const parsed = elevationResponseSchema.safeParse(body);
  if (!parsed.success || (parsed.data.status !== undefined && parsed.data.status !== 'OK')) {
    return null;
  }
  if (parsed.data.results.length !== expected) {
    return null;
  }
  // A value outside the plausible range is no elevation for that point.
  return parsed.data.results.map((result) => plausibleOrNull('elevation', result.elevation));
}
