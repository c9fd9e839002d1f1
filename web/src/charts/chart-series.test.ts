import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Charts } from '../../../core/charts/chart-api.ts';
import { heartRateZoneBounds, HEART_RATE_ZONE_MODEL } from '../../../core/running/heart-rate-zones.ts';
import { setReaderLocale } from '../lib/format.ts';
import {
  bucketLabel,
  bucketRows,
  formatDay,
  formatHours,
  loadBasisText,
  maxHeartRateText,
  hoursAxis,
  paceAxisOf,
  timeAxis,
  zoneName,
  zoneRows,
} from './chart-series.ts';

beforeEach(() => setReaderLocale('en-GB'));
afterEach(() => setReaderLocale(undefined));

const empty = { count: 0, distance: 0, movingTime: 0, elevation: 0 };

const charts: Charts = {
  period: '12m',
  type: 'all',
  paceType: 'run',
  bucket: 'month',
  from: '2025-12-01',
  to: '2026-11-24',
  hasActivities: true,
  buckets: [
    { key: '2025-12', ...empty, pace: null, paceRolling: null, lastYear: empty, zones: [0, 0, 0, 0, 0] },
    {
      key: '2026-01',
      count: 2,
      distance: 16_093.4,
      movingTime: 5400,
      elevation: 100,
      pace: 0.3,
      paceRolling: 0.3,
      lastYear: { count: 1, distance: 5000, movingTime: 1800, elevation: 0 },
      zones: [0, 3600, 1800, 0, 0],
    },
  ],
  totals: { current: empty, lastYear: empty },
  heartRate: {
    maxHeartRate: 190,
    maxHeartRateSource: 'default',
    model: HEART_RATE_ZONE_MODEL,
    zones: heartRateZoneBounds(190),
  },
  load: {
    restingHeartRate: 60,
    restingHeartRateSource: 'assumed',
    thresholdPaceSecondsPerKm: 300,
    thresholdPaceSource: 'assumed',
    days: [],
  },
};

describe('the load lines’ basis', () => {
  it('says which resting heart rate and threshold pace are the runner’s and which are assumed', () => {
    expect(loadBasisText(charts.load)).toEqual({ pace: '5:00/km (assumed)', resting: 'resting HR 60 assumed' });
    expect(
      loadBasisText({
        ...charts.load,
        restingHeartRate: 45,
        restingHeartRateSource: 'set',
        thresholdPaceSecondsPerKm: 250,
        thresholdPaceSource: 'set',
      }),
    ).toEqual({ pace: '4:10/km (yours)', resting: 'resting HR 45 (yours)' });
  });
});

describe('chart rows', () => {
  it('labels weeks by their Monday and months by name, with the year when the chart spans two', () => {
    expect(bucketLabel('2026-11-23', false)).toBe('23 Nov');
    expect(bucketLabel('2026-03', false)).toBe('Mar');
    expect(bucketLabel('2025-12', true)).toBe('Dec 25');
    expect(formatDay('2026-03-08')).toBe('8 Mar 2026');
  });

  it('writes the labels in the reader’s locale', () => {
    setReaderLocale('en-US');
    expect(bucketLabel('2026-11-23', false)).toBe('Nov 23');
    expect(formatDay('2026-03-08')).toBe('Mar 8, 2026');
    setReaderLocale('de-DE');
    expect(bucketLabel('2026-03', false)).toBe('Mär');
    expect(formatDay('2026-03-08')).toBe('08.03.2026');
  });

  it('converts each bucket to the runner’s units', () => {
    const [december, january] = bucketRows(charts, 'imperial');
    expect(december).toMatchObject({ label: 'Dec 25', distance: 0, pace: null, count: 0 });
    expect(january?.distance).toBeCloseTo(10, 4);
    expect(january?.hours).toBe(1.5);
    expect(january?.lastYearHours).toBe(0.5);
    const allTime = bucketRows(
      { ...charts, buckets: charts.buckets.map((bucket) => ({ ...bucket, lastYear: null })) },
      'metric',
    );
    expect(allTime[1]).toMatchObject({ lastYearDistance: null, lastYearHours: null });
    expect(january?.climb).toBeCloseTo(328.08, 2);
    // 0.3 s/m is 5:00/km, 8:03/mi.
    expect(january?.pace).toBeCloseTo(482.8, 1);
    expect(bucketRows(charts, 'metric')[1]?.pace).toBeCloseTo(300, 9);
  });

  it('writes hours as h:mm and gives the pace axis room, or none without paces', () => {
    expect(formatHours(1.5)).toBe('1:30');
    expect(formatHours(0.01)).toBe('0:01');
    // 5:00 with 15 s of room either side, on whole 10 s ticks.
    expect(paceAxisOf(bucketRows(charts, 'metric'))).toEqual({
      domain: [280, 320],
      ticks: [280, 290, 300, 310, 320],
    });
    expect(paceAxisOf(bucketRows({ ...charts, buckets: [charts.buckets[0]!] }, 'metric'))).toBeNull();
  });

  it('ticks hours on round times: 2 h 13 min on whole hours, 40 min on ten minutes', () => {
    expect(hoursAxis(2.22)).toEqual({ domain: [0, 3], ticks: [0, 1, 2, 3] });
    expect(hoursAxis(40 / 60).ticks.map(formatHours)).toEqual(['0:00', '0:10', '0:20', '0:30', '0:40']);
  });

  it('gives hours per heart-rate zone, names zones in bpm, and says where the maximum comes from', () => {
    const { rows, hasHeartRate } = zoneRows(charts);
    expect(hasHeartRate).toBe(true);
    expect(rows[1]).toMatchObject({ label: 'Jan 26', z1: 0, z2: 1, z3: 0.5, z5: 0 });
    expect(zoneRows({ ...charts, buckets: [charts.buckets[0]!] }).hasHeartRate).toBe(false);
    expect(charts.heartRate.zones.map(zoneName)).toEqual([
      'Z1 95–113',
      'Z2 114–132',
      'Z3 133–151',
      'Z4 152–170',
      'Z5 171+',
    ]);
    expect(maxHeartRateText(charts.heartRate)).toBe('max HR 190 (assumed: no heart rate recorded yet)');
    expect(maxHeartRateText({ ...charts.heartRate, maxHeartRate: 176, maxHeartRateSource: 'set' })).toBe(
      'max HR 176 (yours, from Account)',
    );
  });
});

describe('the personal-best progression’s time axis', () => {
  it('marks each new year across several years, written as the year', () => {
    const axis = timeAxis(['2021-05-02', '2023-03-08', '2026-10-11']);
    expect(axis.domain).toEqual([Date.UTC(2021, 4, 2), Date.UTC(2026, 9, 11)]);
    expect(axis.ticks.map(axis.label)).toEqual(['2022', '2023', '2024', '2025', '2026']);
    // Spaced by time, not by the number of steps between them.
    expect(axis.ticks[0]).toBe(Date.UTC(2022, 0, 1));
  });

  it('marks months with their year over a shorter span, at most six', () => {
    const axis = timeAxis(['2025-11-20', '2026-01-10', '2026-03-08']);
    expect(axis.ticks.map(axis.label)).toEqual(['Dec 25', 'Jan 26', 'Feb 26', 'Mar 26']);
    const year = timeAxis(['2025-01-15', '2026-01-15']);
    expect(year.ticks.map(year.label)).toEqual(['Feb 25', 'Apr 25', 'Jun 25', 'Aug 25', 'Oct 25', 'Dec 25']);
  });
});
