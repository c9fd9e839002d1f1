import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-record.ts';
import { cadenceFactor, cadenceInSteps, scaleCadence } from './cadence.ts';
import { parseActivityFile } from './parse-activity-file.ts';

const context = { fallbackTimeZone: 'UTC', now: new Date('2026-01-01T00:00:00Z') };

describe('running cadence in steps per minute', () => {
  it('doubles strides from FIT and TCX on foot, keeps rides and GPX as written', () => {
    expect(cadenceFactor('fit', 'run')).toBe(2);
    expect(cadenceFactor('tcx', 'walk')).toBe(2);
    expect(cadenceFactor('fit', 'hike')).toBe(2);
    expect(cadenceFactor('fit', 'ride')).toBe(1);
    expect(cadenceFactor('gpx', 'run')).toBe(1);
    const column = Float64Array.from([80, Number.NaN, 0]);
    scaleCadence(column, 2);
    expect(Array.from(column)).toEqual([160, Number.NaN, 0]);
  });

  it("doubles Strava's strides on foot (runs, walks, hikes) with the same rule, keeps rides and other sports", () => {
    expect(cadenceFactor('strava', 'run')).toBe(2);
    expect(cadenceFactor('strava', 'walk')).toBe(2);
    expect(cadenceFactor('strava', 'hike')).toBe(2);
    expect(cadenceFactor('strava', 'ride')).toBe(1);
    expect(cadenceFactor('strava', 'swim')).toBe(1);
    expect(cadenceFactor('strava', 'other')).toBe(1);
    expect(cadenceInSteps(84, 'strava', 'run')).toBe(168);
    expect(cadenceInSteps(84, 'strava', 'ride')).toBe(84);
    expect(cadenceInSteps(null, 'strava', 'run')).toBeNull();
    expect(cadenceInSteps(81.5, 'gpx', 'run')).toBe(81.5);
  });

  it('reads a FIT run at the steps per minute a watch shows, in the average, the track and the laps', () => {
    const bytes = new Uint8Array(
      readFileSync(new URL('../../test/fixtures/real/running-with-developer-data.fit', import.meta.url)),
    );
    const parsed = parseActivityFile('fit', bytes);
    const strides = parsed.track.cadence.filter((value) => Number.isFinite(value) && value > 0);
    const strideMean = strides.reduce((sum, value) => sum + value, 0) / strides.length;
    const record = describeActivity(parsed, context);
    expect(record.type).toBe('run');
    expect(record.averageCadence).toBeCloseTo(strideMean * 2, 6);
    expect(record.averageCadence).toBeGreaterThan(150);
    expect(record.averageCadence).toBeLessThan(190);
    const stepsTrack = parsed.track.cadence.filter((value) => Number.isFinite(value) && value > 0);
    expect(stepsTrack[0]).toBe((strides[0] as number) * 2);
    record.laps.forEach((lap, index) => {
      const fileLap = parsed.laps[index]?.averageCadence ?? Number.NaN;
      if (Number.isFinite(fileLap)) {
        expect(lap.averageCadence).toBe(fileLap * 2);
      }
    });
  });
});
