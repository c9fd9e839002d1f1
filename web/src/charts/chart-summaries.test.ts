import { describe, expect, test } from 'vitest';
import type { BucketRow } from './chart-series.ts';
import { loadSummary, volumeSummaries } from './chart-summaries.ts';

function row(label: string, values: Partial<BucketRow>): BucketRow {
  return {
    key: label,
    label,
    distance: 0,
    lastYearDistance: null,
    hours: 0,
    lastYearHours: null,
    climb: 0,
    pace: null,
    paceRolling: null,
    count: 1,
    ...values,
  };
}

describe('the Charts page in words', () => {
  test('distance, time, climb and pace per week, in the reader units', () => {
    const rows = [
      row('3 Feb', { distance: 12.5, hours: 1.25, climb: 120, pace: 330, paceRolling: 330 }),
      row('10 Feb', { distance: 30.25, hours: 2.5, climb: 410, pace: 300, paceRolling: 315 }),
      row('17 Feb', { distance: 0, hours: 0, climb: 0, count: 0 }),
    ];
    const summaries = volumeSummaries(rows, 'metric', 'week', 'Pace trend · runs');
    expect(summaries.distance).toBe(
      'Distance per week, 3 weeks from 3 Feb to 17 Feb. This period: lowest 0 km (17 Feb), highest 30.25 km (10 Feb), latest 0 km.',
    );
    expect(summaries.time).toBe(
      'Time per week, 3 weeks from 3 Feb to 17 Feb. This period: lowest 0:00 h (17 Feb), highest 2:30 h (10 Feb), latest 0:00 h.',
    );
    expect(summaries.climb).toBe(
      'Climb per week, 3 weeks from 3 Feb to 17 Feb. Climb: lowest 0 m (17 Feb), highest 410 m (10 Feb), latest 0 m.',
    );
    expect(summaries.pace).toBe(
      'Pace trend · runs, 3 weeks from 3 Feb to 17 Feb. ' +
        'Average pace: fastest 5:00/km (10 Feb), slowest 5:30/km (3 Feb), latest 5:00/km. ' +
        'Rolling average: fastest 5:15/km (10 Feb), slowest 5:30/km (3 Feb), latest 5:15/km.',
    );
  });

  test('last year beside this period when the period is compared', () => {
    const rows = [
      row('Jan', { distance: 80, lastYearDistance: 60 }),
      row('Feb', { distance: 95, lastYearDistance: 70 }),
    ];
    expect(volumeSummaries(rows, 'imperial', 'month', 'Pace trend · runs').distance).toBe(
      'Distance per month, 2 months from Jan to Feb. ' +
        'Last year: lowest 60 mi (Jan), highest 70 mi (Feb), latest 70 mi. ' +
        'This period: lowest 80 mi (Jan), highest 95 mi (Feb), latest 95 mi.',
    );
  });

  test('fitness, fatigue and form per day', () => {
    expect(
      loadSummary([
        { label: '1 Mar', fitness: 10, fatigue: 20.04, form: -10 },
        { label: '2 Mar', fitness: 12.46, fatigue: 15, form: -2.5 },
      ]),
    ).toBe(
      'Fitness, fatigue and form, 2 days from 1 Mar to 2 Mar. ' +
        'Fitness (42 d): lowest 10 (1 Mar), highest 12.5 (2 Mar), latest 12.5. ' +
        'Fatigue (7 d): lowest 15 (2 Mar), highest 20 (1 Mar), latest 15. ' +
        'Form: lowest -10 (1 Mar), highest -2.5 (2 Mar), latest -2.5.',
    );
  });
});
