import { describe, expect, test } from 'vitest';
import { PACE_EXTREMES, chartSummary, rangeText, seriesText } from './chart-summary.ts';

const km = (value: number) => `${value.toFixed(1)} km`;

describe('chart summaries', () => {
  test('name the range from the first to the last label', () => {
    expect(rangeText(['3 Feb', '10 Feb', '17 Feb'], ['week', 'weeks'])).toBe('3 weeks from 3 Feb to 17 Feb');
    expect(rangeText(['Apr 26'], ['month', 'months'])).toBe('1 month, Apr 26');
    expect(rangeText([], ['week', 'weeks'])).toBe('no weeks');
  });

  test('give each series its lowest, highest and latest value, with where they fall', () => {
    expect(
      seriesText({ name: 'This period', values: [12, 0, 42.26, 8], format: km }, [
        '3 Feb',
        '10 Feb',
        '17 Feb',
        '24 Feb',
      ]),
    ).toBe('This period: lowest 0.0 km (10 Feb), highest 42.3 km (17 Feb), latest 8.0 km.');
  });

  test('call a pace fastest at its lowest and slowest at its highest', () => {
    const pace = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}/km`;
    expect(
      seriesText({ name: 'Pace', values: [300, 250, 362, 301], format: pace, extremes: PACE_EXTREMES }, [
        'at 0.5 km',
        'at 1.2 km',
        'at 2.5 km',
        'at 4.5 km',
      ]),
    ).toBe('Pace: fastest 4:10/km (at 1.2 km), slowest 6:02/km (at 2.5 km), latest 5:01/km.');
  });

  test('skip the points a series has no value at, and say when it has none', () => {
    expect(seriesText({ name: 'Average pace', values: [null, 300, null], format: String }, ['a', 'b', 'c'])).toBe(
      'Average pace: 300 (b).',
    );
    expect(seriesText({ name: 'Last year', values: [null, null], format: km }, ['a', 'b'])).toBe('Last year: no data.');
  });

  test('read as one text: title, range, then every series', () => {
    expect(
      chartSummary({
        title: 'Distance per week',
        labels: ['3 Feb', '10 Feb'],
        noun: ['week', 'weeks'],
        series: [
          { name: 'Last year', values: [5, 7], format: km },
          { name: 'This period', values: [10, 4], format: km },
        ],
      }),
    ).toBe(
      'Distance per week, 2 weeks from 3 Feb to 10 Feb. ' +
        'Last year: lowest 5.0 km (3 Feb), highest 7.0 km (10 Feb), latest 7.0 km. ' +
        'This period: lowest 4.0 km (10 Feb), highest 10.0 km (3 Feb), latest 4.0 km.',
    );
  });
});
