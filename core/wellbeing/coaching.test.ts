import { describe, expect, it } from 'vitest';
import { DEFAULT_COACHING_SETTINGS } from './check-in.ts';
import { COACHING_TIPS, coachingTip, dueCheckInReminder } from './coaching.ts';

describe('the check-in reminder', () => {
  const on = { ...DEFAULT_COACHING_SETTINGS, remindersEnabled: true, reminderTime: '07:45' };

  it('is due from the reminder time until the day’s check-in, and only when reminders are on', () => {
    expect(dueCheckInReminder(on, '07:44', false)).toBeNull();
    expect(dueCheckInReminder(on, '07:45', false)).toBe('It is past 07:45, your check-in time: how are you today?');
    expect(dueCheckInReminder(on, '23:59', false)).not.toBeNull();
    expect(dueCheckInReminder(on, '09:00', true)).toBeNull();
    expect(dueCheckInReminder({ ...on, remindersEnabled: false }, '09:00', false)).toBeNull();
  });
});

describe('the coaching tip', () => {
  it('follows the focus and whether today is a day to hold back', () => {
    expect(coachingTip('performance', 'ready')).toBe(COACHING_TIPS.performance.go);
    expect(coachingTip('performance', 'normal')).toBe(COACHING_TIPS.performance.go);
    expect(coachingTip('performance', 'easy')).toBe(COACHING_TIPS.performance['hold-back']);
    expect(coachingTip('consistency', 'rest')).toBe(COACHING_TIPS.consistency['hold-back']);
    expect(coachingTip('general', 'unknown')).toBe(COACHING_TIPS.general.unknown);
  });

  it('is a different sentence for every focus and moment', () => {
    const tips = Object.values(COACHING_TIPS).flatMap((byMoment) => Object.values(byMoment));
    expect(new Set(tips).size).toBe(tips.length);
  });
});
