import { describe, expect, it } from 'vitest';
import { type AnalyticsStreak, forcedStreak, nextStreak } from './streak.ts';

describe('nextStreak (spec §4 Streak)', () => {
  const streak = (current: number, longest: number, lastActiveDate: string | null): AnalyticsStreak => ({
    current,
    longest,
    lastActiveDate,
  });

  it('starts at 1/1 when there is no record', () => {
    expect(nextStreak(null, '2024-05-10')).toEqual(streak(1, 1, '2024-05-10'));
  });

  it('changes nothing on the same day as the last active date', () => {
    expect(nextStreak(streak(4, 9, '2024-05-10'), '2024-05-10')).toEqual(streak(4, 9, '2024-05-10'));
  });

  it('adds one when last active yesterday and keeps a longer longest', () => {
    expect(nextStreak(streak(4, 9, '2024-05-09'), '2024-05-10')).toEqual(streak(5, 9, '2024-05-10'));
  });

  it('raises longest to the new current when the streak passes it (max with the incremented value)', () => {
    expect(nextStreak(streak(9, 9, '2024-05-09'), '2024-05-10')).toEqual(streak(10, 10, '2024-05-10'));
  });

  it('counts yesterday across a year boundary', () => {
    expect(nextStreak(streak(2, 2, '2023-12-31'), '2024-01-01')).toEqual(streak(3, 3, '2024-01-01'));
  });

  it('resets current to 1 after a gap of one missed day, keeping longest', () => {
    expect(nextStreak(streak(6, 6, '2024-05-08'), '2024-05-10')).toEqual(streak(1, 6, '2024-05-10'));
  });

  it('sets current and longest to 1 when the record has no prior date', () => {
    expect(nextStreak(streak(3, 5, null), '2024-05-10')).toEqual(streak(1, 1, '2024-05-10'));
  });

  it('treats an unreadable stored date as no prior date', () => {
    expect(nextStreak(streak(3, 5, 'yesterday'), '2024-05-10')).toEqual(streak(1, 1, '2024-05-10'));
  });

  it('changes nothing when today is before the last active date (clock or zone change)', () => {
    expect(nextStreak(streak(3, 5, '2024-05-10'), '2024-05-09')).toEqual(streak(3, 5, '2024-05-10'));
  });

  it('resets to 1/1 on a forced recalculation', () => {
    expect(forcedStreak('2024-05-10')).toEqual(streak(1, 1, '2024-05-10'));
  });

  it('throws when today is not a calendar date', () => {
    expect(() => nextStreak(null, '10/05/2024')).toThrow(RangeError);
    expect(() => forcedStreak('2024-02-30')).toThrow(RangeError);
  });

  it('does not change the record it was given', () => {
    const previous = streak(4, 9, '2024-05-09');
    nextStreak(previous, '2024-05-10');
    expect(previous).toEqual(streak(4, 9, '2024-05-09'));
  });
});
