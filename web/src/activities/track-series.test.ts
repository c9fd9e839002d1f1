import { describe, expect, it } from 'vitest';
import type { DisplayTrack } from '../../../core/activity/schemas.ts';
import {
  distanceTicks,
  paceAxis,
  profileReadout,
  profileSeries,
  profileSummary,
  speedAxis,
  type ProfilePoint,
} from './track-series.ts';

/** A track with one point per entry of `distance`; the other series default to "not recorded". */
function track(distance: number[], series: Partial<Omit<DisplayTrack, 'distance' | 'pointCount'>> = {}): DisplayTrack {
  const none = distance.map(() => null);
  return {
    pointCount: distance.length,
    distance,
    elapsed: series.elapsed ?? none,
    lat: series.lat ?? distance.map(() => 59.9),
    lon: series.lon ?? distance.map(() => 10.7),
    elevation: series.elevation ?? none,
    heartRate: series.heartRate ?? none,
    cadence: series.cadence ?? none,
    segmentStarts: [],
  };
}

const indices = (n: number) => Array.from({ length: n }, (_, i) => i);

/** 500 m at a steady 2.5 m/s: a point every 50 m and 20 s, climbing 1 m and 1 bpm a point. */
const steady = track(
  indices(11).map((i) => i * 50),
  {
    elapsed: indices(11).map((i) => i * 20),
    elevation: indices(11).map((i) => 100 + i),
    heartRate: indices(11).map((i) => 140 + i),
  },
);

describe('profileSeries', () => {
  it('gives distance in km, elevation in m and pace in s/km for a metric reader', () => {
    const series = profileSeries(steady, 'metric', 'run');

    expect(series.points).toEqual(
      indices(11).map((i): ProfilePoint => ({
        trackIndex: i,
        x: (i * 50) / 1000,
        elevation: 100 + i,
        // 2.5 m/s is 400 s a kilometre.
        pace: 400,
        speed: null,
        heartRate: 140 + i,
      })),
    );
    expect(series).toMatchObject({ hasElevation: true, hasPace: true, hasSpeed: false, hasHeartRate: true });
  });

  it('gives a ride speed in km/h or mph instead of pace', () => {
    const metric = profileSeries(steady, 'metric', 'ride');
    const imperial = profileSeries(steady, 'imperial', 'ride');

    // 2.5 m/s is 9 km/h, 5.59 mph.
    expect(metric.points.map((point) => [point.pace, point.speed])).toEqual(indices(11).map(() => [null, 9]));
    expect(imperial.points[0]?.speed).toBeCloseTo((2.5 * 3600) / 1609.34, 9);
    expect(metric).toMatchObject({ hasPace: false, hasSpeed: true });
    expect(speedAxis(metric.points)?.domain[0]).toBe(0);
  });

  it('gives miles, feet and seconds a mile for an imperial reader', () => {
    const [first, , , , , , , , , , last] = profileSeries(steady, 'imperial', 'run').points;

    expect(first?.x).toBe(0);
    expect(last?.x).toBeCloseTo(500 / 1609.34, 12);
    expect(first?.elevation).toBeCloseTo(100 / 0.3048, 9);
    expect(first?.pace).toBeCloseTo(1609.34 / 2.5, 9);
  });

  it('draws no pace where the runner is slower than 0.14 m/s', () => {
    const crawl = (speed: number) =>
      profileSeries(
        track(
          indices(5).map((i) => i * speed * 10),
          { elapsed: indices(5).map((i) => i * 10) },
        ),
        'metric',
        'run',
      );

    expect(crawl(0.1).points.map((point) => point.pace)).toEqual([null, null, null, null, null]);
    expect(crawl(0.1).hasPace).toBe(false);
    expect(crawl(0.2).points.map((point) => point.pace)).toEqual([5000, 5000, 5000, 5000, 5000]);
  });

  it('has no pace, elevation or heart rate for a track that recorded none of them', () => {
    const series = profileSeries(track([0, 100, 200], { heartRate: [0, 0, 0] }), 'metric', 'run');

    expect(series.points.map((point) => [point.pace, point.elevation, point.heartRate])).toEqual([
      [null, null, 0],
      [null, null, 0],
      [null, null, 0],
    ]);
    expect(series).toMatchObject({ hasElevation: false, hasPace: false, hasHeartRate: false });
  });

  it('keeps at most maxPoints points, evenly spread from the first to the last', () => {
    const long = track(indices(1001).map((i) => i * 10));

    const points = profileSeries(long, 'metric', 'run', 600).points;

    expect(points).toHaveLength(600);
    expect(points.map((point) => point.trackIndex)).toEqual(indices(600).map((k) => Math.round((k * 1000) / 599)));
    expect(points[599]?.x).toBe(10);
    expect(profileSeries(long, 'metric', 'run', 1).points.map((point) => point.trackIndex)).toEqual([0]);
    expect(profileSeries(track([0, 10, 20]), 'metric', 'run', 600).points.map((point) => point.trackIndex)).toEqual([
      0, 1, 2,
    ]);
  });
});

describe('distanceTicks', () => {
  it('steps on round numbers up to the distance', () => {
    expect(distanceTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(distanceTicks(3.3)).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
    expect(distanceTicks(0.35)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(distanceTicks(26.2)).toEqual([0, 5, 10, 15, 20, 25]);
  });

  it('falls back to an even step beyond the round ones', () => {
    expect(distanceTicks(5000)).toEqual([0, 715, 1430, 2145, 2860, 3575, 4290]);
  });

  it('gives the single tick 0 for no, a negative or an endless distance', () => {
    expect(distanceTicks(0)).toEqual([0]);
    expect(distanceTicks(-1)).toEqual([0]);
    expect(distanceTicks(Number.NaN)).toEqual([0]);
    expect(distanceTicks(Number.POSITIVE_INFINITY)).toEqual([0]);
  });
});

describe('paceAxis', () => {
  const withPaces = (paces: (number | null)[]): ProfilePoint[] =>
    paces.map((pace, trackIndex) => ({
      trackIndex,
      x: trackIndex,
      elevation: null,
      pace,
      speed: null,
      heartRate: null,
    }));

  it('is undefined without any pace', () => {
    expect(paceAxis([])).toBeUndefined();
    expect(paceAxis(withPaces([null, null]))).toBeUndefined();
  });

  it('spans whole steps around the paces', () => {
    expect(paceAxis(withPaces([420, null, 240, 360, 300]))).toEqual({
      domain: [240, 360],
      ticks: [240, 270, 300, 330, 360],
    });
  });

  it('leaves out a stop at a traffic light beyond the 98th percentile', () => {
    const paces = [...indices(99).map((i) => 300 + i), 3000];

    expect(paceAxis(withPaces(paces))).toEqual({ domain: [300, 420], ticks: [300, 330, 360, 390, 420] });
  });

  it('widens a single pace to one step', () => {
    expect(paceAxis(withPaces([300, 300, 300]))).toEqual({ domain: [300, 305], ticks: [300] });
  });
});

describe('profileReadout', () => {
  const point = { x: 1.5, trackIndex: 3, elevation: 1234.4, pace: 330, speed: 24.36, heartRate: 151.6 };
  it('shows the hovered value in the reader units, and a dash where it is unknown', () => {
    expect(profileReadout('elevation', point, 'imperial')).toBe('1,234 ft');
    expect(profileReadout('pace', point, 'metric')).toBe('5:30/km');
    expect(profileReadout('speed', point, 'metric')).toBe('24.4 km/h');
    expect(profileReadout('heartRate', point, 'metric')).toBe('152 bpm');
    expect(profileReadout('pace', { ...point, pace: null }, 'imperial')).toBe('—');
  });
});

describe('profileSummary', () => {
  const point = (x: number, values: Partial<ProfilePoint>): ProfilePoint => ({
    trackIndex: 0,
    x,
    elevation: null,
    pace: null,
    speed: null,
    heartRate: null,
    ...values,
  });

  it('says the profile in words, with where its lowest and highest values fall', () => {
    const points = [
      point(0, { pace: 300 }),
      point(1.2, { pace: 250 }),
      point(2.5, { pace: 362 }),
      point(4.567, { pace: 301 }),
    ];
    expect(profileSummary('pace', points, 'metric')).toBe(
      'Pace profile, over 4.57 km. Pace: fastest 4:10/km (at 1.2 km), slowest 6:02/km (at 2.5 km), latest 5:01/km.',
    );
    expect(profileSummary('heartRate', [point(0, { heartRate: 140 }), point(3, { heartRate: null })], 'imperial')).toBe(
      'Heart rate profile, over 3 mi. Heart rate: 140 bpm (at 0 mi).',
    );
  });
});
