/**
 * The planner's outside services, called by the server for the browser (spec §1 "Plan routes"):
 * an OSRM-compatible routing service snaps each leg to paths (foot profile), and an Open-Topo-Data /
 * Open-Elevation compatible service gives elevations, asked in batches of ELEVATION_BATCH_SIZE,
 * one request at a time at least `elevationMinSpacingMs` apart across all clients (a 429 is asked
 * again once, after that spacing), and remembered per point in memory. The turns go round the
 * runners waiting and the visitors (all of them one party, whatever their addresses), the least
 * recently served first; at most ELEVATION_QUEUE_MAX wait, ELEVATION_QUEUE_MAX_PER_CLIENT of them
 * from one client (a runner, or a visitor's address) and ELEVATION_QUEUE_MAX_VISITORS from visitors.
 *
 * Each planner request has one deadline (`timeoutMs`) for all its calls, queueing included: legs
 * not snapped by then are drawn straight without asking. Every answer is read up to its cap
 * (core/upstream-limits.ts). A failure, a late or oversized answer or one of the wrong shape is
 * logged and answered as "none" (the leg is drawn straight, no climb is shown), never thrown.
 */
import type { Logger } from 'pino';
import { batches, type LatLng } from '../../../core/routes/geometry.ts';
import type { ElevationAnswer, SnapResponse } from '../../../core/routes/route-api.ts';
import { parseElevationResponse, parseOsrmRoute } from '../../../core/routes/route-schemas.ts';
import {
  ELEVATION_BODY_MAX_BYTES,
  ELEVATION_QUEUE_MAX,
  ELEVATION_QUEUE_MAX_PER_CLIENT,
  ELEVATION_QUEUE_MAX_VISITORS,
  ROUTING_BODY_MAX_BYTES,
} from '../../../core/upstream-limits.ts';
import { timeoutSignal, type Clock } from '../../clock.ts';
import type { PlannerConfig } from '../../config.ts';
import { readCappedJson } from '../upstream-body.ts';

/** Legs routed at once: a 200-point route is 199 requests to the routing service. */
const SNAP_CONCURRENCY = 4;
/** Elevations kept in memory (about 100 bytes each). */
const ELEVATION_CACHE_MAX_ENTRIES = 200_000;
/** Clients whose last elevation turn is remembered (for the round) before the memory starts afresh. */
const LAST_SERVED_MAX_CLIENTS = 10_000;
/** Decimals of the coordinates sent and cached: 5 is about a metre, finer than any DEM. */
const COORDINATE_DECIMALS = 5;

/** Whose elevation request it is: a signed-in runner, or a visitor known by address only. */
export type ElevationClient = { userId: string } | { visitorAddress: string };

/** The client's own key (its places in the queue) and its party's (its turns): visitors share one. */
function clientKeys(client: ElevationClient): { own: string; party: string; visitor: boolean } {
  return 'userId' in client
    ? { own: `user:${client.userId}`, party: `user:${client.userId}`, visitor: false }
    : { own: `visitor:${client.visitorAddress}`, party: 'visitors', visitor: true };
}

const fixed = (value: number) => value.toFixed(COORDINATE_DECIMALS);
const pointKey = (p: LatLng) => `${fixed(p.lat)},${fixed(p.lng)}`;

/** A service's answer with an error status. */
class ServiceStatusError extends Error {
  constructor(readonly status: number) {
    super(`answered ${status}`);
  }
}

/** The elevation queue is full, or this client already has its share waiting. */
class QueueFullError extends Error {
  constructor() {
    super('the elevation queue is full');
  }
}

async function getJson(url: string, signal: AbortSignal, maxBytes: number): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new ServiceStatusError(response.status);
  }
  return readCappedJson(response, maxBytes);
}

interface Waiter {
  client: ReturnType<typeof clientKeys>;
  resolve(): void;
  reject(error: unknown): void;
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
  /** When the next elevation request may start, and the requests waiting for their turn. */
  let nextElevationAt = 0;
  const waiters: Waiter[] = [];
  /** When each party waiting was last given a turn (a counter): the least recent goes next. */
  const lastServed = new Map<string, number>();
  let turns = 0;
  let pumping = false;

  const pump = async () => {
    if (pumping) {
      return;
    }
    pumping = true;
    try {
      while (waiters.length > 0) {
        const wait = nextElevationAt - clock.now();
        if (wait > 0) {
          await clock.sleep(wait);
        }
        if (waiters.length === 0) {
          break;
        }
        let next = 0;
        for (let i = 1; i < waiters.length; i += 1) {
          const served = (waiter: Waiter) => lastServed.get(waiter.client.party) ?? 0;
          if (served(waiters[i] as Waiter) < served(waiters[next] as Waiter)) {
            next = i;
          }
        }
        const [waiter] = waiters.splice(next, 1) as [Waiter];
        turns += 1;
        lastServed.set(waiter.client.party, turns);
        nextElevationAt = clock.now() + config.elevationMinSpacingMs;
        waiter.resolve();
      }
      // The memory of who was served is kept across idle moments, within a bound.
      if (lastServed.size > LAST_SERVED_MAX_CLIENTS) {
        lastServed.clear();
      }
    } finally {
      pumping = false;
    }
  };

  /** Resolves when this client's elevation request may start; refused when the queue is full. */
  const elevationTurn = (client: Waiter['client'], signal: AbortSignal): Promise<void> => {
    if (signal.aborted) {
      return Promise.reject(signal.reason as Error);
    }
    const mine = waiters.filter((waiter) => waiter.client.own === client.own).length;
    const visitors = client.visitor ? waiters.filter((waiter) => waiter.client.visitor).length : 0;
    if (
      waiters.length >= ELEVATION_QUEUE_MAX ||
      mine >= ELEVATION_QUEUE_MAX_PER_CLIENT ||
      visitors >= ELEVATION_QUEUE_MAX_VISITORS
    ) {
      return Promise.reject(new QueueFullError());
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = waiters.indexOf(waiter);
        if (index >= 0) {
          waiters.splice(index, 1);
        }
        reject(signal.reason as Error);
      };
      const waiter: Waiter = {
        client,
        resolve: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
        reject,
      };
      signal.addEventListener('abort', onAbort, { once: true });
      waiters.push(waiter);
      void pump();
    });
  };
  /** One elevation request in its turn; a 429 (too many requests) is asked again once, in the next turn. */
  const elevationRequest = async (url: string, client: Waiter['client'], signal: AbortSignal): Promise<unknown> => {
    await elevationTurn(client, signal);
    try {
      return await getJson(url, signal, ELEVATION_BODY_MAX_BYTES);
    } catch (error) {
      if (!(error instanceof ServiceStatusError && error.status === 429)) {
        throw error;
      }
      logger.info({ service: 'elevation' }, 'the elevation service answered 429; asking once more after the spacing');
      await elevationTurn(client, signal);
      return getJson(url, signal, ELEVATION_BODY_MAX_BYTES);
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

  async function snapLeg(routingUrl: string, from: LatLng, to: LatLng, signal: AbortSignal): Promise<LatLng[] | null> {
    if (signal.aborted) {
      // Past the request's deadline: drawn straight without asking.
      return null;
    }
    const coordinates = `${fixed(from.lng)},${fixed(from.lat)};${fixed(to.lng)},${fixed(to.lat)}`;
    const url = `${routingUrl}/route/v1/foot/${coordinates}?overview=full&geometries=geojson`;
    try {
      const route = parseOsrmRoute(await getJson(url, signal, ROUTING_BODY_MAX_BYTES));
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
    const deadline = timeoutSignal(clock, config.timeoutMs);
    const paths = await mapLimited(legs, SNAP_CONCURRENCY, (leg) => snapLeg(routingUrl, leg.from, leg.to, deadline));
    return { available: true, legs: paths.map((path) => ({ path })) };
  }

  /** `client`: whose request it is, for the fair turns. */
  async function elevations(points: readonly LatLng[], client: ElevationClient): Promise<ElevationAnswer> {
    const elevationUrl = config.elevationUrl;
    if (elevationUrl === null) {
      return { available: false, elevations: null };
    }
    const keys = points.map(pointKey);
    const missing = [...new Set(keys.filter((key) => !elevationCache.has(key)))];
    const deadline = timeoutSignal(clock, config.timeoutMs);
    try {
      for (const batch of batches(missing)) {
        const url = `${elevationUrl}?locations=${batch.join('|')}`;
        const values = parseElevationResponse(await elevationRequest(url, clientKeys(client), deadline), batch.length);
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
