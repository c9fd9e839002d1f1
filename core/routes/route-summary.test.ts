import { describe, expect, it } from 'vitest';
import { haversineDistance } from '../activity/track-distance.ts';
import { formatElevation } from '../format.ts';
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

describe('the climb of a planned route', () => {
  const start = north(0);
  // A terrain model in which the ground rises exactly 5 % northwards from the start.
  const fivePercent = (p: LatLng) => 0.05 * haversineDistance(start.lat, start.lng, p.lat, p.lng);
  const climbOfShape = (actions: RouteEditorAction[], ground: (p: LatLng) => number) => {
    const measure = measureRoute(shape(actions), 'metric');
    return profileRoute(measure.samples, measure.samples.map(ground)).climb!;
  };

  it('climbs and descends 125 m (410 ft) on a 2.5 km out-and-back at 5 %', () => {
    const turn = north(2_500);
    const climb = climbOfShape(
      [{ type: 'add', point: start }, { type: 'add', point: turn }, { type: 'outAndBack' }],
      fivePercent,
    );
    expect(climb.gain).toBeCloseTo(fivePercent(turn), 9);
    expect(climb.loss).toBeCloseTo(fivePercent(turn), 9);
    expect(formatElevation(climb.gain, 'imperial')).toBe('410 ft');
    expect(formatElevation(climb.gain, 'metric')).toBe('125 m');
  });

  it('samples the turn of an out-and-back that falls between two 50 m samples', () => {
    const turn = north(2_470);
    const measure = measureRoute(
      shape([{ type: 'add', point: start }, { type: 'add', point: turn }, { type: 'outAndBack' }]),
      'metric',
    );
    expect(measure.samples.some((sample) => sample.lat === turn.lat && sample.lng === turn.lng)).toBe(true);
    const climb = profileRoute(measure.samples, measure.samples.map(fivePercent)).climb!;
    expect(climb.gain).toBeCloseTo(fivePercent(turn), 9);
    expect(climb.loss).toBeCloseTo(fivePercent(turn), 9);
  });

  it('climbs exactly what it descends on a closed loop over hills', () => {
    const hills = (p: LatLng) => 100 + 30 * Math.sin(p.lat * 100 * Math.PI) + 20 * Math.cos(p.lng * 100 * Math.PI);
    const corner = (northM: number, eastM: number): LatLng => ({ lat: 0.3 + northM / 111_195, lng: eastM / 111_195 });
    const climb = climbOfShape(
      [
        { type: 'add', point: corner(0, 0) },
        { type: 'add', point: corner(1_730, 260) },
        { type: 'add', point: corner(2_110, 1_940) },
        { type: 'add', point: corner(380, 2_270) },
        { type: 'closeLoop' },
      ],
      hills,
    );
    expect(climb.gain).toBeGreaterThan(40);
    expect(climb.gain).toBe(climb.loss);
  });
});
