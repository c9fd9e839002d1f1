import { describe, expect, it } from 'vitest';
import {
  METRES_PER_DEGREE_LAT,
  seededRandom,
  straightRun,
  type GeneratedPoint,
} from './activity-file-builders.test-support.ts';
import { elevationChange, elevationGain, elevationNoise } from './elevation-gain.ts';
import { guessActivityType, summarizeTrack } from './metrics.ts';
import { maxSpeed, MOVING_SPEED_THRESHOLD_MPS } from './moving-speed.ts';
import { computeCumulativeDistance, EARTH_MEAN_RADIUS_M, haversineDistance } from './track-distance.ts';
import type { Track } from './track.ts';

type PointOverrides = Partial<Omit<GeneratedPoint, 'distance'>> & { distance?: number };

/** A track from points; `distance` NaN unless every point gives one (as parsers leave it). */
function trackOf(points: readonly PointOverrides[]): Track {
  const column = (pick: (p: PointOverrides) => number | undefined) =>
    Float64Array.from(points, (p) => pick(p) ?? Number.NaN);
  return {
    time: column((p) => p.time),
    lat: column((p) => p.lat ?? 0),
    lon: column((p) => p.lon ?? 0),
    elevation: column((p) => p.elevation),
    heartRate: column((p) => p.heartRate),
    cadence: column((p) => p.cadence),
    distance: column((p) => p.distance),
  };
}

const T0 = Date.UTC(2024, 4, 1, 5, 0, 0);

/** Points whose device distance advances by `step` metres every `seconds`. */
function evenTrack(count: number, step: number, seconds: number): Track {
  return trackOf(Array.from({ length: count }, (_, i) => ({ time: T0 + i * seconds * 1000, distance: i * step })));
}

describe('distance', () => {
  it('uses the WGS84 mean radius, 6,371,008.8 m', () => {
    expect(EARTH_MEAN_RADIUS_M).toBe(6_371_008.8);
    expect(haversineDistance(0, 0, 1, 0)).toBeCloseTo((6_371_008.8 * Math.PI) / 180, 6);
    expect(haversineDistance(46, 14, 46, 14)).toBe(0);
    // Ljubljana to Zagreb, about 117 km apart.
    expect(haversineDistance(46.0569, 14.5058, 45.815, 15.9819)).toBeGreaterThan(116_000);
    expect(haversineDistance(46.0569, 14.5058, 45.815, 15.9819)).toBeLessThan(118_000);
  });

  it('fills the distance column from positions when the file had no device distance', () => {
    const track = trackOf(straightRun({ points: 11, speed: 5 }).map(({ distance: _d, ...p }) => p));
    expect(computeCumulativeDistance(track)).toBe(false);
    expect(track.distance[0]).toBe(0);
    expect(track.distance[10]).toBeCloseTo(50, 6);
  });

  it("keeps a device's own distance when every point has one", () => {
    const track = evenTrack(5, 7, 1);
    expect(computeCumulativeDistance(track)).toBe(true);
    expect(Array.from(track.distance)).toEqual([0, 7, 14, 21, 28]);
    expect(summarizeTrack(track).distance).toBe(28);
  });

  it('summarizes a track without a distance column without changing it', () => {
    const track = trackOf(straightRun({ points: 3, speed: 4 }).map(({ distance: _d, ...p }) => p));
    expect(summarizeTrack(track).distance).toBeCloseTo(8, 6);
    expect(track.distance.every(Number.isNaN)).toBe(true);
  });
});

describe('moving time (spec §5: only segments faster than about 0.14 m/s)', () => {
  it('the threshold is 0.14 m/s', () => {
    expect(MOVING_SPEED_THRESHOLD_MPS).toBe(0.14);
  });

  it('counts 0.15 m/s segments and not 0.13 m/s ones', () => {
    // Four 10 s segments: 0.15, 0.13, 0.15, 0.13 m/s.
    const steps = [0, 1.5, 1.3, 1.5, 1.3];
    const distance = steps.map((_, i) => steps.slice(0, i + 1).reduce((a, b) => a + b, 0));
    const track = trackOf(distance.map((d, i) => ({ time: T0 + i * 10_000, distance: d })));
    const summary = summarizeTrack(track);
    expect(summary.elapsedTime).toBe(40);
    expect(summary.movingTime).toBe(20);
    expect(summary.averageSpeed).toBeCloseTo(5.6 / 20, 9);
  });

  it('a segment at exactly 0.14 m/s is not "faster than" and does not count', () => {
    expect(summarizeTrack(evenTrack(3, 7, 50)).movingTime).toBe(0);
    expect(summarizeTrack(evenTrack(3, 7.001, 50)).movingTime).toBe(100);
  });

  it('works on positions too: 0.13 vs 0.15 m/s from haversine distances', () => {
    const slow = straightRun({ points: 61, speed: 0.13, interval: 10 });
    const fast = straightRun({ points: 61, speed: 0.15, interval: 10 });
    const withoutDistance = (points: GeneratedPoint[]) => trackOf(points.map(({ distance: _d, ...p }) => p));
    expect(summarizeTrack(withoutDistance(slow)).movingTime).toBe(0);
    expect(summarizeTrack(withoutDistance(fast)).movingTime).toBe(600);
  });
});

describe('activity-type guess (spec §4)', () => {
  const guess = (kmh: number) => guessActivityType({ averageSpeed: kmh / 3.6, hasTiming: true });

  it('above 15 km/h is a ride; exactly 15 km/h is a run', () => {
    expect(guess(15)).toBe('run');
    expect(guessActivityType({ averageSpeed: 15_000 / 3600, hasTiming: true })).toBe('run');
    expect(guess(15.001)).toBe('ride');
    expect(guess(40)).toBe('ride');
  });

  it('above 2 km/h is a run; exactly 2 km/h is a walk', () => {
    expect(guess(2)).toBe('walk');
    expect(guessActivityType({ averageSpeed: 2000 / 3600, hasTiming: true })).toBe('walk');
    expect(guess(2.001)).toBe('run');
    expect(guess(14.999)).toBe('run');
    expect(guess(0)).toBe('walk');
  });

  it('no timing data gives run, whatever the speed', () => {
    expect(guessActivityType({ averageSpeed: 0, hasTiming: false })).toBe('run');
    expect(guessActivityType({ averageSpeed: 30, hasTiming: false })).toBe('run');
  });

  it('from whole tracks: 15 km in exactly an hour is a run, a little faster a ride', () => {
    expect(guessActivityType(summarizeTrack(evenTrack(3601, 15_000 / 3600, 1)))).toBe('run');
    expect(guessActivityType(summarizeTrack(evenTrack(3601, 15_010 / 3600, 1)))).toBe('ride');
    expect(guessActivityType(summarizeTrack(evenTrack(3601, 2000 / 3600, 1)))).toBe('walk');
  });
});

describe('elevation gain with a noise threshold', () => {
  const random = seededRandom(2024);
  const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());

  function gainOf(points: readonly GeneratedPoint[]): number {
    const track = trackOf(points);
    return summarizeTrack(track).elevationGain;
  }

  it.each([1, 3, 10, 30])('a flat 10 km with ±2 m GPS noise, a point every %i m, gains near zero', (spacing) => {
    const points = straightRun({
      points: 10_000 / spacing + 1,
      speed: spacing,
      elevation: () => 300 + (random() * 4 - 2),
    });
    expect(gainOf(points)).toBeLessThan(5);
  });

  it.each([1, 3, 10])('a flat 10 km with Gaussian σ = 1.5 m noise, a point every %i m, gains near zero', (spacing) => {
    const points = straightRun({
      points: 10_000 / spacing + 1,
      speed: spacing,
      elevation: () => 300 + gaussian() * 1.5,
    });
    expect(gainOf(points)).toBeLessThan(10);
  });

  it.each([1, 3, 10, 30])('a real 100 m climb with ±2 m noise, a point every %i m, gains about 100 m', (spacing) => {
    // Flat 3 km, 2 km at 5 %, flat again.
    const climb = (d: number) => Math.min(100, Math.max(0, (d - 3000) / 20));
    const points = straightRun({
      points: 10_000 / spacing + 1,
      speed: spacing,
      elevation: (_, d) => 300 + climb(d) + (random() * 4 - 2),
    });
    const gain = gainOf(points);
    expect(gain).toBeGreaterThan(95);
    expect(gain).toBeLessThan(108);
  });

  it('a smooth (barometric) track keeps small rollers: ten 5 m rises give about 50 m', () => {
    const points = straightRun({
      points: 5001,
      speed: 2,
      elevation: (_, d) => 200 + 2.5 * (1 - Math.cos((2 * Math.PI * d) / 1000)),
    });
    const gain = gainOf(points);
    expect(gain).toBeGreaterThan(45);
    expect(gain).toBeLessThanOrEqual(50.01);
  });

  it('a smooth (barometric) out-and-back at exactly 5 % climbs and descends its 125 m in full', () => {
    // 2.5 km up at 5 %, the same 2.5 km back down, a point every 2.5 m.
    const points = straightRun({
      points: 2001,
      speed: 2.5,
      elevation: (_, d) => 200 + 0.05 * Math.min(d, 5_000 - d),
    });
    const track = trackOf(points);
    expect(elevationChange(track.elevation, track.distance)).toEqual({ gain: 125, loss: 125 });
    expect(gainOf(points)).toBe(125);
  });

  it('measures the recording noise: zero for a smooth line, σ for white noise', () => {
    expect(elevationNoise(Float64Array.from({ length: 1000 }, (_, i) => i * 0.1))).toBeCloseTo(0, 9);
    const noisy = Float64Array.from({ length: 20_000 }, () => gaussian() * 1.5);
    expect(elevationNoise(noisy)).toBeGreaterThan(1.3);
    expect(elevationNoise(noisy)).toBeLessThan(1.7);
  });

  it('ignores missing elevations and is 0 without any', () => {
    expect(elevationGain(new Float64Array([Number.NaN, Number.NaN]), new Float64Array([0, 1]))).toBe(0);
    const track = trackOf([
      { time: T0, elevation: 100, distance: 0 },
      { time: T0 + 1000, distance: 500 },
      { time: T0 + 2000, elevation: 150, distance: 1000 },
    ]);
    expect(summarizeTrack(track).elevationGain).toBeCloseTo(50, 6);
  });
});

describe('maximum speed', () => {
  it('a single GPS glitch 200 m off the line does not become the maximum', () => {
    const points = straightRun({ points: 300, speed: 3 });
    const glitched = points.map(({ distance: _d, ...p }, i) =>
      i === 150 ? { ...p, lon: p.lon + 200 / (METRES_PER_DEGREE_LAT * Math.cos((p.lat * Math.PI) / 180)) } : p,
    );
    const summary = summarizeTrack(trackOf(glitched));
    expect(summary.distance).toBeGreaterThan(299 * 3 + 390);
    expect(summary.maxSpeed).toBeCloseTo(3, 1);
  });

  it('a real sprint of 10 s at 6 m/s shows', () => {
    const step = Array.from({ length: 120 }, (_, i) => (i >= 60 && i < 70 ? 6 : 3));
    const distance = step.map((_, i) => step.slice(0, i).reduce((a, b) => a + b, 0));
    const time = Float64Array.from(distance, (_, i) => T0 + i * 1000);
    expect(maxSpeed(time, Float64Array.from(distance))).toBeCloseTo(6, 9);
  });

  it('is 0 without timing', () => {
    const points = straightRun({ points: 10 }).map(({ time: _t, ...p }) => p);
    expect(summarizeTrack(trackOf(points)).maxSpeed).toBe(0);
  });
});

describe('summary fields', () => {
  it('start and end, times, heart rate and cadence', () => {
    const points = straightRun({ points: 61, speed: 3 });
    const summary = summarizeTrack(trackOf(points));
    expect(summary.startLatLng).toEqual({ lat: points[0]?.lat, lng: points[0]?.lon });
    expect(summary.endLatLng).toEqual({ lat: points[60]?.lat, lng: points[60]?.lon });
    expect(summary.startTime).toBe(points[0]?.time);
    expect(summary.endTime).toBe(points[60]?.time);
    expect(summary.elapsedTime).toBe(60);
    expect(summary.hasTiming).toBe(true);
    expect(summary.maxHeartrate).toBe(149);
    expect(summary.averageHeartrate).toBeCloseTo(points.reduce((sum, p) => sum + p.heartRate, 0) / 61, 9);
  });

  it('heart rate and cadence are null when the file has none', () => {
    const points = straightRun({ points: 5 }).map(({ heartRate: _h, cadence: _c, ...p }) => p);
    const summary = summarizeTrack(trackOf(points));
    expect(summary.averageHeartrate).toBeNull();
    expect(summary.maxHeartrate).toBeNull();
    expect(summary.averageCadence).toBeNull();
  });

  it('cadence 0 (standing still) is left out of the average', () => {
    const track = trackOf([
      { time: T0, cadence: 0, distance: 0 },
      { time: T0 + 1000, cadence: 80, distance: 3 },
      { time: T0 + 2000, cadence: 90, distance: 6 },
    ]);
    expect(summarizeTrack(track).averageCadence).toBe(85);
  });

  it('untimed tracks: times null, durations and speeds 0', () => {
    const points = straightRun({ points: 5 }).map(({ time: _t, ...p }) => p);
    const summary = summarizeTrack(trackOf(points));
    expect(summary).toMatchObject({
      hasTiming: false,
      startTime: null,
      endTime: null,
      movingTime: 0,
      elapsedTime: 0,
      averageSpeed: 0,
    });
    expect(summary.distance).toBeCloseTo(12, 6);
  });

  it('an empty track summarizes to zeros and nulls', () => {
    const summary = summarizeTrack(trackOf([]));
    expect(summary.distance).toBe(0);
    expect(summary.startLatLng).toBeNull();
    expect(summary.hasTiming).toBe(false);
  });
});
