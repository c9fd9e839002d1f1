import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDateTime,
  formatDay,
  formatDistance,
  formatDuration,
  formatElevation,
  formatMonthYear,
  formatNumber,
  formatPace,
  formatPacePerMetre,
} from './format.ts';
import { METRES_PER_MILE } from './units.ts';

describe('formatDistance (spec §9: miles with 2 decimals, or km)', () => {
  it.each([
    [0, 'imperial', '0.00 mi'],
    [METRES_PER_MILE, 'imperial', '1.00 mi'],
    [5000, 'imperial', '3.11 mi'],
    [42195, 'imperial', '26.22 mi'],
    [0, 'metric', '0.00 km'],
    [5000, 'metric', '5.00 km'],
    [42195, 'metric', '42.20 km'],
    [1_234_560, 'metric', '1,234.56 km'],
    [40_075_000, 'imperial', '24,901.51 mi'],
  ] as const)('%d m in %s is %s', (metres, units, expected) => {
    expect(formatDistance(metres, units)).toBe(expected);
  });
});

describe('formatElevation (spec §9: climb in feet, or metres)', () => {
  it.each([
    [0, 'imperial', '0 ft'],
    [100, 'imperial', '328 ft'],
    [1000, 'imperial', '3,281 ft'],
    [100.4, 'metric', '100 m'],
    [1234, 'metric', '1,234 m'],
  ] as const)('%d m in %s is %s', (metres, units, expected) => {
    expect(formatElevation(metres, units)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [59.4, '0:59'],
    [65, '1:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [-5, '0:00'],
  ])('%d s is %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('formatPace (spec §9: m:ss/mi, or m:ss/km)', () => {
  it('gives minutes and seconds per mile for imperial users', () => {
    // 7:45/mi is 465 s per 1609.34 m.
    expect(formatPace(METRES_PER_MILE / 465, 'imperial')).toBe('7:45/mi');
  });

  it('gives minutes and seconds per kilometre for metric users', () => {
    expect(formatPace(1000 / 289, 'metric')).toBe('4:49/km');
    expect(formatPace(METRES_PER_MILE / 465, 'metric')).toBe('4:49/km');
  });

  it('pads seconds and rounds to the nearest second', () => {
    expect(formatPace(1000 / 300, 'metric')).toBe('5:00/km');
    expect(formatPace(1000 / 305.4, 'metric')).toBe('5:05/km');
    expect(formatPace(1000 / 359.6, 'metric')).toBe('6:00/km');
  });

  it('keeps counting minutes past the hour for very slow paces', () => {
    expect(formatPace(1000 / 3725, 'metric')).toBe('62:05/km');
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('shows a dash for a speed of %d', (speed) => {
    expect(formatPace(speed, 'imperial')).toBe('—');
    expect(formatPace(speed, 'metric')).toBe('—');
  });
});

describe('formatPacePerMetre (one pace rule for plans, calculators and read-outs)', () => {
  it('writes seconds per metre as m:ss per mile or per kilometre', () => {
    expect(formatPacePerMetre(0.27, 'metric')).toBe('4:30/km');
    expect(formatPacePerMetre(0.27, 'imperial')).toBe('7:15/mi');
    expect(formatPacePerMetre(465 / METRES_PER_MILE, 'imperial')).toBe(formatPace(METRES_PER_MILE / 465, 'imperial'));
  });
});

describe('the locale decides how numbers, days and times read', () => {
  it('groups and marks decimals as the locale does', () => {
    expect(formatDistance(1_234_560, 'metric', 'en-GB')).toBe('1,234.56 km');
    expect(formatDistance(1_234_560, 'metric', 'de-DE')).toBe('1.234,56 km');
    expect(formatElevation(1318, 'metric', 'de-DE')).toBe('1.318 m');
    expect(formatNumber(42.25, 'en-US', 1)).toBe('42.3');
  });

  it('writes a day day-first in en-GB and month-first in en-US, never as ISO', () => {
    expect(formatDay('2027-03-18', 'en-GB')).toBe('18 Mar 2027');
    expect(formatDay('2027-03-18', 'en-US')).toBe('Mar 18, 2027');
    expect(formatMonthYear('2026-11-26T09:00:00Z', 'en-GB', 'short')).toBe('Nov 2026');
  });

  it('writes times on a 24-hour clock in en-GB and with AM/PM in en-US', () => {
    expect(formatClock('08:00', 'en-GB')).toBe('08:00');
    expect(formatClock('20:05', 'en-US')).toBe('8:05 PM');
    expect(formatDateTime(Date.UTC(2026, 10, 24, 7), 'en-GB', 'Europe/London')).toBe('24 Nov 2026, 07:00');
    expect(formatDateTime(Date.UTC(2026, 10, 24, 12), 'en-US', 'America/New_York')).toBe('Nov 24, 2026, 7:00 AM');
  });

  it('leaves a text that is no day or time as written', () => {
    expect(formatDay('soon', 'en-GB')).toBe('soon');
    expect(formatClock('8 am', 'en-GB')).toBe('8 am');
  });
});
