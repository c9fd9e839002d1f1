/**
 * Limits on what Stride reads from the outside services it calls (routing, elevation, weather):
 * every answer's body is read up to a cap and the transfer stopped past it, and every list in it is
 * counted before its values are used. Values themselves pass core/plausible-ranges.ts.
 */

/** Largest routing answer read for one leg (an ordinary leg's path is a few kilobytes). */
export const ROUTING_BODY_MAX_BYTES = 2 * 1024 * 1024;
/** Most points of one snapped leg; a longer path is refused and the leg drawn straight. */
export const ROUTING_LEG_MAX_POINTS = 20_000;
/** Largest elevation answer read for one batch of at most 100 locations. */
export const ELEVATION_BODY_MAX_BYTES = 256 * 1024;
/** Largest weather answer read (a forecast of 13 hours is about 2 KB). */
export const WEATHER_BODY_MAX_BYTES = 512 * 1024;
/** Most hours in a forecast or an archived day's answer; more is refused as the wrong shape. */
export const WEATHER_MAX_HOURS = 48;
/** Elevation requests waiting for their turn, across all clients; one more is answered "none" at once. */
export const ELEVATION_QUEUE_MAX = 16;
/** Of those, how many one client (a runner or a visitor's address) may have waiting. */
export const ELEVATION_QUEUE_MAX_PER_CLIENT = 2;
/** Of those, how many all visitors (not signed in) together may have waiting, whatever their addresses. */
export const ELEVATION_QUEUE_MAX_VISITORS = 4;
