import { describe, expect, it } from 'vitest';
import { chartQuerySchema } from './chart-api.ts';
import { DEFAULT_MAX_HEART_RATE, loadAssumptions, loadLines, loadLinesOf, loadOfActivity } from './chart-load.ts';
import { paceTrendType } from './chart-api.ts';
import { noActivitiesSentence, noClimbSentence, noLoadSentence, noPaceSentence } from './chart-sentences.ts';
import {
  addMonths,
  comparesWithLastYear,
  bucketKey,
  bucketKeys,
  changeText,
  chartRange,
  lastYearRange,
  rollingAverage,
  type ChartPeriod,
} from './chart-periods.ts';

describe('chart periods', () => {
  it('starts weeks on Monday, as PostgreSQL’s date_trunc does', () => {
    expect(bucketKey('2026-11-24', 'week')).toBe('2026-11-23'); // a Tuesday
    expect(bucketKey('2026-11-23', 'week')).toBe('2026-11-23');
    expect(bucketKey('2026-11-29', 'week')).toBe('2026-11-23'); // the Sunday after
    expect(bucketKey('2026-01-01', 'week')).toBe('2025-12-29');
  });

  it('moves months across years', () => {
    expect(addMonths('2026-11', -11)).toBe('2025-12');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-11', -24)).toBe('2024-11');
  });

  it('covers 12 weeks, 12 months, this year and all time', () => {
    expect(chartRange('12w', '2026-11-24')).toEqual({ bucket: 'week', from: '2026-09-07', to: '2026-11-24' });
    expect(chartRange('12m', '2026-11-24')).toEqual({ bucket: 'month', from: '2025-12-01', to: '2026-11-24' });
    expect(chartRange('year', '2026-11-24')).toEqual({ bucket: 'week', from: '2026-01-01', to: '2026-11-24' });
    expect(chartRange('all', '2026-11-24', '2019-03-14')).toEqual({
      bucket: 'month',
      from: '2019-03-01',
      to: '2026-11-24',
    });
    expect(chartRange('all', '2026-11-24', null)).toEqual({ bucket: 'month', from: '2026-11-01', to: '2026-11-24' });
  });

  it('lists every bucket, empty ones too', () => {
    const weeks = bucketKeys(chartRange('12w', '2026-11-24'));
    expect(weeks).toHaveLength(12);
    expect([weeks[0], weeks[11]]).toEqual(['2026-09-07', '2026-11-23']);
    expect(bucketKeys(chartRange('year', '2026-11-24'))).toHaveLength(48);
    expect(bucketKeys({ bucket: 'month', from: '2025-11-01', to: '2026-02-03' })).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(bucketKey('2026-02-28', 'month')).toBe('2026-02');
  });

  it('compares with the same period a year earlier, bar for bar', () => {
    const weeks = chartRange('12w', '2026-11-24');
    const before = lastYearRange(weeks);
    expect(before).toEqual({ bucket: 'week', from: '2025-09-08', to: '2025-11-25' });
    expect(bucketKey(before.from, 'week')).toBe(before.from);
    expect(bucketKeys(before)).toHaveLength(bucketKeys(weeks).length);
    const year = chartRange('year', '2026-11-24');
    expect(bucketKeys(lastYearRange(year))).toHaveLength(bucketKeys(year).length);
    expect(lastYearRange({ bucket: 'month', from: '2024-02-01', to: '2024-02-29' })).toEqual({
      bucket: 'month',
      from: '2023-02-01',
      to: '2023-02-28',
    });
  });

  it('compares every period but all time with last year', () => {
    expect(['12w', '12m', 'year', 'all'].map((period) => comparesWithLastYear(period as ChartPeriod))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('averages the known values of a rolling window', () => {
    expect(rollingAverage([null, 4, null, 6, 8, 10], 3)).toEqual([null, 4, 4, 5, 7, 8]);
    expect(rollingAverage([], 4)).toEqual([]);
  });

  it('says how a period compares with last year', () => {
    expect(changeText(120, 100)).toBe('+20 %');
    expect(changeText(95, 100)).toBe('−5 %');
    expect(changeText(100, 100)).toBe('±0 %');
    expect(changeText(5, 0)).toBe('new');
    expect(changeText(0, 0)).toBe('—');
  });

  it('defaults the query to 12 weeks of every type and refuses others', () => {
    expect(chartQuerySchema.parse({})).toEqual({ period: '12w', type: 'all' });
    expect(chartQuerySchema.safeParse({ period: '5y' }).success).toBe(false);
    expect(chartQuerySchema.safeParse({ type: 'skating' }).success).toBe(false);
    expect(chartQuerySchema.parse({ type: 'ride', period: 'all' })).toEqual({ period: 'all', type: 'ride' });
  });
});

describe('chart load lines', () => {
  it('takes the maximum the runner set, else the highest heart rate seen, else the default', () => {
    expect(loadAssumptions({ set: 176, highestSeen: 201 })).toMatchObject({
      maxHeartRate: 176,
      maxHeartRateSource: 'set',
    });
    expect(loadAssumptions({ set: null, highestSeen: 183.4 })).toMatchObject({
      maxHeartRate: 183,
      maxHeartRateSource: 'seen',
    });
    expect(loadAssumptions({ set: null, highestSeen: null })).toMatchObject({
      maxHeartRate: DEFAULT_MAX_HEART_RATE,
      maxHeartRateSource: 'default',
    });
  });

  it('sums each day’s load, warms up before the range, and returns the range’s days only', () => {
    const assumptions = loadAssumptions({ set: null, highestSeen: 190 });
    const hour = { type: 'run' as const, movingTime: 3600, distance: 10_000, averageHeartrate: 150 };
    const days = loadLines(
      [
        { date: '2026-01-01', ...hour },
        { date: '2026-01-10', ...hour },
        { date: '2026-01-10', ...hour, averageHeartrate: null },
        { date: '2025-06-01', ...hour },
      ],
      assumptions,
      { warmUpFrom: '2026-01-01', from: '2026-01-08', to: '2026-01-12' },
    );
    expect(days.map((day) => day.date)).toEqual(['2026-01-08', '2026-01-09', '2026-01-10', '2026-01-11', '2026-01-12']);
    // Banister TRIMP, an hour at HRr (150 − 60) / (190 − 60).
    const hrr = 90 / 130;
    const trimp = 60 * hrr * 0.64 * Math.exp(1.92 * hrr);
    const tenth = days[2];
    expect(tenth?.load).toBeGreaterThan(trimp);
    expect(days[0]?.load).toBe(0);
    // The warm-up day's load is still in the fitness of the range's first day.
    expect(days[0]?.fitness).toBeGreaterThan(0);
    expect(tenth?.form).toBeCloseTo((tenth?.fitness ?? 0) - (tenth?.fatigue ?? 0), 12);
  });

  it('draws the same lines from loads worked out beforehand, one per activity', () => {
    const assumptions = loadAssumptions({ set: 180, highestSeen: 190 });
    const activities = [
      { date: '2026-01-02', type: 'run' as const, movingTime: 1800, distance: 6000, averageHeartrate: 160 },
      { date: '2026-01-02', type: 'ride' as const, movingTime: 3600, distance: 30_000, averageHeartrate: null },
      { date: '2026-01-05', type: 'walk' as const, movingTime: 2400, distance: 4000, averageHeartrate: null },
    ];
    const days = { warmUpFrom: '2026-01-01', from: '2026-01-03', to: '2026-01-06' };
    const stored = activities.map((activity) => ({ date: activity.date, load: loadOfActivity(activity, assumptions) }));
    expect(loadLinesOf(stored, days)).toEqual(loadLines(activities, assumptions, days));
    expect(
      loadLinesOf(
        [
          { date: '2026-01-05', load: 40 },
          { date: '2026-01-05', load: 2 },
        ],
        days,
      )[2]?.load,
    ).toBe(42);
    expect(loadLinesOf([{ date: '2025-12-31', load: 40 }], days).every((day) => day.fitness === 0)).toBe(true);
  });
});

describe('what the charts say when they have nothing to draw', () => {
  it('names the period and type, and what to do', () => {
    expect(noActivitiesSentence('12w', 'ride')).toBe(
      'No rides in the last 12 weeks. Choose another period or type, or upload a ride.',
    );
    expect(noActivitiesSentence('12w', 'all')).toBe(
      'No activities in the last 12 weeks. Choose another period, or upload an activity.',
    );
    expect(noActivitiesSentence('year', 'other')).toBe(
      'No other activities this year. Choose another period or type, or upload an activity.',
    );
    expect(noActivitiesSentence('all', 'swim')).toBe('No swims yet. Choose another type, or upload a swim.');
    expect(noActivitiesSentence('all', 'all')).toBe('No activities yet. Upload an activity.');
    expect(noClimbSentence('12m', 'run')).toBe('No climb recorded on the runs in the last 12 months.');
    expect(noPaceSentence('12w', 'walk')).toBe(
      'No timed walks with a distance in the last 12 weeks, so no pace to draw.',
    );
    expect(noLoadSentence('all', 'hike')).toBe(
      'No timed hikes in the last 12 months, so no training load. Choose another type, or upload a hike.',
    );
  });

  it('draws the pace trend of runs under all types, else of the type chosen', () => {
    expect(paceTrendType('all')).toBe('run');
    expect(paceTrendType('swim')).toBe('swim');
  });
});
