import { describe, expect, it } from 'vitest';
import { orderSportTotals, otherSportsLine, formatSportFigure, type SportTotal } from './sport-totals.ts';

const total = (type: SportTotal['type'], activities: number, distance: number, duration = 0): SportTotal => ({
  type,
  activities,
  distance,
  elevation: distance / 100,
  duration,
});

describe('dashboard totals per sport', () => {
  it('runs first, then the other sports done, longest first', () => {
    const rows = [total('walk', 2, 8000), total('ride', 4, 32_187), total('run', 6, 61_155), total('swim', 0, 0)];
    expect(orderSportTotals(rows).map((row) => row.type)).toEqual(['run', 'ride', 'walk']);
  });

  it('runs are there with zeros when the runner has only ridden', () => {
    expect(orderSportTotals([total('ride', 1, 20_000)])).toEqual([total('run', 0, 0), total('ride', 1, 20_000)]);
  });

  it('38 mi of runs and 20 mi of rides read as two figures, never 58 mi', () => {
    const sports = orderSportTotals([total('run', 5, 38 * 1609.34, 18_000), total('ride', 2, 20 * 1609.34, 4000)]);
    expect(formatSportFigure(sports[0]!, 'distance', 'imperial')).toBe('38.00 mi');
    expect(otherSportsLine(sports, 'distance', 'imperial')).toBe('Rides 20.00 mi');
    expect(otherSportsLine(sports, 'activities', 'imperial')).toBe('Also 2 rides');
    expect(otherSportsLine(sports, 'duration', 'metric')).toBe('Rides 1:06:40');
    expect(otherSportsLine([sports[0]!], 'distance', 'imperial')).toBeNull();
    expect(
      otherSportsLine(orderSportTotals([total('swim', 1, 900), total('other', 3, 0, 3600)]), 'activities', 'metric'),
    ).toBe('Also 1 swim, 3 other activities');
  });

  it('a sport without any of a figure is not listed beside it (a swim has no climb, yoga no distance)', () => {
    const sports = orderSportTotals([
      total('run', 1, 5000, 1500),
      { type: 'swim', activities: 2, distance: 600, elevation: 0, duration: 772 },
      { type: 'other', activities: 1, distance: 0, elevation: 0, duration: 778 },
    ]);
    expect(otherSportsLine(sports, 'distance', 'imperial')).toBe('Swims 0.37 mi');
    expect(otherSportsLine(sports, 'elevation', 'imperial')).toBeNull();
    expect(otherSportsLine(sports, 'duration', 'imperial')).toBe('Swims 12:52 · Other 12:58');
  });
});
