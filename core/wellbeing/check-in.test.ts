import { describe, expect, it } from 'vitest';
import { DEFAULT_WELLBEING_PREFERENCES, type WellbeingPreferences } from '../profile.ts';
import {
  applyWellbeingPreferencesUpdate,
  buildCheckIn,
  checkInMoment,
  CHECK_IN_MESSAGES,
  checkInSchema,
  COACHING_MESSAGES,
  coachingSettingsSchema,
  DEFAULT_COACHING_SETTINGS,
  goodEnd,
  requireUserId,
  USER_ID_REQUIRED_MESSAGE,
  WELLBEING_SCORE_WEIGHTS,
  wellbeingPreferencesUpdateSchema,
  wellbeingScore,
} from './check-in.ts';

const all = (level: 'low' | 'moderate' | 'high'): WellbeingPreferences => ({
  sleepQuality: level,
  energyLevel: level,
  stressLevel: level,
  soreness: level,
  hydration: level,
  nutrition: level,
  moodRating: level,
  injuryFeeling: level,
});
const best: WellbeingPreferences = { ...all('high'), stressLevel: 'low', soreness: 'low', injuryFeeling: 'low' };
const worst: WellbeingPreferences = { ...all('low'), stressLevel: 'high', soreness: 'high', injuryFeeling: 'high' };

describe('wellbeingScore', () => {
  it('has weights that add up to 100', () => {
    expect(Object.values(WELLBEING_SCORE_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100);
  });

  it('runs from 0 to 100, with moderate everywhere at 50 and the spec defaults at 78', () => {
    expect(wellbeingScore(best)).toBe(100);
    expect(wellbeingScore(worst)).toBe(0);
    expect(wellbeingScore(all('moderate'))).toBe(50);
    // 20 + 15 + 5 + 5 + 10 + 10 + 5 + 7.5 = 77.5
    expect(wellbeingScore(DEFAULT_WELLBEING_PREFERENCES)).toBe(78);
  });

  it('names as the good end of each answer the one the score gives full points', () => {
    for (const answer of Object.keys(WELLBEING_SCORE_WEIGHTS) as (keyof WellbeingPreferences)[]) {
      expect(best[answer]).toBe(goodEnd(answer));
    }
    expect(goodEnd('injuryFeeling')).toBe('low');
    expect(goodEnd('sleepQuality')).toBe('high');
  });

  it('weighs each answer by its weight, the right way round', () => {
    expect(wellbeingScore({ ...best, sleepQuality: 'low' })).toBe(80);
    expect(wellbeingScore({ ...best, injuryFeeling: 'high' })).toBe(85);
    expect(wellbeingScore({ ...best, stressLevel: 'moderate' })).toBe(95);
  });
});

describe('check-ins', () => {
  const answers = { ...DEFAULT_WELLBEING_PREFERENCES };
  const now = Date.parse('2027-03-10T07:15:00Z');

  it('needs a user id, with the spec’s sentence', () => {
    expect(USER_ID_REQUIRED_MESSAGE).toBe('User ID is required');
    expect(() => requireUserId('')).toThrow(USER_ID_REQUIRED_MESSAGE);
    expect(() => buildCheckIn(undefined, answers, { ms: now, today: '2027-03-10', timeZone: 'UTC' })).toThrow(
      USER_ID_REQUIRED_MESSAGE,
    );
  });

  it('stores the answers with the score, the day (today by default) and the time', () => {
    const at = { ms: now, today: '2027-03-10', timeZone: 'UTC' };
    expect(buildCheckIn('u1', checkInSchema.parse({ ...answers, note: '  slept badly  ' }), at)).toEqual({
      userId: 'u1',
      ...answers,
      wellbeingScore: 78,
      date: '2027-03-10',
      timestamp: now,
      note: 'slept badly',
      createdAt: '2027-03-10T07:15:00.000Z',
    });
    expect(buildCheckIn('u1', { ...answers, date: '2027-03-09' }, at)).toMatchObject({
      date: '2027-03-09',
      timestamp: Date.parse('2027-03-09T07:15:00Z'),
      createdAt: '2027-03-10T07:15:00.000Z',
    });
  });

  it('puts a check-in for a past day at the same time of day on that day, within it on a short day', () => {
    const ljubljana = 'Europe/Ljubljana';
    // 10 March 2027, 08:15 in Ljubljana (UTC+1) → 9 March, 08:15 local.
    expect(checkInMoment('2027-03-09', '2027-03-10', now, ljubljana)).toBe(Date.parse('2027-03-09T07:15:00Z'));
    expect(checkInMoment('2027-03-10', '2027-03-10', now, ljubljana)).toBe(now);
    // 23:30 on the day after clocks go forward (28 March 2027, 23 hours long): at most 23:59:59.999 that day.
    const lateNight = Date.parse('2027-03-29T21:30:00Z');
    expect(checkInMoment('2027-03-28', '2027-03-29', lateNight, ljubljana)).toBe(
      Date.parse('2027-03-28T21:59:59.999Z'),
    );
  });

  it('refuses answers out of range, unknown fields and long notes', () => {
    expect(checkInSchema.safeParse({ ...answers, energyLevel: 'extreme' }).error?.issues[0]?.message).toBe(
      CHECK_IN_MESSAGES.answer,
    );
    expect(checkInSchema.safeParse({ ...answers, note: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      CHECK_IN_MESSAGES.noteTooLong,
    );
    expect(checkInSchema.safeParse({ ...answers, mood: 'high' }).success).toBe(false);
  });

  it('keeps a note in the normal form of typed text: no bidirectional controls, line breaks kept', () => {
    expect(checkInSchema.parse({ ...answers, note: ' Legs \u202Eheavy\r\nslept 6 h ' }).note).toBe(
      'Legs heavy\nslept 6 h',
    );
  });
});

describe('wellbeing preferences', () => {
  it('lays an update over the stored ones and forces hydration and nutrition to high', () => {
    const update = wellbeingPreferencesUpdateSchema.parse({
      hydration: 'low',
      nutrition: 'moderate',
      stressLevel: 'high',
    });
    expect(applyWellbeingPreferencesUpdate({ ...DEFAULT_WELLBEING_PREFERENCES, sleepQuality: 'low' }, update)).toEqual({
      ...DEFAULT_WELLBEING_PREFERENCES,
      sleepQuality: 'low',
      stressLevel: 'high',
      hydration: 'high',
      nutrition: 'high',
    });
    expect(applyWellbeingPreferencesUpdate(null, {})).toEqual(DEFAULT_WELLBEING_PREFERENCES);
    expect(wellbeingPreferencesUpdateSchema.safeParse({ sleep: 'high' }).success).toBe(false);
  });
});

describe('coaching settings', () => {
  it('accepts HH:MM from 00:00 to 23:59 and a known focus', () => {
    expect(coachingSettingsSchema.parse(DEFAULT_COACHING_SETTINGS)).toEqual(DEFAULT_COACHING_SETTINGS);
    expect(coachingSettingsSchema.safeParse({ ...DEFAULT_COACHING_SETTINGS, reminderTime: '23:59' }).success).toBe(
      true,
    );
    for (const reminderTime of ['24:00', '7:30', '07:60', '0730']) {
      expect(
        coachingSettingsSchema.safeParse({ ...DEFAULT_COACHING_SETTINGS, reminderTime }).error?.issues[0]?.message,
      ).toBe(COACHING_MESSAGES.reminderTime);
    }
    expect(
      coachingSettingsSchema.safeParse({ ...DEFAULT_COACHING_SETTINGS, focus: 'speed' }).error?.issues[0]?.message,
    ).toBe(COACHING_MESSAGES.focus);
  });
});
