/**
 * The route planner's API against real stand-ins of the routing and elevation services: saved
 * routes (CRUD, another runner's route is a 404, validation leaves no row), snapping on and off,
 * provider failures and timeouts (straight legs, no climb), the elevation cache, GPX import limits,
 * and a GPX export re-read by Stride's own importer at the planned distance (±0.5 %).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { parseActivityFile } from '../../core/activity/parse-activity-file.ts';
import { polylineDistance, type LatLng } from '../../core/routes/geometry.ts';
import {
  MAX_ROUTE_LINE_POINTS,
  MAX_SNAP_LEGS,
  ROUTE_MESSAGES,
  type ElevationAnswer,
  type ImportedRoute,
  type RouteDetail,
  type SnapResponse,
} from '../../core/routes/route-api.ts';
import { emptyRoute, pendingLegs, routeEditorReducer, routeLine } from '../../core/routes/route-editor.ts';
import { ROUTE_NAME_REQUIRED, ROUTE_TOO_FEW_WAYPOINTS } from '../../core/routes/route-schemas.ts';
import { EXTRA_POINTS_PER_LEG, startOsrmStandIn } from '../../tools/service-stand-ins/osrm.ts';
import { standInElevation, startOpenTopoDataStandIn } from '../../tools/service-stand-ins/open-topo-data.ts';
import type { StandIn } from '../../tools/service-stand-ins/stand-in-server.ts';
import { fixedClock } from '../test-support/clock.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { expectApiError, registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

/** A point `metres` north and `east` metres east of a spot in Ljubljana. */
const at = (north: number, east = 0): LatLng => ({ lat: 46.05 + north / 111_195, lng: 14.5 + east / 77_200 });
const LOOP = [at(0), at(800), at(800, 800), at(0)];

/** The server's clock: moved forward by tests that need a later `updatedAt`. */
const clock = fixedClock(Date.UTC(2026, 4, 1, 12));

let osrm: StandIn;
let elevation: StandIn;
let server: TestServer;
let bare: TestServer;

beforeAll(async () => {
  [osrm, elevation] = await Promise.all([startOsrmStandIn(), startOpenTopoDataStandIn()]);
  const planner = {
    routingUrl: osrm.url,
    elevationUrl: `${elevation.url}/v1/srtm30m`,
    timeoutMs: 500,
    elevationMinSpacingMs: 0,
  };
  [server, bare] = await Promise.all([startTestServer({ planner }, { clock }), startTestServer()]);
});

afterAll(async () => {
  await Promise.all([server.stop(), bare.stop(), osrm.close(), elevation.close()]);
});

const legsOf = (points: LatLng[]) => points.slice(1).map((to, i) => ({ from: points[i] as LatLng, to }));

describe('snapping', () => {
  it('snaps each leg through the routing service, keeping the runner’s own ends', async () => {
    const response = await createApiClient(server.url).post<SnapResponse>('/api/routes/snap', { legs: legsOf(LOOP) });
    expect(response.status).toBe(200);
    expect(response.body.available).toBe(true);
    expect(response.body.legs).toHaveLength(3);
    const first = response.body.legs[0]?.path as LatLng[];
    expect(first).toHaveLength(EXTRA_POINTS_PER_LEG + 2);
    expect(first[0]).toEqual(LOOP[0]);
    expect(first.at(-1)).toEqual(LOOP[1]);
    expect(polylineDistance(first)).toBeGreaterThan(800);
    expect(osrm.requests.at(-1)).toMatch(
      /^\/route\/v1\/foot\/[\d.]+,[\d.]+;[\d.]+,[\d.]+\?overview=full&geometries=geojson$/,
    );
  });

  it('draws straight without a routing service', async () => {
    const response = await createApiClient(bare.url).post<SnapResponse>('/api/routes/snap', { legs: legsOf(LOOP) });
    expect(response.body).toEqual({ available: false, legs: [{ path: null }, { path: null }, { path: null }] });
  });

  it('draws a leg straight when the service fails, is malformed or too slow, and snaps the others', async () => {
    const client = createApiClient(server.url);
    osrm.faults.error = { count: 1, status: 500 };
    let response = await client.post<SnapResponse>('/api/routes/snap', { legs: legsOf(LOOP.slice(0, 2)) });
    expect(response.body).toEqual({ available: true, legs: [{ path: null }] });
    osrm.faults.malformed = { count: 1 };
    response = await client.post<SnapResponse>('/api/routes/snap', { legs: legsOf(LOOP.slice(0, 2)) });
    expect(response.body.legs[0]?.path).toBeNull();
    osrm.faults.slow = { count: 1, ms: 2_000 };
    const started = performance.now();
    response = await client.post<SnapResponse>('/api/routes/snap', { legs: legsOf(LOOP.slice(0, 2)) });
    expect(response.body.legs[0]?.path).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_500);
    response = await client.post<SnapResponse>('/api/routes/snap', { legs: legsOf(LOOP.slice(0, 2)) });
    expect(response.body.legs[0]?.path).toHaveLength(EXTRA_POINTS_PER_LEG + 2);
  });

  it('refuses points off the globe with the field and a sentence', async () => {
    const response = await createApiClient(server.url).post('/api/routes/snap', {
      legs: [{ from: { lat: 91, lng: 0 }, to: at(0) }],
    });
    expectApiError(response, 400, {
      type: 'validation_error',
      message: 'legs.0.from.lat: Latitude must be between -90 and 90.',
    });
  });
});

describe('elevation', () => {
  const points = [at(0), at(50), at(100), at(150)];

  it('answers each point’s elevation and asks the service once for points it already knows', async () => {
    const client = createApiClient(server.url);
    const before = elevation.requests.length;
    const response = await client.post<ElevationAnswer>('/api/routes/elevation', { points });
    expect(response.body.available).toBe(true);
    expect(response.body.elevations).toEqual(
      points.map((p) => standInElevation(Number(p.lat.toFixed(5)), Number(p.lng.toFixed(5)))),
    );
    expect(elevation.requests.length).toBe(before + 1);
    expect(elevation.requests.at(-1)).toMatch(/^\/v1\/srtm30m\?locations=[\d.]+,[\d.]+\|/);
    const again = await client.post<ElevationAnswer>('/api/routes/elevation', { points });
    expect(again.body).toEqual(response.body);
    expect(elevation.requests.length).toBe(before + 1);
  });

  it('asks in batches of 100', async () => {
    const many = Array.from({ length: 250 }, (_, i) => at(10_000 + i * 20));
    const before = elevation.requests.length;
    const response = await createApiClient(server.url).post<ElevationAnswer>('/api/routes/elevation', { points: many });
    expect(response.body.elevations).toHaveLength(250);
    expect(elevation.requests.length).toBe(before + 3);
  });

  it('spaces its batches by the interval the service allows, and asks once more after a 429', async () => {
    const spacingMs = 300;
    const limited = await startOpenTopoDataStandIn();
    const planner = {
      routingUrl: null,
      elevationUrl: `${limited.url}/v1/srtm30m`,
      timeoutMs: 1_000,
      elevationMinSpacingMs: spacingMs,
    };
    const spaced = await startTestServer({ planner });
    try {
      const client = createApiClient(spaced.url);
      const many = Array.from({ length: 250 }, (_, i) => at(30_000 + i * 20));
      const askedAt = Date.now();
      const response = await client.post<ElevationAnswer>('/api/routes/elevation', { points: many });
      expect(response.body.elevations).toHaveLength(250);
      expect(response.body.elevations?.every((value) => value !== null)).toBe(true);
      expect(limited.requests).toHaveLength(3);
      // The k-th batch waits k intervals after the look-up was asked: a busy machine can only make
      // it later (a timer never fires early), so the bound holds however slow the machine is. The
      // millisecond is the clock's rounding.
      limited.arrivals.forEach((arrival, k) => expect(arrival).toBeGreaterThanOrEqual(askedAt + k * spacingMs - 1));

      // One 429 is asked again after the spacing; a second one in a row shows no climb.
      limited.faults.error = { count: 1, status: 429 };
      const retried = await client.post<ElevationAnswer>('/api/routes/elevation', { points: [at(40_000)] });
      expect(retried.body.elevations).toEqual([expect.any(Number)]);
      expect(limited.requests).toHaveLength(5);
      limited.faults.error = { count: 2, status: 429 };
      const refused = await client.post<ElevationAnswer>('/api/routes/elevation', { points: [at(40_100)] });
      expect(refused.body).toEqual({ available: true, elevations: null });
    } finally {
      await Promise.all([spaced.stop(), limited.close()]);
    }
  });

  it('shows no climb when the service fails, is too slow, or none is set up', async () => {
    const client = createApiClient(server.url);
    elevation.faults.error = { count: 1, status: 503 };
    let response = await client.post<ElevationAnswer>('/api/routes/elevation', { points: [at(20_000), at(20_050)] });
    expect(response.body).toEqual({ available: true, elevations: null });
    elevation.faults.slow = { count: 1, ms: 2_000 };
    response = await client.post<ElevationAnswer>('/api/routes/elevation', { points: [at(20_000), at(20_050)] });
    expect(response.body).toEqual({ available: true, elevations: null });
    response = await createApiClient(bare.url).post<ElevationAnswer>('/api/routes/elevation', { points });
    expect(response.body).toEqual({ available: false, elevations: null });
  });
});

describe('saved routes', () => {
  const save = (line: LatLng[] = LOOP) => ({ name: '  River loop ', waypoints: LOOP, line });

  it('saves, lists, reads, renames and deletes a runner’s route', async () => {
    const runner = await registerUser(server);
    const created = await runner.client.post<RouteDetail>('/api/routes', save());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'River loop', waypointCount: 4, waypoints: LOOP, line: LOOP });
    expect(created.body.distance).toBeCloseTo(polylineDistance(LOOP), 3);

    const list = await runner.client.get<{ routes: RouteDetail[] }>('/api/routes');
    expect(list.body.routes.map((r) => [r.name, r.waypointCount])).toEqual([['River loop', 4]]);

    const renamed = await runner.client.patch<RouteDetail>(`/api/routes/${created.body.id}`, { name: 'Bridges' });
    expect(renamed.body.name).toBe('Bridges');
    expect((await runner.client.get<RouteDetail>(`/api/routes/${created.body.id}`)).body.name).toBe('Bridges');

    expect((await runner.client.delete(`/api/routes/${created.body.id}`)).status).toBe(200);
    expectApiError(await runner.client.get(`/api/routes/${created.body.id}`), 404, {
      type: 'api_error',
      message: NOT_FOUND_MESSAGES.route,
    });
  });

  it('saves an edited route over the opened one: new points, line and distance, still one route', async () => {
    const runner = await registerUser(server);
    const created = await runner.client.post<RouteDetail>('/api/routes', save());
    const longer = [...LOOP.slice(0, -1), at(0, 800), at(0)];
    clock.advance(60_000);
    const updated = await runner.client.put<RouteDetail>(`/api/routes/${created.body.id}`, {
      name: 'Longer loop',
      waypoints: longer,
      line: longer,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, name: 'Longer loop', waypointCount: 5, line: longer });
    expect(updated.body.distance).toBeCloseTo(polylineDistance(longer), 3);
    expect(updated.body.updatedAt > created.body.updatedAt).toBe(true);
    const list = await runner.client.get<{ routes: RouteDetail[] }>('/api/routes');
    expect(list.body.routes.map((r) => [r.id, r.name, r.waypointCount])).toEqual([[created.body.id, 'Longer loop', 5]]);
    expect(list.body.routes[0]?.distance).toBeCloseTo(polylineDistance(longer), 3);
    // The GPX export is the new version.
    const exported = await runner.client.get(`/api/routes/${created.body.id}/export.gpx`);
    const reread = parseActivityFile('gpx', new TextEncoder().encode(exported.text)).track.distance.at(-1) as number;
    expect(Math.abs(reread - polylineDistance(longer)) / polylineDistance(longer)).toBeLessThan(0.005);
  });

  it('refuses an update with a blank name or one point with the field and a sentence, and keeps the route', async () => {
    const runner = await registerUser(server);
    const { body } = await runner.client.post<RouteDetail>('/api/routes', save());
    expectApiError(await runner.client.put(`/api/routes/${body.id}`, { ...save(), name: ' ' }), 400, {
      type: 'validation_error',
      message: `name: ${ROUTE_NAME_REQUIRED}`,
    });
    expectApiError(await runner.client.put(`/api/routes/${body.id}`, { ...save(), line: [at(0)] }), 400, {
      type: 'validation_error',
      message: `line: ${ROUTE_TOO_FEW_WAYPOINTS}`,
    });
    expect((await runner.client.get<RouteDetail>(`/api/routes/${body.id}`)).body).toMatchObject({
      name: 'River loop',
      line: LOOP,
    });
  });

  it('answers 404 for another runner’s route, and 401 when signed out', async () => {
    const owner = await registerUser(server);
    const other = await registerUser(server);
    const { body } = await owner.client.post<RouteDetail>('/api/routes', save());
    const notFound = { type: 'api_error' as const, message: NOT_FOUND_MESSAGES.route };
    expectApiError(await other.client.get(`/api/routes/${body.id}`), 404, notFound);
    expectApiError(await other.client.patch(`/api/routes/${body.id}`, { name: 'Mine' }), 404, notFound);
    expectApiError(await other.client.put(`/api/routes/${body.id}`, { ...save(), name: 'Mine' }), 404, notFound);
    expectApiError(await owner.client.put('/api/routes/no-such-route', save()), 404, notFound);
    expectApiError(await other.client.delete(`/api/routes/${body.id}`), 404, notFound);
    expect((await other.client.get(`/api/routes/${body.id}/export.gpx`)).status).toBe(404);
    expect((await other.client.get<{ routes: unknown[] }>('/api/routes')).body.routes).toEqual([]);
    expect((await owner.client.get<RouteDetail>(`/api/routes/${body.id}`)).body.name).toBe('River loop');
    expect((await createApiClient(server.url).get('/api/routes')).status).toBe(401);
  });

  it('refuses a blank name or a single point with the field and a sentence, and stores nothing', async () => {
    const runner = await registerUser(server);
    expectApiError(await runner.client.post('/api/routes', { ...save(), name: '   ' }), 400, {
      type: 'validation_error',
      message: `name: ${ROUTE_NAME_REQUIRED}`,
    });
    expectApiError(await runner.client.post('/api/routes', { ...save(), waypoints: [at(0)] }), 400, {
      type: 'validation_error',
      message: `waypoints: ${ROUTE_TOO_FEW_WAYPOINTS}`,
    });
    expect((await runner.client.get<{ routes: unknown[] }>('/api/routes')).body.routes).toEqual([]);
  });

  it('saves a line of the most points the planner sends (six decimals fit the 1 MB body limit), and refuses one more', async () => {
    const runner = await registerUser(server);
    const line = Array.from({ length: MAX_ROUTE_LINE_POINTS }, (_, i) => ({
      lat: -51.123456 + Math.round(i * 1.7) / 1e6,
      lng: -120.123456 + Math.round(i * 1.3) / 1e6,
    }));
    const saved = await runner.client.post<RouteDetail>('/api/routes', { name: 'Long', waypoints: LOOP, line });
    expect(saved.status).toBe(201);
    expect(saved.body.line).toHaveLength(MAX_ROUTE_LINE_POINTS);
    const tooLong = { name: 'Long', waypoints: LOOP, line: [...line, LOOP[0] as LatLng] };
    expectApiError(await runner.client.post('/api/routes', tooLong), 400, {
      type: 'validation_error',
      message: `line: ${ROUTE_MESSAGES.lineTooLong}`,
    });
  });

  it('exports a GPX that Stride’s own importer reads back at the planned distance (±0.5 %)', async () => {
    const runner = await registerUser(server);
    const snapped = await createApiClient(server.url).post<SnapResponse>('/api/routes/snap', { legs: legsOf(LOOP) });
    const line = [LOOP[0] as LatLng, ...snapped.body.legs.flatMap((leg) => (leg.path as LatLng[]).slice(1))];
    const { body } = await runner.client.post<RouteDetail>('/api/routes', save(line));
    const exported = await runner.client.get(`/api/routes/${body.id}/export.gpx`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('River%20loop.gpx');
    const parsed = parseActivityFile('gpx', new TextEncoder().encode(exported.text));
    const reread = parsed.track.distance.at(-1) as number;
    expect(Math.abs(reread - body.distance) / body.distance).toBeLessThan(0.005);

    // And the planner imports it back as waypoints to edit.
    const imported = await createApiClient(server.url).post<ImportedRoute>('/api/routes/import.gpx', undefined, {
      rawBody: exported.text,
      headers: { 'content-type': 'application/gpx+xml' },
    });
    expect(imported.status).toBe(200);
    expect(imported.body.name).toBe('River loop');
    expect(Math.abs(polylineDistance(imported.body.line) - body.distance) / body.distance).toBeLessThan(0.005);

    // Loaded into the editor with the routing service answering, it keeps the file's line and
    // distance: no leg is sent to routing again until the runner edits next to it.
    let editor = routeEditorReducer(emptyRoute(), { type: 'load', ...imported.body });
    const before = osrm.requests.length;
    const pending = pendingLegs(editor);
    for (let start = 0; start < pending.length; start += MAX_SNAP_LEGS) {
      const chunk = pending.slice(start, start + MAX_SNAP_LEGS);
      const legs = chunk.map(({ from, to }) => ({ from, to }));
      const answer = await createApiClient(server.url).post<SnapResponse>('/api/routes/snap', { legs });
      answer.body.legs.forEach(({ path }, i) => {
        const leg = chunk[i] as (typeof chunk)[number];
        editor = routeEditorReducer(editor, { type: 'legRouted', ...leg, path: path ?? [leg.from, leg.to] });
      });
    }
    expect(osrm.requests.length).toBe(before);
    const reimported = polylineDistance(routeLine(editor));
    expect(Math.abs(reimported - body.distance) / body.distance).toBeLessThan(0.005);
  });

  it('exports each point’s elevation (<ele>) from the elevation service, and none without one', async () => {
    const runner = await registerUser(server);
    const snapped = await createApiClient(server.url).post<SnapResponse>('/api/routes/snap', { legs: legsOf(LOOP) });
    const line = [LOOP[0] as LatLng, ...snapped.body.legs.flatMap((leg) => (leg.path as LatLng[]).slice(1))];
    const { body } = await runner.client.post<RouteDetail>('/api/routes', save(line));
    const exported = await runner.client.get(`/api/routes/${body.id}/export.gpx`);
    const points = [...exported.text.matchAll(/<trkpt lat="([-\d.]+)" lon="([-\d.]+)">(?:<ele>([-\d.]+)<\/ele>)?/g)];
    expect(points).toHaveLength(line.length);
    expect(points.every((point) => point[3] !== undefined)).toBe(true);
    // Where the line turns at a waypoint, the service's own value for that point; between, between
    // the landscape's values at the two samples around it.
    for (const waypoint of LOOP) {
      const index = line.findIndex((p) => p.lat === waypoint.lat && p.lng === waypoint.lng);
      const asked = standInElevation(Number(waypoint.lat.toFixed(5)), Number(waypoint.lng.toFixed(5)));
      expect(Number(points[index]?.[3])).toBe(asked);
    }
    const parsed = parseActivityFile('gpx', new TextEncoder().encode(exported.text));
    const elevations = Array.from(parsed.track.elevation);
    const values = line.map((p) => standInElevation(p.lat, p.lng));
    expect(Math.min(...elevations)).toBeGreaterThanOrEqual(Math.min(...values) - 1);
    expect(Math.max(...elevations)).toBeLessThanOrEqual(Math.max(...values) + 1);

    const bareRunner = await registerUser(bare);
    const bareRoute = await bareRunner.client.post<RouteDetail>('/api/routes', save(line));
    const plain = await bareRunner.client.get(`/api/routes/${bareRoute.body.id}/export.gpx`);
    expect(plain.status).toBe(200);
    expect(plain.text).toContain('<trkpt');
    expect(plain.text).not.toContain('<ele>');
  });

  it('refuses a file that is not GPX and one over the size cap with a sentence', async () => {
    const client = createApiClient(server.url);
    const headers = { 'content-type': 'application/gpx+xml' };
    expectApiError(await client.post('/api/routes/import.gpx', undefined, { rawBody: 'not a gpx', headers }), 400, {
      type: 'validation_error',
      message: ROUTE_MESSAGES.gpxUnreadable,
    });
    const huge = `<gpx>${' '.repeat(11 * 1024 * 1024)}</gpx>`;
    expectApiError(await client.post('/api/routes/import.gpx', undefined, { rawBody: huge, headers }), 413, {
      type: 'validation_error',
      message: ROUTE_MESSAGES.gpxTooLarge,
    });
  });
});
