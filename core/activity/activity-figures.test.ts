import { describe, expect, it } from 'vitest';
import {
  formatActivityDistance,
  formatActivityPace,
  formatElapsedTime,
  formatMovingTime,
  formatPaceOrSpeed,
  formatSpeed,
  NO_FIGURE,
  NO_TIME_DATA,
  paceOrSpeedLabel,
  speedInUnits,
  timeFigures,
} from './activity-figures.ts';

describe('activity time figures', () => {
  const timed = { hasTiming: true, movingTime: 1865, elapsedTime: 1900, averageSpeed: 1609.34 / 465 };

  it('shows a timed activity with its moving time and pace', () => {
    expect(formatMovingTime(timed)).toBe('31:05');
    expect(formatElapsedTime(timed)).toBe('31:40');
    expect(formatActivityPace(timed, 'imperial')).toBe('7:45/mi');
  });

  it('shows "No time data" and no pace for an activity without timing data', () => {
    const untimed = { hasTiming: false, movingTime: 0, elapsedTime: 0, averageSpeed: 0 };
    expect(NO_TIME_DATA).toBe('No time data');
    expect(formatMovingTime(untimed)).toBe('No time data');
    expect(formatElapsedTime(untimed)).toBe('—');
    expect(formatActivityPace(untimed, 'metric')).toBe('—');
  });
});

describe("the device's timer beside the moving time", () => {
  const run = { hasTiming: true, elapsedTime: 3800, averageSpeed: 3, strideMovingTime: 3535, timerTime: 3773.2 };

  it('shows the timer as the time, and the moving time beside it where the two differ', () => {
    expect(timeFigures({ ...run, movingTime: 3773.2 })).toEqual([
      ['Time', '1:02:53'],
      ['Moving time', '58:55'],
    ]);
    expect(timeFigures({ ...run, movingTime: 3773.2, strideMovingTime: 3773 })).toEqual([['Time', '1:02:53']]);
  });

  it('shows the moving time the runner chose, and the device timer beside it', () => {
    expect(timeFigures({ ...run, movingTime: 3535 })).toEqual([
      ['Moving time', '58:55'],
      ['Device timer', '1:02:53'],
    ]);
  });

  it('shows the moving time alone without a device timer', () => {
    expect(timeFigures({ ...run, movingTime: 3535, timerTime: null })).toEqual([['Moving time', '58:55']]);
  });
});

describe('pace or speed by type', () => {
  it('shows speed for rides and pace for runs and walks', () => {
    expect(paceOrSpeedLabel('ride')).toBe('Speed');
    expect(paceOrSpeedLabel('run')).toBe('Pace');
    expect(paceOrSpeedLabel('walk')).toBe('Pace');
    expect(formatPaceOrSpeed(5, 'ride', 'metric')).toBe('18.0 km/h');
    expect(formatPaceOrSpeed(5, 'ride', 'imperial')).toBe('11.2 mph');
    expect(formatPaceOrSpeed(1000 / 300, 'run', 'metric')).toBe('5:00/km');
    expect(formatSpeed(0, 'metric')).toBe('—');
    const ride = { type: 'ride', hasTiming: true, movingTime: 3600, averageSpeed: 25 / 3.6 };
    expect(formatActivityPace(ride, 'metric')).toBe('25.0 km/h');
    expect(formatActivityPace({ ...ride, hasTiming: false }, 'metric')).toBe('—');
  });
});

describe("speed in the reader's units (ride charts)", () => {
  it('converts metres per second to km/h or mph, unrounded', () => {
    expect(speedInUnits(5, 'metric')).toBeCloseTo(18, 9);
    expect(speedInUnits(5, 'imperial')).toBeCloseTo(18_000 / 1609.34, 9);
    expect(speedInUnits(0, 'metric')).toBe(0);
  });
});

describe('activity distance', () => {
  it('shows the distance in the runner’s units, and a dash for an activity that records none', () => {
    expect(formatActivityDistance({ distance: 5000 }, 'metric')).toBe('5.00 km');
    expect(formatActivityDistance({ distance: 1609.344 }, 'imperial')).toBe('1.00 mi');
    expect(formatActivityDistance({ distance: 0 }, 'imperial')).toBe(NO_FIGURE);
  });
});
