// An Open-Topo-Data-compatible elevation stand-in (opentopodata.org/api):
// GET /v1/{dataset}?locations=lat,lng|lat,lng… answers {"status": "OK", "results": [{"dataset",
// "elevation", "location": {"lat", "lng"}}]}, at most MAX_LOCATIONS per request (400 beyond, as the
// public API does). Elevation is a deterministic function of the position (standInElevation).
// With `minSpacingMs`, like the public API's one call a second, a request that starts sooner than
// that after the last one answered is refused with 429 (and `rateLimited` counts them). `arrivals`
// holds the time (Date.now()) each request reached it.
import { startStandIn, type StandIn } from './stand-in-server.ts';

export const MAX_LOCATIONS = 100;

/** A smooth landscape: 100 m plus hills of ±50 m about 1.1 km apart (0.01°), exact to 0.1 m. */
export function standInElevation(lat: number, lng: number): number {
  return Math.round((100 + 30 * Math.sin(lat * 100 * Math.PI) + 20 * Math.cos(lng * 100 * Math.PI)) * 10) / 10;
}

export async function startOpenTopoDataStandIn(
  options: { minSpacingMs?: number } = {},
): Promise<StandIn & { rateLimited: () => number; arrivals: number[] }> {
  let lastAnsweredAt = Number.NEGATIVE_INFINITY;
  let rateLimited = 0;
  const arrivals: number[] = [];
  const standIn = await startStandIn((url) => {
    const now = Date.now();
    arrivals.push(now);
    if (options.minSpacingMs !== undefined && now - lastAnsweredAt < options.minSpacingMs) {
      rateLimited += 1;
      return { status: 429, body: { status: 'INVALID_REQUEST', error: 'Too many requests.' } };
    }
    lastAnsweredAt = now;
    const dataset = /^\/v1\/([a-z0-9_-]+)$/.exec(url.pathname)?.[1];
    if (dataset === undefined) {
      return { status: 404, body: { status: 'NOT_FOUND', error: 'Not found.' } };
    }
    const locations = (url.searchParams.get('locations') ?? '').split('|').filter((text) => text !== '');
    if (locations.length === 0) {
      return { status: 400, body: { status: 'INVALID_REQUEST', error: 'No locations provided.' } };
    }
    if (locations.length > MAX_LOCATIONS) {
      return {
        status: 400,
        body: {
          status: 'INVALID_REQUEST',
          error: `Too many locations provided (${locations.length}), the limit is ${MAX_LOCATIONS}.`,
        },
      };
    }
    const points = locations.map((text) => text.split(',').map(Number));
    if (!points.every((p) => p.length === 2 && p.every(Number.isFinite))) {
      return { status: 400, body: { status: 'INVALID_REQUEST', error: 'Unable to parse location.' } };
    }
    return {
      status: 200,
      body: {
        status: 'OK',
        results: points.map(([lat, lng]) => ({
          dataset,
          elevation: standInElevation(lat as number, lng as number),
          location: { lat, lng },
        })),
      },
    };
  });
  return { ...standIn, rateLimited: () => rateLimited, arrivals };
}
