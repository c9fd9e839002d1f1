import { describe, expect, it } from 'vitest';
import { PLAN_MESSAGES } from '../../../core/training/plan-request.ts';
import type { PlanDefaults } from '../../../core/training/training-api.ts';
import { historyText, planFormValues, planRequestFrom } from './plan-form.ts';

const defaults: PlanDefaults = {
  recentRuns: 16,
  weeklyDistanceM: 44_400,
  runsPerWeek: 4,
  longestRunM: 14_400,
  longRunDay: 0,
  paces: {
    paces: { easy: 0.36, marathon: 0.31, threshold: 0.29, interval: 0.27, repetition: 0.255 },
    source: 'goal',
    vdot: null,
    effort: null,
  },
};

describe('the plan form', () => {
  it('is pre-filled from the runner’s last weeks in their units', () => {
    expect(planFormValues(defaults, 'metric')).toEqual({
      level: 'intermediate',
      runsPerWeek: 4,
      longRunDay: 0,
      runDays: [0, 1, 2, 3, 4, 5, 6],
      weeklyDistance: '44.4',
      longestRun: '14.4',
    });
    expect(planFormValues(defaults, 'imperial')).toMatchObject({ weeklyDistance: '27.6', longestRun: '8.9' });
    expect(historyText(defaults, 'metric')).toBe(
      'Your last 4 weeks: 16 runs, 44.4 km a week; longest run of the last 8 weeks 14.4 km.',
    );
  });

  it('sends what the runner changed, in metres, and says what to change', () => {
    const initial = planFormValues(defaults, 'metric');
    const values = { ...initial, weeklyDistance: '45', runDays: [6, 0, 1, 3, 4, 5] };
    expect(planRequestFrom('g', values, 'metric', initial)).toEqual({
      request: {
        goalId: 'g',
        level: 'intermediate',
        runsPerWeek: 4,
        longRunDay: 0,
        runDays: [0, 1, 3, 4, 5, 6],
        weeklyDistanceM: 45_000,
      },
    });
    // Left as pre-filled: the server reads them from the runner's runs.
    expect(planRequestFrom('g', initial, 'metric', initial)).toEqual({
      request: { goalId: 'g', level: 'intermediate', runsPerWeek: 4, longRunDay: 0, runDays: [0, 1, 2, 3, 4, 5, 6] },
    });
    expect(planRequestFrom('g', { ...values, weeklyDistance: 'lots' }, 'metric', initial)).toEqual({
      error: PLAN_MESSAGES.weeklyDistance,
    });
    expect(planRequestFrom('g', { ...values, runDays: [0, 1, 3] }, 'metric', initial)).toEqual({
      error: PLAN_MESSAGES.runDaysTooFew,
    });
    expect(planRequestFrom('g', { ...values, longRunDay: 2 }, 'metric', initial)).toEqual({
      error: PLAN_MESSAGES.longRunDayNotFree,
    });
  });
});
