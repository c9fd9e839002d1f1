import { describe, expect, it } from 'vitest';
import {
  metresPerUnit,
  distanceInUnits,
  elevationInUnits,
  formatDistance,
  formatDuration,
  formatElevation,
  formatPace,
  formatPaceSeconds,
  METRES_PER_MILE,
  paceSecondsPerUnit,
} from './units.ts';

describe('metresPerUnit (spec §9: 1 mile = 1609.34 m)', () => {
  it('is a mile for imperial and a kilometre for metric', () => {
    expect(metresPerUnit('imperial')).toBe(1609.34);
    expect(metresPerUnit('metric')).toBe(1000);
  });
});

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

describe('chart conversions', () => {
  it('converts metres to miles, kilometres and feet', () => {
    expect(distanceInUnits(METRES_PER_MILE * 2, 'imperial')).toBeCloseTo(2);
    expect(distanceInUnits(2500, 'metric')).toBe(2.5);
    expect(elevationInUnits(0.3048, 'imperial')).toBeCloseTo(1);
    expect(elevationInUnits(12, 'metric')).toBe(12);
  });

  it('gives pace in seconds per unit, undefined when standing still', () => {
    expect(paceSecondsPerUnit(4, 'metric')).toBe(250);
    expect(paceSecondsPerUnit(0, 'metric')).toBeUndefined();
    expect(formatPaceSeconds(250)).toBe('4:10');
  });
});
