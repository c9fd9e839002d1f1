import { describe, expect, it } from 'vitest';
import type { LatLng } from './geometry.ts';
import { emptyRoute, routeEditorReducer, type RouteEditorAction } from './route-editor.ts';
import { measureRoute, profileRoute, samplesKey } from './route-summary.ts';

const north = (metres: number): LatLng => ({ lat: metres / 111_195, lng: 0 });
const shape = (actions: RouteEditorAction[]) => actions.reduce(routeEditorReducer, emptyRoute());

describe('measureRoute', () => {
  it('measures the drawn line with markers per km or mile and samples every 50 m', () => {
    const route = shape([
      { type: 'add', point: north(0) },
      { type: 'add', point: north(2_000) },
      { type: 'add', point: north(3_300) },
    ]);
    const metric = measureRoute(route, 'metric');
    expect(metric.distance).toBeCloseTo(3_300, -1);
    expect(metric.markers.map((m) => m.index)).toEqual([1, 2, 3]);
    expect(measureRoute(route, 'imperial').markers.map((m) => m.index)).toEqual([1, 2]);
    expect(metric.samples.length).toBeGreaterThanOrEqual(67);
    expect(metric.samples.at(-1)?.distance).toBeCloseTo(metric.distance, 6);
  });

  it('is empty for an empty route', () => {
    expect(measureRoute(emptyRoute(), 'metric')).toEqual({ line: [], distance: 0, markers: [], samples: [] });
  });
});

describe('profileRoute', () => {
  const samples = [0, 50, 100, 150].map((d) => ({ ...north(d), distance: d }));

  it('joins elevations to the samples and gives the climb', () => {
    const result = profileRoute(samples, [100, 110, 120, 130]);
    expect(result.profile.map((p) => p.elevation)).toEqual([100, 110, 120, 130]);
    expect(result.climb?.gain).toBeGreaterThan(0);
    expect(result.climb?.loss).toBe(0);
  });

  it('shows no climb without elevations or for an answer of another line', () => {
    expect(profileRoute(samples, null)).toEqual({ profile: [], climb: null });
    expect(profileRoute(samples, [100, 110])).toEqual({ profile: [], climb: null });
    expect(profileRoute(samples, [100, null, null, null]).climb).toBeNull();
  });

  it('keys samples by their rounded positions', () => {
    expect(samplesKey([north(0), north(1)])).toBe('0.00000,0.00000;0.00001,0.00000');
  });
});
