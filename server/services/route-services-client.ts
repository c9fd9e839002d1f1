/**
 * The planner's outside services, called by the server for the browser (spec §1 "Plan routes"):
 * an OSRM-compatible routing service snaps each leg to paths (foot profile), and an Open-Topo-Data /
 * Open-Elevation compatible service gives elevations, asked in batches of ELEVATION_BATCH_SIZE,
 * one request at a time at least `elevationMinSpacingMs` apart across all runners (a 429 is asked
 * again once, after that spacing), and remembered per point in memory. Every request has a timeout; a failure or an answer of the wrong
 * shape is logged and answered as "none" (the leg is drawn straight, no climb is shown), never thrown.
 */
import type { Logger } from 'pino';
import { batches, type LatLng } from '../../core/routes/geometry.ts';
import type { ElevationAnswer, SnapResponse } from '../../core/routes/route-api.ts';
import { parseElevationResponse, parseOsrmRoute } from '../../core/routes/route-schemas.ts';
import type { Clock } from '../clock.ts';
import type { PlannerConfig } from '../config.ts';

/** Legs routed at once: a 200-point route is 199 requests to the routing service. */
const SNAP_CONCURRENCY = 4;
/** Elevations kept in memory (about 100 bytes each). */
const ELEVATION_CACHE_MAX_ENTRIES = 200_000;
/** Decimals of the coordinates sent and cached: 5 is about a metre, finer than any DEM. */
const COORDINATE_DECIMALS = 5;

const fixed = (value: number) => value.toFixed(COORDINATE_DECIMALS);
const pointKey = (p: LatLng) => `${fixed(p.lat)},${fixed(p.lng)}`;

/** A service's answer with an error status. */
class ServiceStatusError extends Error {
  constructor(readonly status: number) {
    super(`answered ${status}`);
  }
}

async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) {
    throw new ServiceStatusError(response.status);
  }
  return response.json();
}

/** Runs `work` over the items with at most `limit` at a time, keeping their order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function createRouteServicesClient(config: PlannerConfig, logger: Logger, clock: Clock) {
  /** When the next elevation request may start, and the queue of requests waiting for their turn. */
  let nextElevationAt = 0;
  let elevationQueue: Promise<void> = Promise.resolve();
  /** Resolves when this elevation request may start: one at a time, elevationMinSpacingMs apart. */
  const elevationTurn = (): Promise<void> => {
    const turn = elevationQueue.then(async () => {
      const wait = nextElevationAt - clock.now();
      if (wait > 0) {
        await clock.sleep(wait);
      }
      nextElevationAt = clock.now() + config.elevationMinSpacingMs;
    });
    elevationQueue = turn.catch(() => undefined);
    return turn;
  };
  /** One elevation request in its turn; a 429 (too many requests) is asked again once, in the next turn. */
  const elevationRequest = async (url: string): Promise<unknown> => {
    await elevationTurn();
    try {
      return await getJson(url, config.timeoutMs);
    } catch (error) {
      if (!(error instanceof ServiceStatusError && error.status === 429)) {
        throw error;
      }
      logger.info({ service: 'elevation' }, 'the elevation service answered 429; asking once more after the spacing');
      await elevationTurn();
      return getJson(url, config.timeoutMs);
    }
  };
  const elevationCache = new Map<string, number | null>();
  const remember = (key: string, elevation: number | null) => {
    if (elevationCache.size >= ELEVATION_CACHE_MAX_ENTRIES) {
      // Oldest first: a Map iterates in insertion order.
      elevationCache.delete(elevationCache.keys().next().value as string);
    }
    elevationCache.set(key, elevation);
  };

  async function snapLeg(routingUrl: string, from: LatLng, to: LatLng): Promise<LatLng[] | null> {
    const coordinates = `${fixed(from.lng)},${fixed(from.lat)};${fixed(to.lng)},${fixed(to.lat)}`;
    const url = `${routingUrl}/route/v1/foot/${coordinates}?overview=full&geometries=geojson`;
    try {
      const route = parseOsrmRoute(await getJson(url, config.timeoutMs));
      if (route === null) {
        logger.warn({ service: 'routing' }, 'the routing service found no path; the leg is drawn straight');
        return null;
      }
      // The leg keeps the runner's own ends; the service's path runs between them.
      return [from, ...route.line.slice(1, -1), to];
    } catch (error) {
      logger.warn({ service: 'routing', err: error }, 'the routing service failed; the leg is drawn straight');
      return null;
    }
  }

  async function snap(legs: readonly { from: LatLng; to: LatLng }[]): Promise<SnapResponse> {
    const routingUrl = config.routingUrl;
    if (routingUrl === null) {
      return { available: false, legs: legs.map(() => ({ path: null })) };
    }
    const paths = await mapLimited(legs, SNAP_CONCURRENCY, (leg) => snapLeg(routingUrl, leg.from, leg.to));
    return { available: true, legs: paths.map((path) => ({ path })) };
  }

  async function elevations(points: readonly LatLng[]): Promise<ElevationAnswer> {
    const elevationUrl = config.elevationUrl;
    if (elevationUrl === null) {
      return { available: false, elevations: null };
    }
    const keys = points.map(pointKey);
    const missing = [...new Set(keys.filter((key) => !elevationCache.has(key)))];
    try {
      for (const batch of batches(missing)) {
        const url = `${elevationUrl}?locations=${batch.join('|')}`;
        const values = parseElevationResponse(await elevationRequest(url), batch.length);
        if (values === null) {
          throw new Error('answered in an unexpected shape');
        }
        batch.forEach((key, i) => remember(key, values[i] ?? null));
      }
    } catch (error) {
      logger.warn({ service: 'elevation', err: error }, 'the elevation service failed; no climb is shown');
      return { available: true, elevations: null };
    }
    return { available: true, elevations: keys.map((key) => elevationCache.get(key) ?? null) };
  }

  return { snap, elevations };
}

export type RouteServicesClient = ReturnType<typeof createRouteServicesClient>;
