import { describe, expect, it } from 'vitest';
import { formatActivityPace, formatElapsedTime, formatMovingTime, NO_TIME_DATA } from './activity-figures.ts';

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
