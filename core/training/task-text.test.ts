import { describe, expect, it } from 'vitest';
import { weekOneBasisText } from './task-text.ts';

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

  it('says why week 1 is the plan’s own start', () => {
    expect(
      weekOneBasisText({ recentRuns: 1, recentWeeklyM: 60_000, source: 'template', weekOneM: 30_400 }, 'metric'),
    ).toBe('Week 1 is the plan’s own start, 30.4 km: your last 4 weeks averaged 60 km a week (1 run).');
    expect(weekOneBasisText({ recentRuns: 0, recentWeeklyM: 0, source: 'template', weekOneM: 30_400 }, 'metric')).toBe(
      'Week 1 is the plan’s own start, 30.4 km: Stride has no runs of yours from your last 4 weeks to go by.',
    );
  });
});
