import { describe, expect, it } from 'vitest';
import { activityLoad, banisterTrimp, durationLoad, fitnessSeries, paceLoad } from './training-load.ts';

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
      type: 'ride',
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
        type: 'run',
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

describe('activityLoad without heart rate, by type', () => {
  const assumed = { restingHeartRate: 60, maxHeartRate: 190, thresholdSecondsPerMetre: 0.3 };
  const hourAtThreshold = 60 * 0.88 * 0.64 * Math.exp(1.92 * 0.88); // 183.06
  const moderateHour = 60 * 0.5 * 0.64 * Math.exp(0.96); // 50.14

  it('scores a 2-hour ride at 30 km/h by duration at moderate intensity: 100.29, not by running pace', () => {
    const ride = activityLoad({ ...assumed, type: 'ride', seconds: 7200, metres: 60_000 });
    expect(ride).toBeCloseTo(2 * moderateHour, 9);
    expect(ride).toBeCloseTo(100.29, 2);
    expect(durationLoad(1800)).toBeCloseTo(25.07, 2);
  });

  it('scores an hour’s run at 6:00/km by pace: 183.06 × (5/6)² = 127.13', () => {
    const run = activityLoad({ ...assumed, type: 'run', seconds: 3600, metres: 10_000 });
    expect(hourAtThreshold).toBeCloseTo(183.06, 2);
    expect(run).toBeCloseTo(hourAtThreshold * (300 / 360) ** 2, 9);
    expect(run).toBeCloseTo(127.13, 2);
  });

  it('scores a walk or hike by pace when its pace is one of walking, else by duration', () => {
    // An hour's walk at 12:00/km: IF 5/12 → 183.06 × 0.1736 = 31.78.
    const walk = activityLoad({ ...assumed, type: 'walk', seconds: 3600, metres: 5000 });
    expect(walk).toBeCloseTo(hourAtThreshold * (300 / 720) ** 2, 9);
    expect(walk).toBeCloseTo(31.78, 2);
    // A "hike" at 3:00/km (faster than the race-walk record) was not walked.
    expect(activityLoad({ ...assumed, type: 'hike', seconds: 3600, metres: 20_000 })).toBeCloseTo(moderateHour, 9);
  });

  it('scores a run faster than 2:30/km, a swim, other and a foot activity with no distance by duration', () => {
    expect(activityLoad({ ...assumed, type: 'run', seconds: 3600, metres: 30_000 })).toBeCloseTo(moderateHour, 9);
    expect(activityLoad({ ...assumed, type: 'run', seconds: 3600, metres: 24_000 })).toBeCloseTo(
      hourAtThreshold * (300 / 150) ** 2,
      9,
    );
    expect(activityLoad({ ...assumed, type: 'swim', seconds: 3600, metres: 3000 })).toBeCloseTo(moderateHour, 9);
    expect(activityLoad({ ...assumed, type: 'other', seconds: 3600, metres: 0 })).toBeCloseTo(moderateHour, 9);
    expect(activityLoad({ ...assumed, type: 'run', seconds: 3600, metres: 0 })).toBeCloseTo(moderateHour, 9);
    expect(activityLoad({ ...assumed, type: 'ride', seconds: 0, metres: 1000 })).toBe(0);
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
