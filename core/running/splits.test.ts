import { describe, expect, it } from 'vitest';
import { speedFromPace, splitTable } from './splits.ts';

describe('splitTable', () => {
  it('splits a 10K in 45:00 evenly into ten 4:30 kilometres', () => {
    const rows = splitTable(10_000, 2700, 'metric');
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.seconds).toBeCloseTo(270, 9);
    }
    expect(rows[9]?.elapsedSeconds).toBeCloseTo(2700, 9);
  });

  it('ends a half marathon in miles with a partial 0.1094 mi split', () => {
    const rows = splitTable(21_097.5, 6000, 'imperial');
    expect(rows).toHaveLength(14);
    const last = rows[13];
    expect(last?.metres).toBeCloseTo(21_097.5 - 13 * 1609.34, 6);
    expect(last?.seconds).toBeCloseTo((6000 * (21_097.5 - 13 * 1609.34)) / 21_097.5, 6);
    expect(last?.elapsedSeconds).toBeCloseTo(6000, 6);
  });

  it('runs the second half 4 % faster and still finishes on time', () => {
    // 10 km in 3000 s: a·5000·(1 + 0.96) = 3000 → a = 0.306122… s/m, second half 0.293877… s/m.
    const rows = splitTable(10_000, 3000, 'metric', 4);
    expect(rows[0]?.seconds).toBeCloseTo(306.1224, 3);
    expect(rows[9]?.seconds).toBeCloseTo(293.8776, 3);
    expect(rows[9]?.elapsedSeconds).toBeCloseTo(3000, 9);
  });

  it('blends the two paces in a split that crosses halfway', () => {
    // 5 km, halfway at 2.5 km: the third kilometre is half at each pace.
    const rows = splitTable(5000, 1500, 'metric', 10);
    const first = (2 * 1500) / (5000 * 1.9);
    expect(rows[2]?.seconds).toBeCloseTo(500 * first + 500 * first * 0.9, 9);
  });
});

describe('treadmill speed', () => {
  it('4:30/km is 13.33 km/h and 8.285 mph', () => {
    expect(speedFromPace(0.27, 'km/h')).toBeCloseTo(13.333, 3);
    expect(speedFromPace(0.27, 'mph')).toBeCloseTo(8.28497, 5);
  });
});
