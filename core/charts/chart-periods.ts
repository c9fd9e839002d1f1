/**
 * The Charts page's periods and buckets. Days are the activities' own local calendar days
 * (`startDateLocal`, as for the running-days heatmap and the streaks); "today" is the runner's.
 * - "12 weeks": the current week and the 11 before it, one bar a week (weeks start on Monday).
 * - "12 months": the current month and the 11 before it, one bar a month.
 * - "This year": 1 January to today, one bar a week.
 * - "All time": from the first activity's month to today, one bar a month.
 * The same period last year is the range shifted back 52 weeks (so weeks stay Mondays and line up
 * bar for bar) or 12 months; its buckets are compared with this period's by position. All time
 * is not compared.
 */
import { addDays, epochDay, ISO_MONDAY, weekStart } from '../calendar-days.ts';

export const CHART_PERIODS = ['12w', '12m', 'year', 'all'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export const CHART_PERIOD_LABELS: Readonly<Record<ChartPeriod, string>> = {
  '12w': '12 weeks',
  '12m': '12 months',
  year: 'This year',
  all: 'All time',
};

export const DEFAULT_CHART_PERIOD: ChartPeriod = '12w';

export type ChartBucket = 'week' | 'month';

export interface ChartRange {
  bucket: ChartBucket;
  /** First local day, "YYYY-MM-DD". */
  from: string;
  /** Last local day (today), "YYYY-MM-DD". */
  to: string;
}

const WEEKS_SHOWN = 12;
const MONTHS_SHOWN = 12;
const DAYS_PER_WEEK = 7;
const WEEKS_PER_YEAR = 52;

/** "2026-11" → "2026-05" for -6. */
export function addMonths(month: string, months: number): string {
  const [year, index] = [Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + months];
  const shiftedYear = year + Math.floor(index / 12);
  const shiftedMonth = (((index % 12) + 12) % 12) + 1;
  return `${String(shiftedYear).padStart(4, '0')}-${String(shiftedMonth).padStart(2, '0')}`;
}

/**
 * The range a period covers on `today` (the runner's local date). `firstDay` is the first
 * activity's local day, for "All time" (today when there is none).
 */
export function chartRange(period: ChartPeriod, today: string, firstDay: string | null = null): ChartRange {
  switch (period) {
    case '12w':
      return {
        bucket: 'week',
        from: addDays(weekStart(today, ISO_MONDAY), -(WEEKS_SHOWN - 1) * DAYS_PER_WEEK),
        to: today,
      };
    case '12m':
      return { bucket: 'month', from: `${addMonths(today.slice(0, 7), -(MONTHS_SHOWN - 1))}-01`, to: today };
    case 'year':
      return { bucket: 'week', from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'all': {
      const first = firstDay !== null && firstDay < today ? firstDay : today;
      return { bucket: 'month', from: `${first.slice(0, 7)}-01`, to: today };
    }
  }
}

/** All time has no "same period last year": it would hold nearly the same runs. */
export function comparesWithLastYear(period: ChartPeriod): boolean {
  return period !== 'all';
}

/** The same range a year earlier: 52 weeks back for weeks, 12 months back for months. */
export function lastYearRange(range: ChartRange): ChartRange {
  if (range.bucket === 'week') {
    const days = -WEEKS_PER_YEAR * DAYS_PER_WEEK;
    return { bucket: 'week', from: addDays(range.from, days), to: addDays(range.to, days) };
  }
  const back = (day: string) => {
    const month = addMonths(day.slice(0, 7), -MONTHS_SHOWN);
    // 29 February a year back is 28 February.
    const lastDay = daysInMonth(month);
    return `${month}-${String(Math.min(Number(day.slice(8, 10)), lastDay)).padStart(2, '0')}`;
  };
  return { bucket: 'month', from: back(range.from), to: back(range.to) };
}

function daysInMonth(month: string): number {
  const first = epochDay(`${month}-01`) ?? 0;
  const next = epochDay(`${addMonths(month, 1)}-01`) ?? first;
  return next - first;
}

/** The key of the bucket a local day falls in: its week's Monday, or "YYYY-MM". */
export function bucketKey(day: string, bucket: ChartBucket): string {
  return bucket === 'week' ? weekStart(day, ISO_MONDAY) : day.slice(0, 7);
}

/** Every bucket of the range in order, empty ones included (a chart shows weeks without runs). */
export function bucketKeys(range: ChartRange): string[] {
  const keys: string[] = [];
  const last = bucketKey(range.to, range.bucket);
  let key = bucketKey(range.from, range.bucket);
  while (key <= last) {
    keys.push(key);
    key = range.bucket === 'week' ? addDays(key, DAYS_PER_WEEK) : addMonths(key, 1);
  }
  return keys;
}

/**
 * The average of each value and the `window - 1` before it that are known (null: no runs that
 * bucket); null while none of them is known.
 */
export function rollingAverage(values: readonly (number | null)[], window: number): (number | null)[] {
  return values.map((_, index) => {
    const known = values
      .slice(Math.max(0, index - window + 1), index + 1)
      .filter((value): value is number => value !== null);
    return known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : null;
  });
}

/** "+12 %" / "−5 %" / "new" (nothing last year): this period against last year's. */
export function changeText(current: number, previous: number): string {
  if (previous <= 0) {
    return current > 0 ? 'new' : '—';
  }
  const percent = Math.round(((current - previous) / previous) * 100);
  return percent === 0 ? '±0 %' : `${percent > 0 ? '+' : '−'}${Math.abs(percent)} %`;
}
