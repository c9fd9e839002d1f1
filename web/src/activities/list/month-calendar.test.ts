import { describe, expect, it } from 'vitest';
import { calendarRange, monthCalendarWeeks, monthRange, shiftMonth } from './month-calendar.ts';

const run = (startDateLocal: string, distance: number) => ({ startDateLocal, distance });
/** A today outside every month shown here. */
const NO_TODAY = '2030-01-01';

describe('the activity list month calendar', () => {
  it('gives a month its inclusive date range, leap years included', () => {
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('steps to the previous and next month across the year', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-11', 1)).toBe('2026-12');
  });

  it('starts each week on Monday where the locale does, filling the edges from the next months', () => {
    // November 2026 begins on a Sunday and ends on a Monday.
    const weeks = monthCalendarWeeks('2026-11', [], 1, NO_TODAY);
    expect(weeks.map((week) => week.start)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(weeks[0]!.days.map((day) => day.inMonth)).toEqual([false, false, false, false, false, false, true]);
    expect(weeks[5]!.days.map((day) => day.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weeks[5]!.days.filter((day) => day.inMonth)).toHaveLength(1);
  });

  it('starts each week on Sunday where the locale does', () => {
    const weeks = monthCalendarWeeks('2026-11', [], 7, NO_TODAY);
    expect(weeks.map((week) => week.start)).toEqual([
      '2026-11-01',
      '2026-11-08',
      '2026-11-15',
      '2026-11-22',
      '2026-11-29',
    ]);
    expect(weeks[0]!.days.every((day) => day.inMonth)).toBe(true);
  });

  it('puts each activity on its local day, in start order, and totals each week', () => {
    const weeks = monthCalendarWeeks(
      '2026-11',
      [
        run('2026-11-03T18:00:00', 8000),
        run('2026-11-03T07:00:00', 5000),
        run('2026-11-08T09:00:00', 21100),
        run('2026-11-09T07:00:00', 3000),
      ],
      1,
      NO_TODAY,
    );
    const tuesday = weeks[1]!.days[1]!;
    expect(tuesday.date).toBe('2026-11-03');
    expect(tuesday.activities.map((activity) => activity.startDateLocal)).toEqual([
      '2026-11-03T07:00:00',
      '2026-11-03T18:00:00',
    ]);
    expect(weeks.map((week) => week.distanceM)).toEqual([0, 34100, 3000, 0, 0, 0]);
  });

  it('shows whole weeks: the range runs from the first row’s first day to the last row’s last', () => {
    // November 2026 begins on a Sunday and ends on a Monday.
    expect(calendarRange('2026-11', 1)).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(calendarRange('2026-11', 7)).toEqual({ from: '2026-11-01', to: '2026-12-05' });
    // February 2027 starts on a Monday and ends on a Sunday: no neighbouring days.
    expect(calendarRange('2027-02', 1)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(calendarRange('2027-01', 6)).toEqual({ from: '2026-12-26', to: '2027-02-05' });
  });

  it('totals each whole week, the neighbouring months’ days of the first and last rows included', () => {
    const weeks = monthCalendarWeeks(
      '2026-11',
      [
        run('2026-10-30T07:30:00', 6000),
        run('2026-11-01T09:00:00', 10000),
        run('2026-11-30T07:00:00', 4000),
        run('2026-12-03T07:00:00', 7000),
      ],
      1,
      NO_TODAY,
    );
    expect(weeks.map((week) => week.distanceM)).toEqual([16000, 0, 0, 0, 0, 11000]);
    const friday = weeks[0]!.days[4]!;
    expect(friday).toMatchObject({ date: '2026-10-30', inMonth: false });
    expect(friday.activities.map((activity) => activity.distance)).toEqual([6000]);
    expect(weeks[5]!.days[3]!.activities.map((activity) => activity.distance)).toEqual([7000]);
  });

  it('marks the runner’s today, also on a neighbouring month’s day of the first or last row', () => {
    const marked = (today: string) =>
      monthCalendarWeeks('2026-11', [], 1, today).flatMap((week) =>
        week.days.filter((day) => day.today).map((day) => day.date),
      );
    expect(marked('2026-11-04')).toEqual(['2026-11-04']);
    expect(marked('2026-12-02')).toEqual(['2026-12-02']);
    expect(marked('2026-12-07')).toEqual([]);
  });
});
