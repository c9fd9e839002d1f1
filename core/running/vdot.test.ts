import { describe, expect, it } from 'vitest';
import {
  fractionOfVo2Max,
  oxygenCost,
  raceTimeForVdot,
  speedForOxygenCost,
  trainingPaces,
  vdotFromRace,
} from './vdot.ts';

/** Rows of Daniels' VDOT table: distance (m), time (s). */
const VDOT_50 = [
  [5000, 19 * 60 + 57],
  [10_000, 41 * 60 + 21],
  [21_097.5, 3600 + 31 * 60 + 35],
  [42_195, 3 * 3600 + 10 * 60 + 49],
] as const;
const VDOT_40 = [
  [5000, 24 * 60 + 8],
  [42_195, 3 * 3600 + 49 * 60 + 45],
] as const;

describe('Daniels–Gilbert equations', () => {
  it('gives the oxygen cost and its inverse', () => {
    // 200 m/min: −4.60 + 36.4516 + 4.16 = 36.0116
    expect(oxygenCost(200)).toBeCloseTo(36.0116, 4);
    expect(speedForOxygenCost(36.0116)).toBeCloseTo(200, 6);
  });

  it('gives the fraction of VO2max held for a time', () => {
    // 0.8 + 0.1894393 + 0.2989558 at t = 0
    expect(fractionOfVo2Max(0)).toBeCloseTo(1.2883951, 7);
    expect(fractionOfVo2Max(60)).toBeCloseTo(0.8 + 0.1894393 * Math.exp(-0.76668) + 0.2989558 * Math.exp(-11.59563), 7);
  });
});

describe('VDOT from a race (table rows within 0.1)', () => {
  it.each(VDOT_50)('%d m in %d s is VDOT 50', (metres, seconds) => {
    expect(Math.abs(vdotFromRace(metres, seconds) - 50)).toBeLessThan(0.1);
  });
  it.each(VDOT_40)('%d m in %d s is VDOT 40', (metres, seconds) => {
    expect(Math.abs(vdotFromRace(metres, seconds) - 40)).toBeLessThan(0.1);
  });
});

describe('race time from VDOT (table rows within 5 s up to the half, 10 s for the marathon)', () => {
  it.each([...VDOT_50.map((row) => [50, ...row]), ...VDOT_40.map((row) => [40, ...row])])(
    'VDOT %d over %d m ≈ %d s',
    (vdot, metres, seconds) => {
      const tolerance = metres > 30_000 ? 10 : 5;
      expect(Math.abs(raceTimeForVdot(vdot, metres) - seconds)).toBeLessThanOrEqual(tolerance);
    },
  );

  it('inverts vdotFromRace', () => {
    expect(vdotFromRace(10_000, raceTimeForVdot(47.3, 10_000))).toBeCloseTo(47.3, 6);
  });
});

describe('training paces for VDOT 50 (Daniels: M 4:31/km, T 4:15/km, I 3:55/km, R 89 s per 400 m)', () => {
  const byZone = Object.fromEntries(trainingPaces(50).map((pace) => [pace.zone, pace]));

  it('lists the five zones, slowest first', () => {
    expect(trainingPaces(50).map((pace) => pace.label)).toEqual([
      'Easy',
      'Marathon',
      'Threshold',
      'Interval',
      'Repetition',
    ]);
  });

  it.each([
    ['marathon', 271, 1000],
    ['threshold', 255, 1000],
    ['interval', 235, 1000],
    ['repetition', 89, 400],
  ])('%s is %d s per %d m within 2 s', (zone, seconds, per) => {
    expect(Math.abs((byZone[zone]?.secondsPerMetre ?? 0) * per - seconds)).toBeLessThanOrEqual(2);
  });

  it('gives easy running as a range from 74 % to 59 % of VDOT', () => {
    const easy = byZone.easy;
    expect(oxygenCost(60 / (easy?.secondsPerMetre ?? 1))).toBeCloseTo(37, 6);
    expect(oxygenCost(60 / (easy?.slowestSecondsPerMetre ?? 1))).toBeCloseTo(29.5, 6);
  });
});
