import { describe, expect, it } from 'vitest';
import { parseActivityFile } from '../activity/parse-activity-file.ts';
import { climbOf, elevationProfile } from './elevation-profile.ts';
import {
  batches,
  distanceMarkers,
  polylineDistance,
  sampleLine,
  simplifyLine,
  simplifyToAtMost,
  type LatLng,
} from './geometry.ts';
import {
  canRedo,
  canUndo,
  emptyRoute,
  pendingLegs,
  routeEditorReducer,
  routeLine,
  type RouteEditorAction,
} from './route-editor.ts';
import { gpxToRoute, routeToGpx } from './route-gpx.ts';
import {
  parseElevationResponse,
  parseOsrmRoute,
  ROUTE_LATITUDE_RANGE,
  ROUTE_NAME_REQUIRED,
  ROUTE_NAME_TOO_LONG,
  ROUTE_TOO_MANY_WAYPOINTS,
  savedRouteSchema,
} from './route-schemas.ts';

/** A point `metres` north of the equator on the prime meridian (1° ≈ 111,195 m). */
const north = (metres: number, lng = 0): LatLng => ({ lat: metres / 111_195, lng });

function run(actions: RouteEditorAction[]) {
  return actions.reduce(routeEditorReducer, emptyRoute());
}

describe('geometry', () => {
  it('measures a line and places a marker at each whole kilometre and mile', () => {
    const line = [north(0), north(2500), north(4990)];
    expect(polylineDistance(line)).toBeCloseTo(4990, -1);
    const km = distanceMarkers(line, 'metric');
    expect(km.map((m) => m.index)).toEqual([1, 2, 3, 4]);
    expect(km[2]?.lat).toBeCloseTo(north(3000).lat, 6);
    expect(distanceMarkers(line, 'imperial').map((m) => m.index)).toEqual([1, 2, 3]);
  });

  it('samples every 50 m with both ends, widening the spacing past 1,000 samples, in batches of 100', () => {
    const short = sampleLine([north(0), north(175)]);
    expect(short.map((s) => Math.round(s.distance))).toEqual([0, 50, 100, 150, 175]);
    const long = sampleLine([north(0), north(100_000)]);
    expect(long.length).toBeLessThanOrEqual(1_000);
    expect(long.at(-1)?.distance).toBeCloseTo(100_000, -1);
    expect(
      batches(long)
        .map((b) => b.length)
        .every((n) => n <= 100),
    ).toBe(true);
    expect(batches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });

  it('simplifies with Douglas–Peucker, keeping corners and dropping points within the tolerance', () => {
    const line = [north(0), { lat: north(50).lat, lng: 0.000001 }, north(100), { lat: north(100).lat, lng: 0.001 }];
    expect(simplifyLine(line, 2)).toEqual([line[0], line[2], line[3]]);
    const zigzag = Array.from({ length: 1500 }, (_, i) => ({ lat: i * 0.0001, lng: (i % 2) * 0.00005 }));
    expect(simplifyToAtMost(zigzag, 1000).length).toBeLessThanOrEqual(1000);
  });
});

describe('route editor', () => {
  const a = north(0);
  const b = north(1000);
  const c = north(2000, 0.01);

  it('adds points with unrouted legs and moving one clears only its two legs', () => {
    let state = run([
      { type: 'add', point: a },
      { type: 'add', point: b },
      { type: 'add', point: c },
    ]);
    expect(pendingLegs(state).map((leg) => leg.index)).toEqual([0, 1]);
    const snapped = [a, north(500, 0.001), b];
    state = routeEditorReducer(state, { type: 'legRouted', index: 0, from: a, to: b, path: snapped });
    state = routeEditorReducer(state, { type: 'legRouted', index: 1, from: b, to: c, path: [b, c] });
    expect(routeLine(state)).toEqual([a, north(500, 0.001), b, c]);
    state = routeEditorReducer(state, { type: 'add', point: a });
    state = routeEditorReducer(state, { type: 'move', index: 3, point: north(10) });
    expect(state.legs[0]).toEqual(snapped);
    expect(state.legs[2]).toBeNull();
    // A late answer for the moved point's old position is ignored.
    const stale = routeEditorReducer(state, { type: 'legRouted', index: 2, from: c, to: a, path: [c, a] });
    expect(stale).toBe(state);
  });

  it('removes a middle point joining its legs into one unrouted leg; undo and redo restore shapes', () => {
    let state = run([
      { type: 'add', point: a },
      { type: 'add', point: b },
      { type: 'add', point: c },
    ]);
    state = routeEditorReducer(state, { type: 'remove', index: 1 });
    expect(state.waypoints).toEqual([a, c]);
    expect(state.legs).toEqual([null]);
    state = routeEditorReducer(state, { type: 'undo' });
    expect(state.waypoints).toEqual([a, b, c]);
    expect(canRedo(state)).toBe(true);
    state = routeEditorReducer(state, { type: 'redo' });
    expect(state.waypoints).toEqual([a, c]);
    expect(canUndo(run([]))).toBe(false);
  });

  it('closes the loop, goes out and back on the same legs, and reverses', () => {
    const base = run([
      { type: 'add', point: a },
      { type: 'add', point: b },
    ]);
    const routed = routeEditorReducer(base, { type: 'legRouted', index: 0, from: a, to: b, path: [a, c, b] });
    expect(routeEditorReducer(routed, { type: 'closeLoop' }).waypoints).toEqual([a, b, a]);
    const outBack = routeEditorReducer(routed, { type: 'outAndBack' });
    expect(outBack.waypoints).toEqual([a, b, a]);
    expect(outBack.legs).toEqual([
      [a, c, b],
      [b, c, a],
    ]);
    const reversed = routeEditorReducer(routed, { type: 'reverse' });
    expect(reversed.waypoints).toEqual([b, a]);
    expect(reversed.legs).toEqual([[b, c, a]]);
  });
});

describe('saved route schema', () => {
  const points = [north(0), north(100)];
  it('accepts a named route and names each problem in a sentence', () => {
    expect(savedRouteSchema.parse({ name: '  River loop ', waypoints: points }).name).toBe('River loop');
    const messages = (input: unknown) => savedRouteSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ name: ' ', waypoints: points })).toEqual([ROUTE_NAME_REQUIRED]);
    expect(messages({ name: 'x'.repeat(81), waypoints: points })).toEqual([ROUTE_NAME_TOO_LONG]);
    expect(ROUTE_TOO_MANY_WAYPOINTS).toBe('A route can have at most 1,000 points.');
    expect(messages({ name: 'x', waypoints: Array.from({ length: 1001 }, () => north(0)) })).toEqual([
      ROUTE_TOO_MANY_WAYPOINTS,
    ]);
    expect(messages({ name: 'x', waypoints: [north(0), { lat: 91, lng: 0 }] })).toEqual([ROUTE_LATITUDE_RANGE]);
  });
});

describe('service answers', () => {
  it('reads an OSRM route as lat/lng and treats NoRoute or a malformed body as no route', () => {
    const body = {
      code: 'Ok',
      routes: [
        {
          distance: 120.5,
          duration: 86,
          geometry: {
            type: 'LineString',
            coordinates: [
              [13.38, 52.51],
              [13.39, 52.52],
            ],
          },
        },
      ],
      waypoints: [],
    };
    expect(parseOsrmRoute(body)).toEqual({
      distance: 120.5,
      line: [
        { lat: 52.51, lng: 13.38 },
        { lat: 52.52, lng: 13.39 },
      ],
    });
    expect(parseOsrmRoute({ code: 'NoRoute', message: 'Impossible route between points' })).toBeNull();
    expect(parseOsrmRoute('<html>')).toBeNull();
  });

  it('reads Open-Topo-Data and Open-Elevation answers, rejecting a wrong count or an error status', () => {
    const otd = {
      status: 'OK',
      results: [{ dataset: 'srtm90m', elevation: 55.0, location: { lat: 1, lng: 2 } }, { elevation: null }],
    };
    expect(parseElevationResponse(otd, 2)).toEqual([55, null]);
    expect(parseElevationResponse({ results: [{ latitude: 1, longitude: 2, elevation: 7 }] }, 1)).toEqual([7]);
    expect(parseElevationResponse(otd, 3)).toBeNull();
    expect(parseElevationResponse({ status: 'INVALID_REQUEST', error: 'Too many locations' }, 1)).toBeNull();
  });
});

describe('climb', () => {
  it('gives gain and loss of a hill with the activity rule, and no climb without elevations', () => {
    const samples = sampleLine([north(0), north(2000)]);
    const hill = samples.map((s) => 100 + 40 * Math.sin((Math.PI * s.distance) / 2000));
    const climb = climbOf(elevationProfile(samples, hill));
    // The summit counts in full: the smoothing only finds where the climb turns.
    expect(climb?.gain).toBeCloseTo(40, 3);
    expect(climb?.loss).toBeCloseTo(40, 3);
    expect(
      climbOf(
        elevationProfile(
          samples,
          samples.map(() => null),
        ),
      ),
    ).toBeNull();
  });
});

describe('route GPX', () => {
  it('exports a <trk> that Stride’s own importer reads back with the same distance ±0.5 %', () => {
    const line = Array.from({ length: 200 }, (_, i) => ({
      lat: 51.5 + i * 0.0005,
      lng: -0.12 + Math.sin(i / 7) * 0.001,
    }));
    const gpx = routeToGpx({ name: 'Park & river', line });
    expect(gpx).toContain('<trk>');
    const parsed = parseActivityFile('gpx', new TextEncoder().encode(gpx));
    expect(parsed.name).toBe('Park & river');
    const reread = parsed.track.distance.at(-1) as number;
    expect(Math.abs(reread - polylineDistance(line)) / polylineDistance(line)).toBeLessThan(0.005);
  });

  it('imports a GPX as at most 1,000 waypoints and refuses a file without two points with the parser’s sentence', () => {
    const line = Array.from({ length: 3000 }, (_, i) => ({ lat: 51.5 + i * 0.0001, lng: Math.sin(i / 3) * 0.0002 }));
    const route = gpxToRoute(new TextEncoder().encode(routeToGpx({ name: 'Long', line })));
    expect(route.name).toBe('Long');
    expect(route.waypoints.length).toBeLessThanOrEqual(1000);
    expect(route.waypoints[0]).toEqual({ lat: 51.5, lng: 0 });
    expect(route.line).toHaveLength(3000);
    const empty =
      '<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg></trkseg></trk></gpx>';
    expect(() => gpxToRoute(new TextEncoder().encode(empty))).toThrow('No valid track points found in GPX file');
    const onePoint = routeToGpx({ name: 'One', line: [north(0)] });
    expect(() => gpxToRoute(new TextEncoder().encode(onePoint))).toThrow('No valid track points found in GPX file');
  });

  it('keeps an imported line as drawn: few waypoints on it, no leg routed again, the same distance until edited', () => {
    // A wiggly 3 km trail of 600 points.
    const line = Array.from({ length: 600 }, (_, i) => ({
      lat: 51.5 + i * 0.00004,
      lng: -0.12 + Math.sin(i / 9) * 0.0004,
    }));
    const imported = gpxToRoute(new TextEncoder().encode(routeToGpx({ name: 'Trail', line })));
    const fileDistance = polylineDistance(imported.line);
    expect(imported.waypoints.length).toBeLessThan(150);
    expect(polylineDistance(imported.waypoints)).toBeGreaterThan(fileDistance * 0.995);
    const loaded = run([{ type: 'load', waypoints: imported.waypoints, line: imported.line }]);
    expect(pendingLegs(loaded)).toEqual([]);
    expect(routeLine(loaded)).toEqual(imported.line);
    expect(Math.abs(polylineDistance(routeLine(loaded)) - fileDistance) / fileDistance).toBeLessThan(0.005);
    // Moving one waypoint sends only its two legs to routing.
    const moved = routeEditorReducer(loaded, { type: 'move', index: 2, point: north(5) });
    expect(pendingLegs(moved).map((leg) => leg.index)).toEqual([1, 2]);
  });
});

describe('loading a saved route', () => {
  it('cuts the stored line at the waypoints, a loop and an out-and-back included', () => {
    const a = north(0);
    const b = north(500);
    const c = north(500, 0.005);
    const line = [a, north(250, 0.001), b, north(500, 0.002), c, north(250, 0.003), a];
    const loop = run([{ type: 'load', waypoints: [a, b, c, a], line }]);
    expect(loop.legs).toEqual([line.slice(0, 3), line.slice(2, 5), line.slice(4)]);
    expect(routeLine(loop)).toEqual(line);
    const outAndBack = [a, north(250), b, north(250), a];
    expect(run([{ type: 'load', waypoints: [a, b, a], line: outAndBack }]).legs).toEqual([
      outAndBack.slice(0, 3),
      outAndBack.slice(2),
    ]);
    // Without a line every leg is routed again.
    expect(pendingLegs(run([{ type: 'load', waypoints: [a, b, c] }])).map((leg) => leg.index)).toEqual([0, 1]);
  });
});
