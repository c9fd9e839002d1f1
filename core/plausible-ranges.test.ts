import { describe, expect, it } from 'vitest';
import { isPlausible, PLAUSIBLE_RANGES, plausibleOrNaN, plausibleOrNull } from './plausible-ranges.ts';

describe('plausible ranges', () => {
  it('keeps the bounds the spec names: elevation −500…9,000 m, heart rate 20…250', () => {
    expect(PLAUSIBLE_RANGES.elevation).toEqual({ min: -500, max: 9_000 });
    expect(PLAUSIBLE_RANGES.heartRate).toEqual({ min: 20, max: 250 });
    expect(isPlausible('elevation', -500)).toBe(true);
    expect(isPlausible('elevation', 9_000)).toBe(true);
    expect(isPlausible('elevation', 9_000.1)).toBe(false);
    expect(isPlausible('elevation', -500.1)).toBe(false);
    expect(isPlausible('heartRate', 19)).toBe(false);
    expect(isPlausible('heartRate', 251)).toBe(false);
    expect(isPlausible('heartRate', 142)).toBe(true);
  });

  it('holds a distance to 1,000 km and a duration to 7 days, the limits an activity is flagged past', () => {
    expect(isPlausible('distance', 1_000_000)).toBe(true);
    expect(isPlausible('distance', 1_000_000.1)).toBe(false);
    expect(isPlausible('elapsedSeconds', 7 * 86_400)).toBe(true);
    expect(isPlausible('elapsedSeconds', 7 * 86_400 + 1)).toBe(false);
  });

  it('refuses non-finite numbers and anything that is not a number, for every kind', () => {
    for (const kind of Object.keys(PLAUSIBLE_RANGES) as (keyof typeof PLAUSIBLE_RANGES)[]) {
      for (const value of [Number.NaN, Infinity, -Infinity, 1e308, -1e308, '12', null, undefined, {}]) {
        expect(isPlausible(kind, value)).toBe(false);
      }
    }
  });

  it('drops a value outside its range as NaN or null and keeps one inside', () => {
    expect(plausibleOrNaN('elevation', 1e308)).toBeNaN();
    expect(plausibleOrNaN('elevation', 312.4)).toBe(312.4);
    expect(plausibleOrNaN('cadence', undefined)).toBeNaN();
    expect(plausibleOrNull('temperature', 1e308)).toBeNull();
    expect(plausibleOrNull('temperature', -12.5)).toBe(-12.5);
    expect(plausibleOrNull('latitude', 91)).toBeNull();
    expect(plausibleOrNull('longitude', -180)).toBe(-180);
  });
});
