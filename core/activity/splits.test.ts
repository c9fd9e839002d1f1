import { describe, expect, it } from 'vitest';
import { straightRun, type GeneratedPoint } from './activity-file-builders.test-support.ts';
import { computeCumulativeDistance } from './track-distance.ts';
import { MAX_SPLITS } from './bounds.ts';
import { computeSplits, gradeCostFactor, SPLIT_LENGTH_M, type Split } from './splits.ts';
import type { Track } from './track.ts';
import { formatDistance, formatDuration, formatPace } from '../format.ts';

function trackOf(points: readonly Partial<GeneratedPoint>[]): Track {
  const column = (pick: (p: Partial<GeneratedPoint>) => number | undefined) =>
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

const sum = (splits: readonly Split[], field: keyof Split) =>
  splits.reduce((total, split) => total + (split[field] ?? 0), 0);

describe('splits per kilometre and per mile (spec §3 Split)', () => {
  // 10.5 km at 3 m/s, a point every 7 s (21 m), so boundaries fall between points.
  const run = trackOf(straightRun({ points: 501, speed: 3, interval: 7 }));

  it('split lengths: 1000 m, and 1 mile = 1609.34 m (spec §9)', () => {
    expect(SPLIT_LENGTH_M).toEqual({ metric: 1000, standard: 1609.34 });
  });

  it('metric: ten full kilometres and the last partial one, with the spec field names', () => {
    const splits = computeSplits(run, 'metric');
    expect(splits).toHaveLength(11);
    expect(Object.keys(splits[0] as Split).sort()).toEqual(
      [
        'average_grade_adjusted_speed',
        'average_speed',
        'distance',
        'elapsed_time',
        'elevation_difference',
        'moving_time',
        'pace_zone',
        'split',
      ].sort(),
    );
    expect(splits.map((split) => split.split)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    splits.slice(0, 10).forEach((split, i) => {
      expect(split.distance).toBeCloseTo(1000, 6);
      // Interpolated at the boundary: 1000 m at 3 m/s, although no point lies on it; whole seconds,
      // the running time rounded at each boundary (333, 334, 333, ...).
      const seconds = Math.round((1000 * (i + 1)) / 3) - Math.round((1000 * i) / 3);
      expect(split.elapsed_time).toBe(seconds);
      expect(split.moving_time).toBe(seconds);
      expect(split.average_speed).toBe(split.distance / seconds);
      expect(split.average_grade_adjusted_speed).toBeCloseTo(split.distance / seconds, 6);
      expect(split.elevation_difference).toBeCloseTo(0, 9);
      expect(split.pace_zone).toBe(0);
    });
    expect(splits[10]?.distance).toBeCloseTo(500, 6);
    expect(splits[10]?.elapsed_time).toBe(3500 - 3333);
    expect(sum(splits, 'distance')).toBeCloseTo(10_500, 6);
    expect(sum(splits, 'elapsed_time')).toBe(3500);
    expect(sum(splits, 'moving_time')).toBe(3500);
  });

  it('standard: miles of 1609.34 m and the remainder', () => {
    const splits = computeSplits(run, 'standard');
    expect(splits).toHaveLength(7);
    expect(splits[0]?.distance).toBeCloseTo(1609.34, 6);
    expect(splits[0]?.elapsed_time).toBe(Math.round(1609.34 / 3));
    expect(splits[6]?.distance).toBeCloseTo(10_500 - 6 * 1609.34, 6);
  });

  it('a track ending exactly on a boundary has no empty last split', () => {
    const splits = computeSplits(trackOf(straightRun({ points: 1001, speed: 2 })), 'metric');
    expect(splits.map((split) => Math.round(split.distance))).toEqual([1000, 1000]);
  });

  it('a stop counts in elapsed time but not in moving time (spec §5: 0.14 m/s)', () => {
    // 1.5 km at 3 m/s with a 60 s stand-still at 1200 m.
    const points = straightRun({ points: 501, speed: 3 }).map((p) => ({
      ...p,
      time: p.time + (p.distance > 1200 ? 60_000 : 0),
    }));
    const splits = computeSplits(trackOf(points), 'metric');
    expect(splits[0]?.moving_time).toBe(333);
    expect(splits[1]?.elapsed_time).toBe(Math.round(1500 / 3 + 60) - 333);
    // The segment across the stop covers 3 m in 61 s: not moving, so its second goes too.
    expect(splits[1]?.moving_time).toBe(Math.round(1500 / 3 - 1) - 333);
    expect(splits[1]?.average_speed).toBeCloseTo(500 / (Math.round(1500 / 3 - 1) - 333), 6);
  });

  it('uphill: elevation difference and a grade-adjusted speed above the actual speed', () => {
    // Flat 1 km, 1 km at +5 %, flat 1 km.
    const rise = (d: number) => Math.min(50, Math.max(0, (d - 1000) * 0.05));
    const splits = computeSplits(
      trackOf(straightRun({ points: 1001, speed: 3, elevation: (_, d) => 100 + rise(d) })),
      'metric',
    );
    expect(splits).toHaveLength(3);
    expect(splits[1]?.elevation_difference).toBeGreaterThan(45);
    expect(splits[1]?.elevation_difference).toBeLessThan(55);
    expect(splits[0]?.average_grade_adjusted_speed).toBeLessThan(3 * 1.1);
    expect(splits[1]?.average_grade_adjusted_speed).toBeGreaterThan(3 * gradeCostFactor(0.04));
    expect(splits[1]?.average_grade_adjusted_speed).toBeLessThan(3 * gradeCostFactor(0.06));
    // 1000 m in 334 s (the running time 333 → 667 s).
    expect(splits[1]?.average_speed).toBe(splits[1]!.distance / 334);
  });

  it("Minetti's cost of running: flat 1, uphill costlier, gentle downhill cheaper, clamped at ±45 %", () => {
    expect(gradeCostFactor(0)).toBe(1);
    expect(gradeCostFactor(0.1)).toBeCloseTo(5.968 / 3.6, 3);
    expect(gradeCostFactor(-0.1)).toBeCloseTo(2.1517 / 3.6, 3);
    expect(gradeCostFactor(-0.2)).toBeLessThan(gradeCostFactor(-0.1));
    expect(gradeCostFactor(0.9)).toBe(gradeCostFactor(0.45));
    expect(gradeCostFactor(-0.9)).toBe(gradeCostFactor(-0.45));
  });

  it('without timing data: distances and elevation, zero times and speeds', () => {
    const points = straightRun({ points: 601, speed: 3 }).map(({ time: _t, ...p }) => p);
    const splits = computeSplits(trackOf(points), 'metric');
    expect(splits.map((split) => Math.round(split.distance))).toEqual([1000, 800]);
    expect(
      splits.every((split) => split.elapsed_time === 0 && split.moving_time === 0 && split.average_speed === 0),
    ).toBe(true);
  });

  it('from positions (no device distance) and from a device odometer that does not start at 0', () => {
    const points = straightRun({ points: 401, speed: 3 });
    const fromPositions = trackOf(points.map(({ distance: _d, ...p }) => p));
    computeCumulativeDistance(fromPositions);
    expect(computeSplits(fromPositions, 'metric').map((split) => Math.round(split.distance))).toEqual([1000, 200]);
    const odometer = trackOf(points.map((p) => ({ ...p, distance: p.distance + 4.95 })));
    expect(computeSplits(odometer, 'metric').map((split) => Math.round(split.distance))).toEqual([1000, 200]);
  });

  it('no splits for fewer than two points', () => {
    expect(computeSplits(trackOf([]), 'metric')).toEqual([]);
    expect(computeSplits(trackOf(straightRun({ points: 1 })), 'standard')).toEqual([]);
  });

  describe('bounded whatever distance the track claims (bounds.ts)', () => {
    /** Points alternating between (-80, -179) and (80, 179) one second apart: ~17,800 km a segment. */
    function alternatingPoles(count: number): Track {
      const track = trackOf(
        Array.from({ length: count }, (_, i) => ({
          time: Date.UTC(2024, 0, 1) + i * 1000,
          lat: i % 2 === 0 ? -80 : 80,
          lon: i % 2 === 0 ? -179 : 179,
          elevation: 100,
        })),
      );
      computeCumulativeDistance(track);
      return track;
    }

    it('the alternating-poles track gives at most MAX_SPLITS splits per system', () => {
      const track = alternatingPoles(1000);
      expect(track.distance[999]).toBeGreaterThan(1e10);
      for (const system of ['metric', 'standard'] as const) {
        const splits = computeSplits(track, system);
        expect(MAX_SPLITS).toBe(1000);
        expect(splits).toHaveLength(MAX_SPLITS);
        expect(splits.at(-1)?.split).toBe(MAX_SPLITS);
        expect(splits.at(-1)?.distance).toBeCloseTo(SPLIT_LENGTH_M[system], 6);
      }
    });

    it('a device distance that jumps to 1e10 m gives MAX_SPLITS splits, the first ones true', () => {
      const points = straightRun({ points: 601, speed: 3 });
      const track = trackOf(points.map((p, i) => ({ ...p, distance: i === 600 ? 1e10 : p.distance })));
      const splits = computeSplits(track, 'metric');
      expect(splits).toHaveLength(MAX_SPLITS);
      expect(splits[0]?.distance).toBeCloseTo(1000, 6);
      expect(splits[0]?.elapsed_time).toBe(333);
    });

    it('exactly MAX_SPLITS kilometres: every split, and no partial one beyond the bound', () => {
      const points = straightRun({ points: 2, speed: MAX_SPLITS * 1000, interval: 1 });
      expect(computeSplits(trackOf(points), 'metric')).toHaveLength(MAX_SPLITS);
      const longer = straightRun({ points: 2, speed: MAX_SPLITS * 1000 + 500, interval: 1 });
      expect(computeSplits(trackOf(longer), 'metric')).toHaveLength(MAX_SPLITS);
      const shorter = straightRun({ points: 2, speed: (MAX_SPLITS - 1) * 1000 + 500, interval: 1 });
      expect(
        computeSplits(trackOf(shorter), 'metric')
          .map((split) => Math.round(split.distance))
          .at(-1),
      ).toBe(500);
      expect(computeSplits(trackOf(shorter), 'metric')).toHaveLength(MAX_SPLITS);
    });
  });
});

describe('splits as a watch shows them', () => {
  it('a 10.0002 km run has ten splits: the last 0.2 m joins the tenth, no "0.00 km 0:00" split', () => {
    // 3 m/s, a point every second to 9999 m, then the last point at 10,000.2 m.
    const points: Partial<GeneratedPoint>[] = straightRun({ points: 3334, speed: 3 });
    const last = points.at(-1) as GeneratedPoint;
    points.push({ ...last, time: last.time + 1000, distance: 10_000.2 });
    const splits = computeSplits(trackOf(points), 'metric');
    expect(splits).toHaveLength(10);
    expect(splits.at(-1)?.distance).toBeCloseTo(1000.2, 6);
    expect(sum(splits, 'distance')).toBeCloseTo(10_000.2, 6);
    expect(sum(splits, 'elapsed_time')).toBe(3334);
    expect(splits.every((split) => formatDistance(split.distance, 'metric') !== '0.00 km')).toBe(true);
    // A remainder of 10 m is a split of its own.
    points.push({ ...last, time: last.time + 4000, distance: 10_010 });
    expect(computeSplits(trackOf(points), 'metric').map((split) => formatDistance(split.distance, 'metric'))).toEqual([
      ...Array.from({ length: 10 }, () => '1.00 km'),
      '0.01 km',
    ]);
  });

  it("a split's time and pace agree after rounding (1 km in 299.5 s reads 5:00 and 5:00/km)", () => {
    const run = trackOf(straightRun({ points: 900, speed: 1000 / 299.5 }));
    const splits = computeSplits(run, 'metric');
    expect(splits).toHaveLength(3);
    for (const split of splits.slice(0, 2)) {
      expect(Number.isInteger(split.moving_time)).toBe(true);
      expect(formatPace(split.average_speed, 'metric')).toBe(`${formatDuration(split.moving_time)}/km`);
    }
    expect(splits.slice(0, 2).map((split) => formatDuration(split.moving_time))).toEqual(['5:00', '4:59']);
  });

  it('miles too: each full mile reads the same time and pace', () => {
    const run = trackOf(straightRun({ points: 3001, speed: 1609.34 / 479.5, interval: 1 }));
    const splits = computeSplits(run, 'standard');
    for (const split of splits.filter((split) => Math.abs(split.distance - 1609.34) < 1e-6)) {
      expect(formatPace(split.average_speed, 'imperial')).toBe(`${formatDuration(split.moving_time)}/mi`);
    }
  });
});
