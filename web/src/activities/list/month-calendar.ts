/**
 * The activity list's month calendar as rows of the reader's weeks: each row starts on the locale's
 * first day of the week (lib/format.ts firstDayOfWeek, as the training plan calendar does), holds
 * seven days (those of the neighbouring months marked outside), the activities started on each day
 * by their local date (the runner's today marked), and the week's total distance over all seven days: a week that straddles two
 * months totals the same in both, so the calendar asks for the shown range (calendarRange), not only
 * the month.
 */
import type { ActivitySummary } from '../../../../core/activity/schemas.ts';
import { DAY_MS, dayOf, weekStart } from '../../lib/calendar-weeks.ts';

type CalendarActivity = Pick<ActivitySummary, 'startDateLocal' | 'distance'>;

export interface MonthCalendarDay<A extends CalendarActivity> {
  /** YYYY-MM-DD. */
  date: string;
  /** False for the days of the previous or next month that fill the first and last rows. */
  inMonth: boolean;
  /** The runner's today (marked on the calendar). */
  today: boolean;
  activities: A[];
}

export interface MonthCalendarWeek<A extends CalendarActivity> {
  /** The row's first date. */
  start: string;
  days: MonthCalendarDay<A>[];
  /** Metres of the row's activities. */
  distanceM: number;
}

/** The first and last day of `month` (YYYY-MM) as YYYY-MM-DD: the list query's inclusive range. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month `step` months from `month` (YYYY-MM): -1 the previous, 1 the next. */
export function shiftMonth(month: string, step: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1 + step, 1)).toISOString().slice(0, 7);
}

/**
 * The first and last day the month's calendar shows (whole weeks from the one holding the 1st to
 * the one holding the last day), as YYYY-MM-DD: the list query's inclusive range.
 */
export function calendarRange(month: string, firstDay: number): { from: string; to: string } {
  const { from, to } = monthRange(month);
  const lastWeek = weekStart(Date.parse(`${to}T00:00:00Z`), firstDay);
  return { from: dayOf(weekStart(Date.parse(`${from}T00:00:00Z`), firstDay)), to: dayOf(lastWeek + 6 * DAY_MS) };
}

/**
 * `firstDay` is the locale's first day of the week, 1 = Monday … 7 = Sunday; `today` the runner's
 * date (YYYY-MM-DD). `activities` may run over the whole shown range (calendarRange): those of the
 * neighbouring months' days sit on their days too and count in their week's total.
 */
export function monthCalendarWeeks<A extends CalendarActivity>(
  month: string,
  activities: readonly A[],
  firstDay: number,
  today: string,
): MonthCalendarWeek<A>[] {
  const { from, to } = monthRange(month);
  const byDay = new Map<string, A[]>();
  for (const activity of activities) {
    const day = activity.startDateLocal.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), activity]);
  }
  for (const list of byDay.values()) {
    list.sort((a, b) => a.startDateLocal.localeCompare(b.startDateLocal));
  }
  const firstTime = Date.parse(`${from}T00:00:00Z`);
  const lastTime = Date.parse(`${to}T00:00:00Z`);
  const weeks: MonthCalendarWeek<A>[] = [];
  for (let start = weekStart(firstTime, firstDay); start <= lastTime; start += 7 * DAY_MS) {
    const days = Array.from({ length: 7 }, (_, index) => {
      const date = dayOf(start + index * DAY_MS);
      return { date, inMonth: date >= from && date <= to, today: date === today, activities: byDay.get(date) ?? [] };
    });
    const distanceM = days.reduce(
      (sum, day) => sum + day.activities.reduce((daySum, activity) => daySum + activity.distance, 0),
      0,
    );
    weeks.push({ start: dayOf(start), days, distanceM });
  }
  return weeks;
}
