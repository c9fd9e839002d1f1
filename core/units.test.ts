import { describe, expect, it } from 'vitest';
import { metresPerUnit, distanceInUnits, elevationInUnits, METRES_PER_MILE, paceSecondsPerUnit } from './units.ts';
import { formatPaceSeconds } from './format.ts';

describe('metresPerUnit (spec §9: 1 mile = 1609.34 m)', () => {
  it('is a mile for imperial and a kilometre for metric', () => {
    expect(metresPerUnit('imperial')).toBe(1609.34);
    expect(metresPerUnit('metric')).toBe(1000);
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
