import { describe, expect, it } from 'vitest';
import { fallbackPacesFromRaceTime } from './paces.ts';
import { planPaces } from './plan-paces.ts';

const goal = { raceDistanceM: 21_097.5, targetTimeS: 6900 };

describe('a plan’s paces', () => {
  it('come from the best VDOT among recent efforts: a 20:00 5K is VDOT 49.8 (Daniels’ table: 49.8)', () => {
    const chosen = planPaces(
      [
        { label: '5K', metres: 5000, seconds: 1200, date: '2026-10-01' },
        { label: '10K', metres: 10_000, seconds: 2700, date: '2026-09-01' },
      ],
      goal,
    );
    expect(chosen.source).toBe('best-effort');
    expect(chosen.vdot).toBe(49.8);
    expect(chosen.effort).toEqual({ label: '5K', seconds: 1200, date: '2026-10-01' });
    // Daniels' VDOT 50: threshold 4:15/km, interval 3:55/km, repetition 3:40/km (±4 s/km).
    expect(chosen.paces.threshold * 1000).toBeCloseTo(255, -1);
    expect(chosen.paces.interval * 1000).toBeCloseTo(235, -1);
    expect(chosen.paces.repetition * 1000).toBeCloseTo(220, -1);
    // Easy is slower than marathon pace, which is slower than threshold.
    expect(chosen.paces.easy).toBeGreaterThan(chosen.paces.marathon);
    expect(chosen.paces.marathon).toBeGreaterThan(chosen.paces.threshold);
  });

  it('come from the goal’s target time without any recent effort', () => {
    expect(planPaces([], goal)).toEqual({
      paces: fallbackPacesFromRaceTime(goal.raceDistanceM, goal.targetTimeS),
      source: 'goal',
      vdot: null,
      effort: null,
    });
  });
});
