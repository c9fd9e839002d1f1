import { describe, expect, it } from 'vitest';
import {
  addDays,
  type AnalyticsStreak,
  daysBetween,
  epochDay,
  forcedStreak,
  isoDayOf,
  nextStreak,
  weekdayOf,
  weekStart,
} from './streak.ts';

describe('calendar days', () => {
  it.each([
    ['2024-03-31', 1, '2024-04-01'],
    ['2023-12-31', 1, '2024-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2024-01-01', -1, '2023-12-31'],
    ['2024-03-10', 1, '2024-03-11'], // US daylight-saving change
    ['2024-10-27', 1, '2024-10-28'], // EU daylight-saving change
    ['2024-01-01', 365, '2024-12-31'],
    ['2024-06-21', 0, '2024-06-21'],
  ])('%s + %d days is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });

  it('counts whole days between two dates, negative when going back', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-12-31', '2024-01-01')).toBe(1);
    expect(daysBetween('2024-01-01', '2023-12-31')).toBe(-1);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2024-05-05', '2024-05-05')).toBe(0);
  });

  it.each([
    ['2024-03-03', '2024-03-03'], // Sunday
    ['2024-03-04', '2024-03-03'], // Monday
    ['2024-03-09', '2024-03-03'], // Saturday
    ['2024-03-10', '2024-03-10'], // the next Sunday
    ['2024-01-03', '2023-12-31'], // the week crosses the year
    ['1970-01-01', '1969-12-28'], // a Thursday, before day 0's week
  ])('the Sunday-to-Saturday week of %s starts on %s', (day, sunday) => {
    expect(weekStart(day)).toBe(sunday);
  });

  it('names weekdays from Sunday (0) to Saturday (6), also before 1970', () => {
    expect(weekdayOf(epochDay('2024-03-03') as number)).toBe(0);
    expect(weekdayOf(epochDay('2024-03-09') as number)).toBe(6);
    expect(weekdayOf(epochDay('1969-12-31') as number)).toBe(3);
  });

  it.each(['2023-02-29', '2024-13-01', '2024-04-31', '2024-00-10', '2024-1-1', '2024-01-01T00:00:00Z', '', 'today'])(
    'rejects %j as a calendar date',
    (text) => {
      expect(epochDay(text)).toBeNull();
      expect(() => addDays(text, 1)).toThrow(RangeError);
      expect(() => weekStart(text)).toThrow(RangeError);
    },
  );

  it('turns day counts back into dates', () => {
    expect(isoDayOf(0)).toBe('1970-01-01');
    expect(isoDayOf(epochDay('2024-02-29') as number)).toBe('2024-02-29');
  });
});

describe('nextStreak (spec §4 Streak)', () => {
  const streak = (current: number, longest: number, lastActiveDate: string | null): AnalyticsStreak => ({
    current,
    longest,
    lastActiveDate,
  });

  it('starts at 1/1 when there is no record', () => {
    expect(nextStreak(null, '2024-05-10')).toEqual(streak(1, 1, '2024-05-10'));
  });

  it('changes nothing on the same day as the last active date', () => {
    expect(nextStreak(streak(4, 9, '2024-05-10'), '2024-05-10')).toEqual(streak(4, 9, '2024-05-10'));
  });

  it('adds one when last active yesterday and keeps a longer longest', () => {
    expect(nextStreak(streak(4, 9, '2024-05-09'), '2024-05-10')).toEqual(streak(5, 9, '2024-05-10'));
  });

  it('raises longest to the new current when the streak passes it (max with the incremented value)', () => {
    expect(nextStreak(streak(9, 9, '2024-05-09'), '2024-05-10')).toEqual(streak(10, 10, '2024-05-10'));
  });

  it('counts yesterday across a year boundary', () => {
    expect(nextStreak(streak(2, 2, '2023-12-31'), '2024-01-01')).toEqual(streak(3, 3, '2024-01-01'));
  });

  it('resets current to 1 after a gap of one missed day, keeping longest', () => {
    expect(nextStreak(streak(6, 6, '2024-05-08'), '2024-05-10')).toEqual(streak(1, 6, '2024-05-10'));
  });

  it('sets current and longest to 1 when the record has no prior date', () => {
    expect(nextStreak(streak(3, 5, null), '2024-05-10')).toEqual(streak(1, 1, '2024-05-10'));
  });

  it('treats an unreadable stored date as no prior date', () => {
    expect(nextStreak(streak(3, 5, 'yesterday'), '2024-05-10')).toEqual(streak(1, 1, '2024-05-10'));
  });

  it('changes nothing when today is before the last active date (clock or zone change)', () => {
    expect(nextStreak(streak(3, 5, '2024-05-10'), '2024-05-09')).toEqual(streak(3, 5, '2024-05-10'));
  });

  it('resets to 1/1 on a forced recalculation', () => {
    expect(forcedStreak('2024-05-10')).toEqual(streak(1, 1, '2024-05-10'));
  });

  it('throws when today is not a calendar date', () => {
    expect(() => nextStreak(null, '10/05/2024')).toThrow(RangeError);
    expect(() => forcedStreak('2024-02-30')).toThrow(RangeError);
  });

  it('does not change the record it was given', () => {
    const previous = streak(4, 9, '2024-05-09');
    nextStreak(previous, '2024-05-10');
    expect(previous).toEqual(streak(4, 9, '2024-05-09'));
  });
});
