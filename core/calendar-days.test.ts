import { describe, expect, it } from 'vitest';
import {
  addDays,
  CALENDAR_DAY_MESSAGES,
  daysBetween,
  epochDay,
  ISO_MONDAY,
  ISO_SUNDAY,
  isoDayOf,
  isoDaySchema,
  weekdayOf,
  weekStart,
} from './calendar-days.ts';

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
    expect(weekStart(day, ISO_SUNDAY)).toBe(sunday);
  });

  it.each([
    ['2026-11-24', ISO_MONDAY, '2026-11-23'], // a Tuesday
    ['2026-11-23', ISO_MONDAY, '2026-11-23'],
    ['2026-11-29', ISO_MONDAY, '2026-11-23'], // the Sunday after
    ['2026-01-01', ISO_MONDAY, '2025-12-29'],
    ['2026-11-27', 6, '2026-11-21'], // a Friday, in a locale whose weeks start on Saturday
    ['2026-11-28', 6, '2026-11-28'],
  ])('the week of %s starting on weekday %i starts on %s', (day, firstDay, start) => {
    expect(weekStart(day, firstDay)).toBe(start);
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
      expect(() => weekStart(text, ISO_MONDAY)).toThrow(RangeError);
    },
  );

  it('turns day counts back into dates', () => {
    expect(isoDayOf(0)).toBe('1970-01-01');
    expect(isoDayOf(epochDay('2024-02-29') as number)).toBe('2024-02-29');
  });
});

describe('isoDaySchema', () => {
  it('accepts zero-padded real dates only', () => {
    expect(isoDaySchema.parse('2026-04-12')).toBe('2026-04-12');
    for (const bad of ['2026-4-12', '2026-02-30', '12/04/2026']) {
      const result = isoDaySchema.safeParse(bad);
      expect(result.error?.issues[0]?.message).toBe(CALENDAR_DAY_MESSAGES.notADate);
    }
  });
});
