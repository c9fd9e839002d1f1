import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTANCE_CLASS_MILES } from '../../../core/medals/catalogue.ts';
import { METRES_PER_MILE } from '../../../core/units.ts';
import { calendarWeeks, dayLevel, describeDay, describeYear, monthLabels } from './running-days-calendar.ts';
import { setReaderLocale } from '../lib/format.ts';

// Dates as an en-US browser writes them.
beforeAll(() => setReaderLocale('en-US'));
afterAll(() => setReaderLocale(undefined));

const FIVE_K = DISTANCE_CLASS_MILES['5k-hero'] * METRES_PER_MILE;
const TEN_K = DISTANCE_CLASS_MILES['10k-warrior'] * METRES_PER_MILE;
const HALF = DISTANCE_CLASS_MILES['half-marathon-champion'] * METRES_PER_MILE;

describe('dayLevel', () => {
  it('is 0 without a run, then climbs at each distance class', () => {
    expect(dayLevel(0, 0)).toBe(0);
    expect(dayLevel(1, 0)).toBe(1);
    expect(dayLevel(1, FIVE_K - 1)).toBe(1);
    expect(dayLevel(1, FIVE_K)).toBe(2);
    expect(dayLevel(2, TEN_K - 1)).toBe(2);
    expect(dayLevel(1, TEN_K)).toBe(3);
    expect(dayLevel(1, HALF - 1)).toBe(3);
    expect(dayLevel(1, HALF)).toBe(4);
    expect(dayLevel(1, 100_000)).toBe(4);
  });
});

describe('calendarWeeks', () => {
  // 2026-11-04 is a Wednesday, 2026-11-17 a Tuesday.
  const runningDays = {
    from: '2026-11-04',
    to: '2026-11-17',
    days: [{ date: '2026-11-08', runs: 2, distance: TEN_K }],
  };
  const weeks = calendarWeeks(runningDays);

  it('runs from the Sunday on or before the first day to the week of the last, Sunday first', () => {
    expect(weeks).toHaveLength(3);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]?.map((day) => day?.date ?? null)).toEqual([
      null,
      null,
      null,
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(weeks[2]?.map((day) => day?.date ?? null)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      null,
      null,
      null,
      null,
    ]);
  });

  it('gives each day its runs, distance and level, and days without a run level 0', () => {
    expect(weeks[1]?.[0]).toEqual({
      date: '2026-11-08',
      time: Date.parse('2026-11-08T00:00:00Z'),
      runs: 2,
      distance: TEN_K,
      level: 3,
    });
    expect(weeks[1]?.[1]).toMatchObject({ date: '2026-11-09', runs: 0, distance: 0, level: 0 });
  });
});

describe('monthLabels', () => {
  it('names a month over the week holding its 1st, but never over the last column', () => {
    const weeks = calendarWeeks({ from: '2026-10-25', to: '2026-12-02', days: [] });
    // Weeks start 10-25, 11-01, 11-08, 11-15, 11-22, 11-29: December's 1st is in the last one.
    expect(monthLabels(weeks)).toEqual([{ week: 1, label: 'Nov' }]);
  });
});

describe('the sentences read out', () => {
  const day = { date: '2026-11-08', time: Date.parse('2026-11-08T00:00:00Z'), runs: 1, distance: 5000, level: 2 };

  it('describes a day with and without runs', () => {
    expect(describeDay(day, 'metric')).toBe('Sunday, November 8, 2026: 1 run, 5.00 km');
    expect(describeDay({ ...day, runs: 2 }, 'imperial')).toBe('Sunday, November 8, 2026: 2 runs, 3.11 mi');
    expect(describeDay({ ...day, runs: 0, distance: 0, level: 0 }, 'metric')).toBe('Sunday, November 8, 2026: no run');
  });

  it('sums the year', () => {
    const year = {
      from: '2025-11-09',
      to: '2026-11-08',
      days: [] as { date: string; runs: number; distance: number }[],
    };
    expect(describeYear(year, 'metric')).toBe('No runs in the past year yet.');
    year.days.push({ date: '2026-11-08', runs: 1, distance: 5000 });
    expect(describeYear(year, 'metric')).toBe('1 run on 1 day in the past year, 5.00 km.');
    year.days.push({ date: '2026-11-07', runs: 2, distance: 10_000 }, { date: '2026-11-06', runs: 0, distance: 0 });
    expect(describeYear(year, 'metric')).toBe('3 runs on 2 days in the past year, 15.00 km.');
  });
});
