import { describe, expect, it } from 'vitest';
import { loadAssumptions, loadOfActivity } from '../charts/chart-load.ts';
import {
  HEART_RATE_MESSAGES,
  heartRateSavedText,
  heartRateSettingsConflict,
  parseHeartRateSettingsInput,
  type HeartRateSettings,
} from './heart-rate-api.ts';

const form = {
  maxHeartRate: '190',
  restingHeartRate: '48',
  lactateThresholdHeartRate: '172',
  thresholdPace: '4:10',
  zoneMethod: 'reserve',
} as const;

describe('the heart-rate settings form', () => {
  it('reads bpm and a threshold pace per km or per mile', () => {
    expect(parseHeartRateSettingsInput(form)).toEqual({
      update: {
        maxHeartRate: 190,
        restingHeartRate: 48,
        lactateThresholdHeartRate: 172,
        thresholdPaceSecondsPerKm: 250,
        zoneMethod: 'reserve',
      },
    });
    // 6:42/mi = 402 s per 1,609.34 m = 249.8 s/km.
    expect(parseHeartRateSettingsInput({ ...form, thresholdPace: '6:42/mi' })).toMatchObject({
      update: { thresholdPaceSecondsPerKm: 250 },
    });
    expect(
      parseHeartRateSettingsInput({ ...form, restingHeartRate: '', lactateThresholdHeartRate: '', thresholdPace: '' }),
    ).toMatchObject({
      update: { restingHeartRate: null, lactateThresholdHeartRate: null, thresholdPaceSecondsPerKm: null },
    });
  });

  it('refuses implausible values, each with its sentence', () => {
    expect(
      parseHeartRateSettingsInput({
        ...form,
        restingHeartRate: '25',
        lactateThresholdHeartRate: '230',
        thresholdPace: '1:50',
      }),
    ).toEqual({
      errors: {
        restingHeartRate:
          'Enter your resting heart rate as a whole number of beats per minute from 30 to 100, or leave it empty.',
        lactateThresholdHeartRate:
          'Enter your lactate-threshold heart rate as a whole number of beats per minute from 100 to 220, or leave it empty.',
        thresholdPace:
          'Enter your threshold pace as m:ss per km or per mile (for example 4:30/km or 7:15/mi), from 2:30 to 10:00 per km, or leave it empty.',
      },
    });
    expect(parseHeartRateSettingsInput({ ...form, thresholdPace: 'fast' })).toEqual({
      errors: { thresholdPace: HEART_RATE_MESSAGES.thresholdPace },
    });
    expect(parseHeartRateSettingsInput({ ...form, restingHeartRate: '55.5' })).toEqual({
      errors: { restingHeartRate: HEART_RATE_MESSAGES.restingHeartRate },
    });
  });

  it('holds the threshold between resting and maximum, and zones by threshold need one', () => {
    const values = {
      maxHeartRate: 190,
      restingHeartRate: 50,
      lactateThresholdHeartRate: 170,
      zoneMethod: 'lthr',
    } as const;
    expect(heartRateSettingsConflict(values)).toBeNull();
    expect(heartRateSettingsConflict({ ...values, restingHeartRate: 100, lactateThresholdHeartRate: 100 })).toBe(
      'Your lactate-threshold heart rate must be above your resting heart rate and below your maximum.',
    );
    expect(heartRateSettingsConflict({ ...values, lactateThresholdHeartRate: 195 })).toBe(
      'Your lactate-threshold heart rate must be above your resting heart rate and below your maximum.',
    );
    expect(heartRateSettingsConflict({ ...values, lactateThresholdHeartRate: null })).toBe(
      'Enter your lactate-threshold heart rate to have zones by it.',
    );
  });
});

describe('the load under the runner’s settings', () => {
  const run = { type: 'run', movingTime: 3000, distance: 10_000 } as const;

  it('uses their resting heart rate in TRIMP', () => {
    const assumed = loadAssumptions({ set: 190, highestSeen: null });
    const own = loadAssumptions({ set: 190, highestSeen: null, restingHeartRate: 40 });
    expect(assumed).toMatchObject({ restingHeartRate: 60, restingHeartRateSource: 'assumed' });
    expect(own).toMatchObject({ restingHeartRate: 40, restingHeartRateSource: 'set' });
    const withHeartRate = { ...run, averageHeartrate: 150 };
    // HRr (150 − 60) / 130 = 0.692 against (150 − 40) / 150 = 0.733: a lower resting rate, a harder run.
    expect(loadOfActivity(withHeartRate, own)).toBeGreaterThan(loadOfActivity(withHeartRate, assumed));
  });

  it('paces a run without heart rate against their threshold pace', () => {
    const assumed = loadAssumptions({ set: null, highestSeen: null });
    const own = loadAssumptions({ set: null, highestSeen: null, thresholdPaceSecondsPerKm: 250 });
    expect(own).toMatchObject({ thresholdPaceSecondsPerKm: 250, thresholdPaceSource: 'set' });
    const noHeartRate = { ...run, averageHeartrate: null };
    // 5:00/km run: at 5:00/km threshold IF 1; at 4:10/km IF 250/300, load × (5/6)².
    expect(loadOfActivity(noHeartRate, own) / loadOfActivity(noHeartRate, assumed)).toBeCloseTo(25 / 36, 10);
  });
});

describe('the heart-rate confirmation', () => {
  const before: HeartRateSettings = {
    maxHeartRate: 181,
    highestRecorded: null,
    effectiveMaxHeartRate: 181,
    source: 'set',
    restingHeartRate: 50,
    effectiveRestingHeartRate: 50,
    lactateThresholdHeartRate: null,
    thresholdPaceSecondsPerKm: null,
    effectiveThresholdPaceSecondsPerKm: 300,
    restingHeartRateSource: 'set',
    thresholdPaceSource: 'assumed',
    zoneMethod: 'max',
  };
  const same = {
    maxHeartRate: 181,
    restingHeartRate: 50,
    lactateThresholdHeartRate: null,
    thresholdPaceSecondsPerKm: null,
    zoneMethod: 'max',
  } as const;

  it('names only what the save changed', () => {
    expect(heartRateSavedText(before, { ...same, restingHeartRate: 45 })).toBe('Resting heart rate saved.');
    expect(heartRateSavedText(before, { ...same, maxHeartRate: 185 })).toBe('Maximum heart rate saved.');
    expect(heartRateSavedText(before, { ...same, restingHeartRate: 45, thresholdPaceSecondsPerKm: 250 })).toBe(
      'Resting heart rate and threshold pace saved.',
    );
    expect(
      heartRateSavedText(before, {
        ...same,
        lactateThresholdHeartRate: 170,
        thresholdPaceSecondsPerKm: 250,
        zoneMethod: 'lthr',
      }),
    ).toBe('Lactate-threshold heart rate, threshold pace and zone method saved.');
  });

  it('says what was cleared, and when nothing changed', () => {
    expect(heartRateSavedText(before, { ...same, maxHeartRate: null, thresholdPaceSecondsPerKm: 250 })).toBe(
      'Threshold pace saved. Maximum heart rate cleared.',
    );
    expect(heartRateSavedText(before, same)).toBe('Heart-rate settings saved: nothing changed.');
  });
});
