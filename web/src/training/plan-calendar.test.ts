import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingPlan } from '../../../core/training/training-api.ts';
import { setReaderLocale } from '../lib/format.ts';
import { planCalendarRows, planWeekRows, weekDistanceText } from './plan-calendar.ts';

beforeAll(() => setReaderLocale('en-GB'));
afterAll(() => setReaderLocale(undefined));

type Week = TrainingPlan['calendar'][number];

function run(date: string, metres: number): Week['days'][number] {
  return {
    date,
    state: 'future',
    restDay: false,
    tasks: [
      {
        completed: false,
        task: {
          id: `${date}-easy`,
          kind: 'easy',
          distanceM: metres,
          reps: null,
          repDistanceM: null,
          effortM: null,
          pace: 'easy',
          paceSPerM: 0.36,
          minutes: null,
        },
      },
    ],
  };
}

const rest = (date: string): Week['days'][number] => ({ date, state: 'future', restDay: true, tasks: [] });

// A plan from Wednesday 25 Nov 2026: its weeks run Wednesday to Tuesday.
const calendar: Week[] = [
  {
    number: 1,
    kind: 'base',
    days: [
      run('2026-11-25', 5000),
      rest('2026-11-26'),
      run('2026-11-27', 6000),
      rest('2026-11-28'),
      run('2026-11-29', 12_000),
      rest('2026-11-30'),
      run('2026-12-01', 7000),
    ],
  },
  { number: 2, kind: 'build', days: [run('2026-12-02', 8000)] },
];

describe('planCalendarRows', () => {
  it('lays the days out in Monday-first weeks, with the month where it begins and each week’s distance', () => {
    const rows = planCalendarRows(calendar, 1);
    expect(rows.map((row) => row.start)).toEqual(['2026-11-23', '2026-11-30']);
    expect(rows[0]!.days.map((day) => day?.date ?? null)).toEqual([
      null,
      null,
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(rows.map((row) => row.month)).toEqual(['November 2026', 'December 2026']);
    expect(rows.map((row) => row.distanceM)).toEqual([23_000, 15_000]);
    expect(rows.map((row) => row.weekNumber)).toEqual([1, 2]);
    expect(rows[1]!.days.map((day) => day?.date ?? null)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      null,
      null,
      null,
      null,
    ]);
  });

  it('starts the weeks on Sunday for a Sunday-first locale', () => {
    const rows = planCalendarRows(calendar, 7);
    expect(rows.map((row) => row.start)).toEqual(['2026-11-22', '2026-11-29']);
    expect(rows[1]!.days[0]?.date).toBe('2026-11-29');
    expect(rows.map((row) => row.distanceM)).toEqual([11_000, 27_000]);
  });

  it('names each plan week once, on the row holding most of its days', () => {
    // A plan from Monday 30 Nov 2026 (weeks Monday to Sunday) in Sunday-first rows.
    const day = (offset: number) => new Date(Date.UTC(2026, 10, 30 + offset)).toISOString().slice(0, 10);
    const mondayPlan: Week[] = [
      { number: 1, kind: 'base', days: Array.from({ length: 7 }, (_, i) => run(day(i), 5000)) },
      { number: 2, kind: 'build', days: Array.from({ length: 7 }, (_, i) => run(day(7 + i), 6000)) },
    ];
    const rows = planCalendarRows(mondayPlan, 7);
    expect(rows.map((row) => [row.start, row.month, row.weekNumber, row.kind])).toEqual([
      ['2026-11-29', 'November 2026', 1, 'base'],
      // Sunday 6 Dec ends week 1; 7–12 Dec are week 2; Sunday 13 Dec ends it, a row of no week's most days.
      ['2026-12-06', null, 2, 'build'],
      ['2026-12-13', null, null, null],
    ]);
  });

  it('does not name week 1 twice when the plan begins on the reader week’s last day', () => {
    // A plan from Sunday 29 Nov 2026 (weeks Sunday to Saturday, a Saturday race) in Monday-first rows.
    const day = (offset: number) => new Date(Date.UTC(2026, 10, 29 + offset)).toISOString().slice(0, 10);
    const sundayPlan: Week[] = [1, 2, 3].map((number) => ({
      number,
      kind: 'build',
      days: Array.from({ length: 7 }, (_, i) => run(day(7 * (number - 1) + i), 5000)),
    }));
    const rows = planCalendarRows(sundayPlan, 1);
    expect(rows.map((row) => [row.start, row.weekNumber])).toEqual([
      ['2026-11-23', null],
      ['2026-11-30', 1],
      ['2026-12-07', 2],
      ['2026-12-14', 3],
    ]);
  });

  it('has no rows for an empty plan', () => {
    expect(planCalendarRows([], 1)).toEqual([]);
  });
});

describe('planWeekRows', () => {
  it('keeps each plan week whole, with the month where it begins and its distance', () => {
    const rows = planWeekRows(calendar);
    expect(rows.map((row) => [row.start, row.weekNumber, row.kind, row.month, row.distanceM])).toEqual([
      ['2026-11-25', 1, 'base', 'November 2026', 30_000],
      ['2026-12-02', 2, 'build', 'December 2026', 8000],
    ]);
    expect(rows[0]!.days.map((day) => day?.date)).toEqual(calendar[0]!.days.map((day) => day.date));
    expect(weekDistanceText(30_000, 'metric')).toBe('30 km');
    expect(weekDistanceText(30_000, 'imperial')).toBe('18.6 mi');
  });
});
