import { describe, expect, it } from 'vitest';
import type { PlanTask } from './plan-generation.ts';
import { perRepText, taskDescription, weekOneBasisText } from './task-text.ts';

const easy: PlanTask = {
  id: '2027-03-01-easy',
  kind: 'easy',
  distanceM: 6000,
  reps: null,
  repDistanceM: null,
  effortM: null,
  pace: 'easy',
  paceSPerM: 0.36,
  minutes: null,
};
// 4:25/km repetition pace: 400 m in 1:46.
const reps: PlanTask = {
  ...easy,
  kind: 'repetition',
  distanceM: 8000,
  reps: 8,
  repDistanceM: 400,
  pace: 'repetition',
  paceSPerM: 0.265,
};

describe('repetitions written per rep', () => {
  it('gives each rep its time beside the pace', () => {
    expect(perRepText(reps)).toBe('400 m in 1:46');
    expect(taskDescription(reps, 'metric')).toBe(
      '8 × 400 m at 4:25/km (400 m in 1:46), equal time jogging between, with 1.5 km easy warm-up and cool-down.',
    );
    expect(perRepText({ repDistanceM: 800, paceSPerM: 0.24 })).toBe('800 m in 3:12');
    expect(perRepText({ repDistanceM: 400, paceSPerM: null })).toBeNull();
  });
});

describe('weekOneBasisText', () => {
  it('says week 1 follows the runner’s last four weeks, in their units', () => {
    const basis = { recentRuns: 8, recentWeeklyM: 12_000, source: 'recent', weekOneM: 13_700 } as const;
    expect(weekOneBasisText(basis, 'metric')).toBe(
      'Week 1 is based on your last 4 weeks of running (8 runs, 12 km a week on average): 13.7 km, then at most 10 % more each week.',
    );
    expect(weekOneBasisText(basis, 'imperial')).toBe(
      'Week 1 is based on your last 4 weeks of running (8 runs, 7.5 mi a week on average): 8.5 mi, then at most 10 % more each week.',
    );
  });

  it('says week 1 is the weekly distance the runner gave', () => {
    expect(
      weekOneBasisText({ recentRuns: 8, recentWeeklyM: 12_000, source: 'given', weekOneM: 45_000 }, 'metric'),
    ).toBe('Week 1 is the 45 km a week you gave, then at most 10 % more each week.');
  });

  it('says why week 1 is the plan’s own start', () => {
    expect(
      weekOneBasisText({ recentRuns: 1, recentWeeklyM: 60_000, source: 'template', weekOneM: 30_400 }, 'metric'),
    ).toBe('Week 1 is the plan’s own start, 30.4 km: your last 4 weeks averaged 60 km a week (1 run).');
    expect(weekOneBasisText({ recentRuns: 0, recentWeeklyM: 0, source: 'template', weekOneM: 30_400 }, 'metric')).toBe(
      'Week 1 is the plan’s own start, 30.4 km: Stride has no runs of yours from your last 4 weeks to go by.',
    );
  });
});
