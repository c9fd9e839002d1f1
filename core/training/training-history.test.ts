import { describe, expect, it } from 'vitest';
import { addDays } from './local-day.ts';
import { trainingHistory } from './training-history.ts';

/** A Tuesday. */
const TODAY = '2026-11-24';
const run = (daysAgo: number, km: number, type = 'Run') => ({
  date: addDays(TODAY, -daysAgo),
  distanceM: km * 1000,
  type,
});

describe('trainingHistory', () => {
  it('averages the last 4 weeks and finds the longest run of the last 8, on its usual weekday', () => {
    // Five runs a week for four weeks (8 + 8 + 8 + 8 + 12.4 km = 44.4 km), the 12.4 km on Sundays.
    const weeks = [0, 1, 2, 3].flatMap((week) =>
      [1, 3, 4, 5].map((day) => run(week * 7 + day, 8)).concat(run(week * 7 + 2, 12.4)),
    );
    const history = trainingHistory([...weeks, run(40, 18), run(60, 30), run(3, 50, 'Ride')], TODAY);
    expect(history).toEqual({
      recentRuns: 20,
      weeklyDistanceM: 44_400,
      runsPerWeek: 5,
      longestRunM: 18_000,
      longRunDay: 0,
    });
  });

  it('leaves out today’s runs and counts the 28th day back, not the 29th', () => {
    const history = trainingHistory([run(0, 10), run(28, 8), run(29, 4)], TODAY);
    expect(history).toMatchObject({ recentRuns: 1, weeklyDistanceM: 2000, longestRunM: 8000 });
  });

  it('keeps runs a week within the plans’ 2 to 6, and has no long-run day without runs', () => {
    expect(trainingHistory([], TODAY)).toEqual({
      recentRuns: 0,
      weeklyDistanceM: 0,
      runsPerWeek: 2,
      longestRunM: 0,
      longRunDay: null,
    });
    const daily = Array.from({ length: 28 }, (_, day) => run(day + 1, 5));
    expect(trainingHistory(daily, TODAY).runsPerWeek).toBe(6);
  });
});
