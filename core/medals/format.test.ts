import { describe, expect, it } from 'vitest';
import { METRES_PER_MILE } from '../units.ts';
import { medalDefinition } from './catalogue.ts';
import {
  formatMedalCount,
  formatMedalDate,
  formatMedalDistance,
  medalValueInUnits,
  formatProgressHint,
  medalProgressPercent,
} from './format.ts';

describe('formatMedalDate (spec §9: the month and year, in the reader locale)', () => {
  it.each([
    ['2024-03-05T10:00:00.000Z', 'en-GB', 'Mar 2024'],
    ['2024-12-31', 'en-US', 'Dec 2024'],
    ['2009-01-01T00:00:00Z', 'en-GB', 'Jan 2009'],
    ['2030-10-15T23:59:59+02:00', 'de-DE', 'Okt. 2030'],
  ])('%s in %s is %s', (iso, locale, expected) => {
    expect(formatMedalDate(iso, locale)).toBe(expected);
  });

  it.each(['', '03/2024', '2024-13-01', 'yesterday'])('rejects %j', (text) => {
    expect(() => formatMedalDate(text)).toThrow(RangeError);
  });
});

describe('medal value texts', () => {
  it('shows distances with 2 decimals in the user units', () => {
    expect(formatMedalDistance(12.4 * METRES_PER_MILE, 'imperial')).toBe('12.40 miles');
    expect(formatMedalDistance(19_960, 'metric')).toBe('19.96 km');
  });

  it('shows counts with what they count', () => {
    expect(formatMedalCount(5, 'early runs')).toBe('5 early runs');
    expect(formatMedalCount(1200, 'days in a row')).toBe('1,200 days in a row');
  });
});

describe('formatProgressHint', () => {
  it('counts runs and days', () => {
    expect(formatProgressHint(medalDefinition('early-bird'), { current: 3, target: 5 }, 'imperial')).toBe(
      '3 of 5 early runs',
    );
    expect(formatProgressHint(medalDefinition('week-warrior'), { current: 4, target: 7 }, 'metric')).toBe(
      '4 of 7 days in a row',
    );
  });

  it('counts distance in the user units', () => {
    expect(formatProgressHint(medalDefinition('century-runner'), { current: 42.13, target: 100 }, 'imperial')).toBe(
      '42.1 of 100 miles',
    );
    expect(
      formatProgressHint(medalDefinition('around-the-world'), { current: 67.8, target: 40_074.18 }, 'metric'),
    ).toBe('67.8 of 40,074.2 km');
  });

  it('is null for medals that count nothing or without progress', () => {
    expect(formatProgressHint(medalDefinition('longest-run'), null, 'imperial')).toBeNull();
    expect(formatProgressHint(medalDefinition('5k-hero'), { current: 1, target: 1 }, 'imperial')).toBeNull();
    expect(formatProgressHint(medalDefinition('early-bird'), null, 'imperial')).toBeNull();
  });
});

describe('medalProgressPercent (spec §4)', () => {
  it('is 100 when held and 0 otherwise', () => {
    expect(medalProgressPercent(true)).toBe(100);
    expect(medalProgressPercent(false)).toBe(0);
  });
});

describe('medalValueInUnits (every screen follows the profile unit system)', () => {
  it('rewrites an imperial distance, climb and pace in metric', () => {
    expect(medalValueInUnits('17.16 miles', 'metric')).toBe('27.62 km');
    expect(medalValueInUnits('2,177 ft', 'metric')).toBe('664 m');
    expect(medalValueInUnits('7:45/mi', 'metric')).toBe('4:49/km');
    expect(medalValueInUnits('100.00 miles', 'metric')).toBe('160.93 km');
  });

  it('rewrites a metric distance, climb and pace in imperial', () => {
    expect(medalValueInUnits('19.96 km', 'imperial')).toBe('12.40 miles');
    expect(medalValueInUnits('367 m', 'imperial')).toBe('1,204 ft');
    expect(medalValueInUnits('4:49/km', 'imperial')).toBe('7:45/mi');
    expect(medalValueInUnits('1,609.34 km', 'imperial')).toBe('1,000.00 miles');
  });

  it("keeps a value already in the reader's units as it is", () => {
    expect(medalValueInUnits('12.40 miles', 'imperial')).toBe('12.40 miles');
    expect(medalValueInUnits('4:49/km', 'metric')).toBe('4:49/km');
    expect(medalValueInUnits('1,203 ft', 'imperial')).toBe('1,203 ft');
  });

  it('leaves counts and times, which have no unit, alone', () => {
    expect(medalValueInUnits('5 early runs', 'metric')).toBe('5 early runs');
    expect(medalValueInUnits('7 days in a row', 'imperial')).toBe('7 days in a row');
    expect(medalValueInUnits('24:59', 'metric')).toBe('24:59');
    expect(medalValueInUnits('1:02:03', 'metric')).toBe('1:02:03');
  });
});
