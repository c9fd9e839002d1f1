import { describe, expect, it } from 'vitest';
import { activityLoad, banisterTrimp, fitnessSeries, paceLoad } from './training-load.ts';

describe('banisterTrimp', () => {
  it('scores 30 minutes at HRr 0.5: 30 × 0.5 × 0.64 × e^0.96 = 25.07 (men)', () => {
    const trimp = banisterTrimp({ seconds: 1800, averageHeartRate: 125, restingHeartRate: 60, maxHeartRate: 190 });
    expect(trimp).toBeCloseTo(30 * 0.5 * 0.64 * Math.exp(0.96), 9);
    expect(trimp).toBeCloseTo(25.07, 2);
  });

  it("uses women's coefficients 0.86 / 1.67 when asked", () => {
    const trimp = banisterTrimp({
      seconds: 1800,
      averageHeartRate: 125,
      restingHeartRate: 60,
      maxHeartRate: 190,
      sex: 'female',
    });
    expect(trimp).toBeCloseTo(30 * 0.5 * 0.86 * Math.exp(0.835), 9);
  });
});

describe('activityLoad', () => {
  it('uses heart rate when present', () => {
    const load = activityLoad({
      seconds: 1800,
      metres: 6000,
      averageHeartRate: 125,
      restingHeartRate: 60,
      maxHeartRate: 190,
      thresholdSecondsPerMetre: 0.25,
    });
    expect(load).toBeCloseTo(25.07, 2);
  });

  it('estimates from pace without heart rate: an hour at threshold scores TRIMP at HRr 0.88', () => {
    const hour = 60 * 0.88 * 0.64 * Math.exp(1.92 * 0.88);
    expect(
      activityLoad({
        seconds: 3600,
        metres: 14_400,
        restingHeartRate: 60,
        maxHeartRate: 190,
        thresholdSecondsPerMetre: 0.25,
      }),
    ).toBeCloseTo(hour, 9);
    // Half an hour at 80 % of threshold speed: 0.5 × 0.64.
    expect(paceLoad(1800, 0.3125, 0.25)).toBeCloseTo(hour * 0.5 * 0.64, 9);
  });
});

describe('fitnessSeries', () => {
  it('after one load of 100: fitness 100/42, fatigue 100/7, form the difference', () => {
    const [day] = fitnessSeries([100]);
    expect(day?.fitness).toBeCloseTo(2.380952, 6);
    expect(day?.fatigue).toBeCloseTo(14.285714, 6);
    expect(day?.form).toBeCloseTo(-11.904762, 6);
  });

  it('decays over rest days and approaches a steady load', () => {
    const series = fitnessSeries([100, 0]);
    expect(series[1]?.fatigue).toBeCloseTo((100 / 7) * (6 / 7), 9);
    const steady = fitnessSeries(Array.from({ length: 400 }, () => 50)).at(-1);
    expect(steady?.fitness).toBeCloseTo(50 * (1 - (41 / 42) ** 400), 9);
    expect(steady?.fatigue).toBeCloseTo(50, 9);
    expect(steady?.form).toBeCloseTo(-50 * (41 / 42) ** 400, 9);
  });
});
