/**
 * The planner's outside services under hostile or broken answers (core/upstream-limits.ts,
 * core/plausible-ranges.ts): a hanging routing service costs one deadline per request, not one per
 * leg; huge bodies are cut at their cap; values off the globe or outside the plausible ranges are
 * dropped; and the elevation queue is bounded and fair between clients.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatLng } from '../../core/routes/geometry.ts';
import type { ElevationAnswer, SnapResponse } from '../../core/routes/route-api.ts';
import {
  ELEVATION_QUEUE_MAX_PER_CLIENT,
  ELEVATION_QUEUE_MAX_VISITORS,
  ROUTING_BODY_MAX_BYTES,
} from '../../core/upstream-limits.ts';
import { startOsrmStandIn } from '../../tools/service-stand-ins/osrm.ts';
import { startOpenTopoDataStandIn } from '../../tools/service-stand-ins/open-topo-data.ts';
import type { StandIn } from '../../tools/service-stand-ins/stand-in-server.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { registerUser } from '../test-support/factories.ts';
import { waitUntil } from '../test-support/strava.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

const at = (north: number, east = 0): LatLng => ({ lat: 46.05 + north / 111_195, lng: 14.5 + east / 77_200 });
const legsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ from: at(i * 100), to: at(i * 100 + 100) }));
/** Concurrent leg requests of one snap (server/integrations/route-services/route-services-client.ts). */
const SNAP_CONCURRENCY = 4;
const MB = 1024 * 1024;

let osrm: StandIn;
let elevation: StandIn;
let server: TestServer;

beforeAll(async () => {
  [osrm, elevation] = await Promise.all([startOsrmStandIn(), startOpenTopoDataStandIn()]);
  server = await startTestServer({
    // The address each request says it comes from (X-Forwarded-For) is its client.
    trustProxyHops: 1,
    planner: {
      routingUrl: osrm.url,
      elevationUrl: `${elevation.url}/v1/srtm30m`,
      timeoutMs: 1_500,
      elevationMinSpacingMs: 0,
    },
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([server.stop(), osrm.close(), elevation.close()]);
});

const visitor = (address: string) => ({ 'x-forwarded-for': address });

describe('a hanging or hostile routing service', () => {
  it('hanging: 50 legs are drawn straight after one deadline, asking only the first few', async () => {
    osrm.faults.hang = { count: 1_000 };
    const before = osrm.requests.length;
    try {
      const answer = await createApiClient(server.url).post<SnapResponse>('/api/routes/snap', { legs: legsOf(50) });
      expect(answer.status).toBe(200);
      expect(answer.body.available).toBe(true);
      expect(answer.body.legs).toHaveLength(50);
      expect(answer.body.legs.every((leg) => leg.path === null)).toBe(true);
      // The calls in flight when the deadline passed; the other 46 legs were never sent.
      expect(osrm.requests.length - before).toBe(SNAP_CONCURRENCY);
    } finally {
      osrm.faults.hang = null;
    }
  });

  it('a 300 MB answer is cut at its cap: the leg is drawn straight, the others snapped', async () => {
    const huge = { count: 1, bytes: 300 * MB, sent: 0 };
    osrm.faults.huge = huge;
    const answer = await createApiClient(server.url).post<SnapResponse>('/api/routes/snap', { legs: legsOf(2) });
    expect(answer.status).toBe(200);
    expect(answer.body.legs.filter((leg) => leg.path === null)).toHaveLength(1);
    expect(answer.body.legs.filter((leg) => leg.path !== null)).toHaveLength(1);
    expect(huge.count).toBe(0);
    // Sockets buffer a little past the cap; nowhere near the 300 MB offered.
    expect(huge.sent).toBeLessThan(ROUTING_BODY_MAX_BYTES + 16 * MB);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('a 400,000-point path or a point off the globe is no path: the leg is drawn straight', async () => {
    const long = (body: unknown) => {
      const route = (body as { routes: { geometry: { coordinates: number[][] } }[] }).routes[0];
      if (route) {
        route.geometry.coordinates = Array.from({ length: 400_000 }, (_, i) => [14.5, 46.05 + i * 1e-6]);
      }
      return body;
    };
    osrm.faults.rewrite = { count: 1, rewrite: long };
    const first = await createApiClient(server.url).post<SnapResponse>('/api/routes/snap', { legs: legsOf(1) });
    expect(first.body.legs).toEqual([{ path: null }]);
    const offGlobe = (body: unknown) => {
      const route = (body as { routes: { geometry: { coordinates: number[][] } }[] }).routes[0];
      route?.geometry.coordinates.splice(1, 0, [1e308, 46]);
      return body;
    };
    osrm.faults.rewrite = { count: 1, rewrite: offGlobe };
    const second = await createApiClient(server.url).post<SnapResponse>('/api/routes/snap', { legs: legsOf(1) });
    expect(second.body.legs).toEqual([{ path: null }]);
    const third = await createApiClient(server.url).post<SnapResponse>('/api/routes/snap', { legs: legsOf(1) });
    expect(third.body.legs[0]?.path?.length).toBeGreaterThan(2);
  });
});

describe('a hostile or busy elevation service', () => {
  it('an elevation of 1e308 or -1e308 is none for that point; the others are kept', async () => {
    const points = [at(5_000), at(5_100), at(5_200)];
    elevation.faults.rewrite = {
      count: 1,
      rewrite: (body) => {
        const results = (body as { results: { elevation: number | null }[] }).results;
        (results[0] as { elevation: number }).elevation = 1e308;
        (results[2] as { elevation: number }).elevation = -1e308;
        return body;
      },
    };
    const answer = await createApiClient(server.url).post<ElevationAnswer>('/api/routes/elevation', { points });
    expect(answer.status).toBe(200);
    expect(answer.body.elevations?.[0]).toBeNull();
    expect(answer.body.elevations?.[1]).toEqual(expect.any(Number));
    expect(answer.body.elevations?.[2]).toBeNull();
  });

  it('a hanging service answers "none" after one deadline, and a 2 MB answer is refused', async () => {
    elevation.faults.hang = { count: 1 };
    const hung = await createApiClient(server.url).post<ElevationAnswer>('/api/routes/elevation', {
      points: [at(6_000)],
    });
    expect(hung.body).toEqual({ available: true, elevations: null });
    elevation.faults.huge = { count: 1, bytes: 2 * MB };
    const huge = await createApiClient(server.url).post<ElevationAnswer>('/api/routes/elevation', {
      points: [at(6_100)],
    });
    expect(huge.body).toEqual({ available: true, elevations: null });
  });

  /** A server whose elevation service is asked once every 4 s: the first call starts at once, the rest wait. */
  const startSpaced = () =>
    startTestServer({
      trustProxyHops: 1,
      planner: {
        routingUrl: null,
        elevationUrl: `${elevation.url}/v1/srtm30m`,
        timeoutMs: 40_000,
        elevationMinSpacingMs: 4_000,
      },
    });

  /**
   * Visitors' look-ups from `addresses` (one each, in order), then, once the first is seen at the
   * service, a signed-in runner's 2-point look-up: which were refused, and the order the service was asked in.
   */
  async function floodThenRunner(spaced: TestServer, addresses: readonly string[]) {
    const runner = await registerUser(spaced);
    const seen = elevation.requests.length;
    const flood = addresses.map((address, i) =>
      createApiClient(spaced.url).post<ElevationAnswer>(
        '/api/routes/elevation',
        { points: [at(10_000 + i * 100)] },
        { headers: visitor(address) },
      ),
    );
    await waitUntil(() => elevation.requests.length > seen, 'the first visitor’s look-up');
    const runnerPoints = [at(20_000), at(20_100)];
    const mine = await runner.client.post<ElevationAnswer>('/api/routes/elevation', { points: runnerPoints });
    expect(mine.body.elevations?.every((value) => typeof value === 'number')).toBe(true);
    const answers = await Promise.all(flood);
    return {
      refused: answers.filter((answer) => answer.body.elevations === null).length,
      asked: elevation.requests.slice(seen),
      runnerPoint: `${(runnerPoints[0] as LatLng).lat.toFixed(5)},`,
    };
  }

  it('six look-ups from one visitor take their share of the queue; a runner’s 2-point look-up goes next', async () => {
    const spaced = await startSpaced();
    try {
      const { refused, asked, runnerPoint } = await floodThenRunner(spaced, Array(6).fill('203.0.113.7'));
      // Beyond the one running and its share waiting, the visitor's look-ups are answered "none" at once.
      expect(refused).toBe(6 - 1 - ELEVATION_QUEUE_MAX_PER_CLIENT);
      expect(asked).toHaveLength(1 + 1 + ELEVATION_QUEUE_MAX_PER_CLIENT);
      // The order the service was asked in: the visitor's first, the runner's, then the visitor's others.
      expect(asked[1]).toContain(runnerPoint);
    } finally {
      await spaced.stop();
    }
  }, 120_000);

  it('six visitors from six addresses are one party: a runner’s look-up goes next, and they hold at most their share', async () => {
    const spaced = await startSpaced();
    try {
      const addresses = Array.from({ length: 6 }, (_, i) => `203.0.113.${10 + i}`);
      const { refused, asked, runnerPoint } = await floodThenRunner(spaced, addresses);
      expect(refused).toBe(6 - 1 - ELEVATION_QUEUE_MAX_VISITORS);
      expect(asked).toHaveLength(1 + 1 + ELEVATION_QUEUE_MAX_VISITORS);
      // When each address took turns of its own, the runner's look-up waited behind all six.
      expect(asked[1]).toContain(runnerPoint);
    } finally {
      await spaced.stop();
    }
  }, 120_000);
});
