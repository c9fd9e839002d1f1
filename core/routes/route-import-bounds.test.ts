import { describe, expect, it } from 'vitest';
import { gpxDocument } from '../activity/activity-file-builders.test-support.ts';
import {
  editableWaypoints,
  IMPORT_WAYPOINT_SEARCH_MAX_POINTS,
  keepTolerances,
  simplifyLine,
  thinEvenly,
  type LatLng,
} from './geometry.ts';
import { MAX_ROUTE_LINE_POINTS } from './route-api.ts';
import { gpxToRoute } from './route-gpx.ts';

/** The textbook recursive Douglas–Peucker, to hold the one-pass version to. */
function referenceDouglasPeucker(line: readonly LatLng[], tolerance: number): LatLng[] {
  const offset = (p: LatLng, a: LatLng, b: LatLng) => {
    const mLat = 111_195;
    const mLng = mLat * Math.cos((a.lat * Math.PI) / 180);
    const bx = (b.lng - a.lng) * mLng;
    const by = (b.lat - a.lat) * mLat;
    const px = (p.lng - a.lng) * mLng;
    const py = (p.lat - a.lat) * mLat;
    const l2 = bx * bx + by * by;
    const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / l2));
    return Math.hypot(px - t * bx, py - t * by);
  };
  const keep = new Set([0, line.length - 1]);
  const split = (from: number, to: number) => {
    let farthest = -1;
    let max = tolerance;
    for (let i = from + 1; i < to; i += 1) {
      const d = offset(line[i] as LatLng, line[from] as LatLng, line[to] as LatLng);
      if (d > max) {
        max = d;
        farthest = i;
      }
    }
    if (farthest > 0) {
      keep.add(farthest);
      split(from, farthest);
      split(farthest, to);
    }
  };
  split(0, line.length - 1);
  return line.filter((_, i) => keep.has(i));
}

/** Points cycling over a triangle: the input that makes Douglas–Peucker peel one point per pass. */
function triangleCycle(count: number): LatLng[] {
  const corners = [
    { lat: 46, lng: 14 },
    { lat: 46.01, lng: 14 },
    { lat: 46.005, lng: 14.01 },
  ];
  return Array.from({ length: count }, (_, i) => corners[i % 3] as LatLng);
}

describe('route import simplification, bounded', () => {
  it('the one-pass Douglas–Peucker keeps exactly the points of the recursive one at every tolerance', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const line = Array.from({ length: 400 }, (_, i) => ({
      lat: 46 + i * 0.00005 + (random() - 0.5) * 0.0002,
      lng: 14 + Math.sin(i / 15) * 0.001 + (random() - 0.5) * 0.0002,
    }));
    for (const tolerance of [0, 1, 2, 4, 8, 16, 64, 1024]) {
      expect(simplifyLine(line, tolerance)).toEqual(referenceDouglasPeucker(line, tolerance));
    }
    expect(keepTolerances(line)[0]).toBe(Infinity);
  });

  it('thins a line evenly to at most the cap, its ends kept, in one pass', () => {
    const line = Array.from({ length: 100_001 }, (_, i) => ({ lat: i * 1e-5, lng: 0 }));
    const thinned = thinEvenly(line, 1_000);
    expect(thinned).toHaveLength(1_000);
    expect(thinned[0]).toEqual(line[0]);
    expect(thinned.at(-1)).toEqual(line.at(-1));
    expect(thinEvenly(line.slice(0, 10), 1_000)).toEqual(line.slice(0, 10));
  });

  it('a 40,000-point GPX cycling over a triangle becomes a capped line and waypoints on it', () => {
    const points = triangleCycle(40_000);
    const gpx = gpxDocument(
      `<trk><trkseg>${points.map((p) => `<trkpt lat="${p.lat}" lon="${p.lng}"/>`).join('')}</trkseg></trk>`,
    );
    const route = gpxToRoute(new TextEncoder().encode(gpx));
    expect(route.line).toHaveLength(MAX_ROUTE_LINE_POINTS);
    expect(route.waypoints.length).toBeGreaterThanOrEqual(2);
    expect(route.waypoints.length).toBeLessThanOrEqual(IMPORT_WAYPOINT_SEARCH_MAX_POINTS);
    const corners = new Set(points.slice(0, 3).map((p) => `${p.lat},${p.lng}`));
    expect(route.waypoints.every((p) => corners.has(`${p.lat},${p.lng}`))).toBe(true);
    expect(editableWaypoints(route.line, 10).length).toBeLessThanOrEqual(10);
    // A generous timeout for a loaded machine: the quadratic search this replaces took hours here.
  }, 30_000);
});
