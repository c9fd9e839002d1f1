import { describe, expect, it } from 'vitest';
import {
  AVERAGE_SPEED_MARGIN,
  checkPlausibility,
  FLAG_CONSEQUENCE,
  MAX_PLAUSIBLE_FOOT_DISTANCE_M,
  MAX_SUSTAINED_SPEED_MPS,
  rideWouldMend,
  type PlausibilityInput,
} from './plausibility.ts';
import { PLAUSIBLE_RANGES } from '../plausible-ranges.ts';

/** A real 10 km run in 50 minutes. */
const run: PlausibilityInput = {
  type: 'run',
  distance: 10_000,
  movingTime: 3000,
  elapsedTime: 3100,
  averageSpeed: 10_000 / 3000,
  maxSpeed: 5,
  positionDistance: null,
};

describe('plausibility of an activity', () => {
  it('a real run, ride and walk are plausible', () => {
    expect(checkPlausibility(run)).toBeNull();
    expect(
      checkPlausibility({
        ...run,
        type: 'ride',
        distance: 120_000,
        averageSpeed: 9,
        maxSpeed: 22,
        elapsedTime: 15_000,
      }),
    ).toBeNull();
    expect(checkPlausibility({ ...run, type: 'walk', averageSpeed: 1.4, maxSpeed: 2.5 })).toBeNull();
  });

  it('distance: 1,000 km is the most, 1 m more is flagged with the sentence', () => {
    const slow = { ...run, averageSpeed: 3, maxSpeed: 4, elapsedTime: 400_000 };
    expect(checkPlausibility({ ...slow, type: 'ride', distance: PLAUSIBLE_RANGES.distance.max })).toBeNull();
    expect(checkPlausibility({ ...slow, type: 'ride', distance: PLAUSIBLE_RANGES.distance.max + 1 })).toEqual({
      reason: 'distance',
      message: `This activity's distance (1,000 km, 621 mi) is longer than any single activity. ${FLAG_CONSEQUENCE}`,
    });
    expect(checkPlausibility({ ...run, distance: 1e10 })?.message).toBe(
      `This activity's distance (10,000,000 km, 6,213,727 mi) is longer than any single activity. It is left out of your totals and medals until you confirm it.`,
    );
    expect(checkPlausibility({ ...run, distance: Number.POSITIVE_INFINITY })?.reason).toBe('distance');
    expect(checkPlausibility({ ...run, distance: Number.NaN })?.reason).toBe('distance');
  });

  it('distance on foot: 330 km is the most, also for a track without time data', () => {
    const untimed = { ...run, movingTime: 0, elapsedTime: 0, averageSpeed: 0, maxSpeed: 0 };
    for (const type of ['run', 'walk', 'hike'] as const) {
      expect(checkPlausibility({ ...untimed, type, distance: MAX_PLAUSIBLE_FOOT_DISTANCE_M })).toBeNull();
      expect(checkPlausibility({ ...untimed, type, distance: MAX_PLAUSIBLE_FOOT_DISTANCE_M + 1 })?.reason).toBe(
        'distance',
      );
    }
    expect(checkPlausibility({ ...untimed, distance: 621_000 })?.message).toBe(
      `This activity's distance (621 km, 386 mi) is farther than anyone covers on foot in one go. ${FLAG_CONSEQUENCE}`,
    );
    // A ride of that distance is a long day on a bike.
    expect(checkPlausibility({ ...untimed, type: 'ride', distance: 621_000 })).toBeNull();
  });

  it('duration: 7 days is the most', () => {
    expect(checkPlausibility({ ...run, elapsedTime: PLAUSIBLE_RANGES.elapsedSeconds.max })).toBeNull();
    expect(checkPlausibility({ ...run, elapsedTime: PLAUSIBLE_RANGES.elapsedSeconds.max + 1 })?.reason).toBe(
      'duration',
    );
    expect(checkPlausibility({ ...run, elapsedTime: 365 * 86_400 })?.message).toBe(
      `This activity lasts 365 days, longer than any single activity. ${FLAG_CONSEQUENCE}`,
    );
  });

  it('sustained speed: 12.5 m/s on foot, 35 m/s on a bike or another declared sport', () => {
    expect(MAX_SUSTAINED_SPEED_MPS).toEqual({ run: 12.5, walk: 12.5, hike: 12.5, swim: 12.5, ride: 35, other: 35 });
    expect(checkPlausibility({ ...run, maxSpeed: 12.5 })).toBeNull();
    expect(checkPlausibility({ ...run, maxSpeed: 12.51 })?.reason).toBe('speed');
    expect(checkPlausibility({ ...run, maxSpeed: 114.4 })?.message).toBe(
      `This activity's speed (412 km/h, 256 mph) is faster than anyone runs. ${FLAG_CONSEQUENCE}`,
    );
    expect(checkPlausibility({ ...run, type: 'walk', maxSpeed: 20 })?.message).toBe(
      `This activity's speed (72 km/h, 45 mph) is faster than anyone walks or runs. ${FLAG_CONSEQUENCE}`,
    );
    const ride = { ...run, type: 'ride' as const, averageSpeed: 9 };
    expect(checkPlausibility({ ...ride, maxSpeed: 35 })).toBeNull();
    expect(checkPlausibility({ ...ride, maxSpeed: 35.01 })?.message).toBe(
      `This activity's speed (126 km/h, 78 mph) is faster than anyone rides a bike. ${FLAG_CONSEQUENCE}`,
    );
  });

  it('average speed: the world record for the distance plus 10 %', () => {
    // Marathon record 2:00:35 = 5.83 m/s.
    const marathon = { ...run, distance: 42_195, maxSpeed: 7 };
    expect(checkPlausibility({ ...marathon, averageSpeed: 5.83 * AVERAGE_SPEED_MARGIN })).toBeNull();
    expect(checkPlausibility({ ...marathon, averageSpeed: 5.83 * AVERAGE_SPEED_MARGIN + 0.01 })).toEqual({
      reason: 'average-speed',
      message: `This activity's average speed (23 km/h, 14 mph) over 42 km, 26 mi is faster than the world record for that distance. ${FLAG_CONSEQUENCE}`,
    });
    // Under 400 m there is no record to compare with; 5 km uses the 5 km record (6.62 m/s).
    expect(checkPlausibility({ ...run, distance: 399, averageSpeed: 12, maxSpeed: 12 })).toBeNull();
    expect(checkPlausibility({ ...run, distance: 5000, averageSpeed: 7.2, maxSpeed: 8 })).toBeNull();
    expect(checkPlausibility({ ...run, distance: 5000, averageSpeed: 7.3, maxSpeed: 8 })?.reason).toBe('average-speed');
    // Rides over 40 km: the hour record (15.78 m/s).
    const ride = { ...run, type: 'ride' as const, distance: 40_000, maxSpeed: 20 };
    expect(checkPlausibility({ ...ride, averageSpeed: 17.3 })).toBeNull();
    expect(checkPlausibility({ ...ride, averageSpeed: 17.4 })?.reason).toBe('average-speed');
    expect(checkPlausibility({ ...ride, distance: 39_999, averageSpeed: 17.4 })).toBeNull();
  });

  it("device distance against the GPS points' distance: within 2× either way", () => {
    const device = (metres: number, points = 100) => ({ ...run, positionDistance: { metres, points } });
    expect(checkPlausibility(device(5000))).toBeNull();
    expect(checkPlausibility(device(20_000))).toBeNull();
    expect(checkPlausibility(device(4999))?.message).toBe(
      `The distance this file records (10 km, 6.2 mi) disagrees with the distance its GPS points cover (5 km, 3.1 mi). ${FLAG_CONSEQUENCE}`,
    );
    expect(checkPlausibility(device(20_001))?.reason).toBe('distance-mismatch');
    // Too few points or metres to compare (a treadmill with GPS on): not flagged.
    expect(checkPlausibility(device(20_001, 99))).toBeNull();
    expect(checkPlausibility(device(999))).toBeNull();
  });
});

describe('plausibility of an activity’s date', () => {
  const nowMs = Date.UTC(2026, 10, 24, 12, 0, 0);
  const at = (startMs: number) => checkPlausibility({ ...run, start: { startMs, nowMs } });

  it('from 1 January 2000 to a day after the moment it is judged is plausible', () => {
    expect(at(Date.UTC(2000, 0, 1))).toBeNull();
    expect(at(Date.UTC(2026, 10, 24, 7, 0, 0))).toBeNull();
    expect(at(nowMs + 24 * 60 * 60 * 1000)).toBeNull();
    // Without the start the date is not judged.
    expect(checkPlausibility(run)).toBeNull();
  });

  it('before 2000 asks to be confirmed, with the date said', () => {
    expect(at(Date.UTC(1999, 11, 31, 23, 59, 59))).toEqual({
      reason: 'date',
      message: `This activity is dated 31 December 1999, before 2000: the device's clock was probably not set. ${FLAG_CONSEQUENCE}`,
    });
    expect(at(Date.UTC(1990, 5, 1))?.message).toContain('dated 1 June 1990, before 2000');
  });

  it('in the future asks to be confirmed', () => {
    expect(at(nowMs + 24 * 60 * 60 * 1000 + 1)).toEqual({
      reason: 'date',
      message: `This activity is dated 25 November 2026, in the future: the device's clock was probably wrong. ${FLAG_CONSEQUENCE}`,
    });
  });

  it('an implausible figure is named before the date', () => {
    expect(checkPlausibility({ ...run, distance: 2_000_000, start: { startMs: 0, nowMs } })?.reason).toBe('distance');
  });
});

describe('"Make it a ride" is offered', () => {
  // 20 km in 40 minutes (30 km/h), stored as a run and flagged.
  const stored = {
    type: 'run' as const,
    flagged: true,
    distance: 20_000,
    movingTime: 2400,
    elapsedTime: 2400,
    averageSpeed: 20_000 / 2400,
    maxSpeed: 9,
    startDate: '2024-05-01T05:30:00.000Z',
  };

  it('for a run too fast on foot but not on a bike (the average over 20 km, or the maximum)', () => {
    expect(rideWouldMend(stored)).toBe(true);
    expect(rideWouldMend({ ...stored, distance: 10_000, averageSpeed: 10_000 / 2400, maxSpeed: 16.7 })).toBe(true);
  });

  it('not for a ride, an activity not flagged, one too fast for a bike too, or one flagged for its points', () => {
    expect(rideWouldMend({ ...stored, type: 'ride' })).toBe(false);
    expect(rideWouldMend({ ...stored, flagged: false })).toBe(false);
    expect(rideWouldMend({ ...stored, maxSpeed: 40 })).toBe(false);
    // Plausible figures on foot: the flag came from the file's points (a distance mismatch).
    expect(rideWouldMend({ ...stored, averageSpeed: 3, maxSpeed: 4 })).toBe(false);
  });
});
