/**
 * The plan calendar as rows of the reader's weeks: each row starts on the locale's first day of the
 * week (lib/format.ts firstDayOfWeek), holds seven days (null outside the plan), the plan week it
 * belongs to, a month label where a month begins, and the week's planned running distance.
 */
import type { TrainingPlan } from '../../../core/training/training-api.ts';
import { DAY_MS, dayOf, weekStart } from '../lib/calendar-weeks.ts';
import { formatMonthYear } from '../lib/format.ts';

export type PlanCalendarDay = TrainingPlan['calendar'][number]['days'][number];
type PlanWeekKind = TrainingPlan['calendar'][number]['kind'];

export interface PlanCalendarRow {
  /** The row's first date (a Monday, or the locale's first day). */
  start: string;
  /** "December 2026" when the row holds the plan's first day or a month's 1st; else null. */
  month: string | null;
  /** The plan week of the row's first plan day, and its kind. */
  weekNumber: number;
  kind: PlanWeekKind;
  /** Metres of running planned in the row's days. */
  distanceM: number;
  days: (PlanCalendarDay | null)[];
}

/** `firstDay` is the locale's first day of the week, 1 = Monday … 7 = Sunday. */
export function planCalendarRows(calendar: TrainingPlan['calendar'], firstDay: number): PlanCalendarRow[] {
  const entries = calendar.flatMap((week) => week.days.map((day) => ({ day, week })));
  const first = entries[0];
  const last = entries.at(-1);
  if (!first || !last) {
    return [];
  }
  const byDate = new Map(entries.map((entry) => [entry.day.date, entry]));
  const firstTime = Date.parse(`${first.day.date}T00:00:00Z`);
  const lastTime = Date.parse(`${last.day.date}T00:00:00Z`);
  const rows: PlanCalendarRow[] = [];
  for (let start = weekStart(firstTime, firstDay); start <= lastTime; start += 7 * DAY_MS) {
    const inRow = Array.from({ length: 7 }, (_, index) => byDate.get(dayOf(start + index * DAY_MS)) ?? null);
    const planned = inRow.filter((entry) => entry !== null);
    const opening = planned[0]!;
    const monthStart = planned.find((entry) => entry.day.date.endsWith('-01') || entry.day.date === first.day.date);
    rows.push({
      start: dayOf(start),
      month: monthStart ? formatMonthYear(monthStart.day.date) : null,
      weekNumber: opening.week.number,
      kind: opening.week.kind,
      distanceM: planned.reduce(
        (sum, entry) => sum + entry.day.tasks.reduce((daySum, { task }) => daySum + (task.distanceM ?? 0), 0),
        0,
      ),
      days: inRow.map((entry) => entry?.day ?? null),
    });
  }
  return rows;
}
