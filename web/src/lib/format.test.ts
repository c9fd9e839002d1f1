import { afterEach, describe, expect, it } from 'vitest';
import { reminderHint } from '../wellbeing/reminder-hint.ts';
import { formatFileSize } from './activity-format.ts';
import {
  firstDayOfWeek,
  formatClock,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayMonth,
  formatDecimal,
  formatDistance,
  formatElevation,
  formatMonthYear,
  formatNumber,
  formatTime,
  formatWallDateTime,
  formatWallDateTimeLong,
  setReaderLocale,
  weekdayNames,
} from './format.ts';
import { runnerTimeZone, setRunnerTimeZone } from './time-zone.ts';

afterEach(() => {
  setReaderLocale(undefined);
  setRunnerTimeZone(undefined);
});

function inLocale(locale: string, zone = 'Europe/London'): void {
  setReaderLocale(locale);
  setRunnerTimeZone(zone);
}

// 2026-11-24 07:00 in London (GMT, so 07:00Z).
const INSTANT = '2026-11-24T07:00:00.000Z';

describe('dates and times in the reader locale', () => {
  it('writes en-GB day-first with a 24-hour clock', () => {
    inLocale('en-GB');
    expect(formatWallDateTime('2026-11-24T07:00:00')).toBe('24 Nov 2026, 07:00');
    expect(formatWallDateTimeLong('2025-06-14T19:32:00')).toBe('Saturday, 14 June 2025 at 19:32');
    expect(formatDay('2027-02-03')).toBe('3 Feb 2027');
    expect(formatDay('2027-02-03', 'long')).toBe('3 February 2027');
    expect(formatDayMonth('2027-02-03')).toBe('3 Feb');
    expect(formatMonthYear('2027-02-03')).toBe('February 2027');
    expect(formatDate(INSTANT)).toBe('24 Nov 2026');
    expect(formatDateTime(INSTANT)).toBe('24 Nov 2026, 07:00');
    expect(formatTime(INSTANT)).toBe('07:00');
    expect(formatClock('08:00')).toBe('08:00');
    expect(formatClock('20:05')).toBe('20:05');
  });

  it('writes en-US month-first with a 12-hour clock', () => {
    inLocale('en-US', 'America/New_York');
    expect(formatWallDateTime('2026-11-24T07:00:00')).toBe('Nov 24, 2026, 7:00 AM');
    expect(formatDay('2027-02-03')).toBe('Feb 3, 2027');
    expect(formatDayMonth('2027-02-03')).toBe('Feb 3');
    // 07:00Z is 02:00 in New York.
    expect(formatDateTime(INSTANT)).toBe('Nov 24, 2026, 2:00 AM');
    expect(formatTime(INSTANT)).toBe('2:00 AM');
    expect(formatClock('08:00')).toBe('8:00 AM');
    expect(formatClock('20:05')).toBe('8:05 PM');
  });

  it('writes de-DE with dots and a 24-hour clock', () => {
    inLocale('de-DE', 'Europe/Berlin');
    expect(formatWallDateTime('2026-11-24T07:00:00')).toBe('24.11.2026, 07:00');
    expect(formatDay('2027-02-03')).toBe('03.02.2027');
    // 07:00Z is 08:00 in Berlin.
    expect(formatTime(INSTANT)).toBe('08:00');
    expect(formatClock('08:00')).toBe('08:00');
  });

  it('keeps an activity at the wall clock where it was run, whatever the runner zone', () => {
    inLocale('en-GB', 'Pacific/Auckland');
    expect(formatWallDateTime('2025-06-14T07:32:00.000+09:00')).toBe('14 Jun 2025, 07:32');
  });

  it('writes instants in the runner zone across a day boundary', () => {
    inLocale('en-GB', 'Pacific/Auckland');
    expect(formatDateTime('2026-11-24T20:30:00.000Z')).toBe('25 Nov 2026, 09:30');
    setRunnerTimeZone('America/Los_Angeles');
    expect(formatDate('2026-11-24T05:30:00.000Z')).toBe('23 Nov 2026');
  });

  it('shows a text that is not a date as it is', () => {
    inLocale('en-GB');
    expect(formatWallDateTime('not a date')).toBe('not a date');
    expect(formatDate('soon')).toBe('soon');
    expect(formatClock('8 o clock')).toBe('8 o clock');
  });
});

describe('numbers with thousands separators', () => {
  it('groups in en-GB and en-US with a comma, in de-DE with a dot', () => {
    inLocale('en-GB');
    expect(formatNumber(24901)).toBe('24,901');
    expect(formatDecimal(1234.5, 2)).toBe('1,234.50');
    expect(formatDistance(40_075_000, 'imperial')).toBe('24,901.51 mi');
    expect(formatElevation(1318, 'imperial')).toBe('4,324 ft');
    expect(formatFileSize(1023)).toBe('1,023 B');
    setReaderLocale('en-US');
    expect(formatDistance(1_234_560, 'metric')).toBe('1,234.56 km');
    setReaderLocale('de-DE');
    expect(formatNumber(24901)).toBe('24.901');
    expect(formatDistance(1_234_560, 'metric')).toBe('1.234,56 km');
    expect(formatElevation(1318, 'metric')).toBe('1.318 m');
  });
});

describe('the week', () => {
  it('starts on Monday in en-GB and de-DE, on Sunday in en-US', () => {
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('de-DE')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(7);
    inLocale('en-US');
    expect(weekdayNames().map((day) => day.short)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    inLocale('en-GB');
    expect(weekdayNames().map((day) => day.short)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames()[0]).toEqual({ iso: 1, short: 'Mon', long: 'Monday' });
  });
});

describe('the reminder field hint', () => {
  it('writes the chosen time as the time field shows it', () => {
    inLocale('en-GB');
    expect(reminderHint('08:00')).toBe('Reminds you at 08:00, your local time.');
    inLocale('en-US');
    expect(reminderHint('08:00')).toBe('Reminds you at 8:00 AM, your local time.');
    expect(reminderHint('')).toBe('Your local time.');
  });
});

describe('the runner zone', () => {
  it('is the one chosen in Account, else the browser zone', () => {
    setRunnerTimeZone(undefined);
    expect(runnerTimeZone()).toBe('UTC');
    setRunnerTimeZone('Europe/London');
    expect(runnerTimeZone()).toBe('Europe/London');
    setRunnerTimeZone(null);
    expect(runnerTimeZone()).toBe('UTC');
  });
});
