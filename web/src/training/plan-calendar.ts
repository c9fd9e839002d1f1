/**
 * The plan calendar as rows of the reader's weeks: each row starts on the locale's first day of the
 * week (lib/format.ts firstDayOfWeek), holds seven days (null outside the plan), the plan week it
 * belongs to, a month label where a month begins, and the week's planned running distance.
 */
import type { TrainingPlan } from '../../../core/training/training-api.ts';
import { DAY_MS, dayOf, weekStart } from '../lib/calendar-weeks.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { distanceInUnits, distanceUnitLabel } from '../../../core/units.ts';
import { formatMonthYear, formatNumber } from '../lib/format.ts';

export type PlanCalendarDay = TrainingPlan['calendar'][number]['days'][number];
type PlanWeekKind = TrainingPlan['calendar'][number]['kind'];

export interface PlanCalendarRow {
  /** The row's first date (a Monday, or the locale's first day). */
  start: string;
  /** "December 2026" when the row holds the plan's first day or a month's 1st; else null. */
  month: string | null;
  /**
   * The plan week this row names, and its kind: each plan week is named once, on the row holding
   * most of its days (the earlier one on a tie); a row holding no week's most days names none.
   */
  weekNumber: number | null;
  kind: PlanWeekKind | null;
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
  const rows: (PlanCalendarRow & { planned: typeof entries })[] = [];
  for (let start = weekStart(firstTime, firstDay); start <= lastTime; start += 7 * DAY_MS) {
    const inRow = Array.from({ length: 7 }, (_, index) => byDate.get(dayOf(start + index * DAY_MS)) ?? null);
    const planned = inRow.filter((entry) => entry !== null);
    rows.push({
      start: dayOf(start),
      month: monthOf(
        planned.map((entry) => entry.day.date),
        first.day.date,
      ),
      weekNumber: null,
      kind: null,
      distanceM: distanceOf(planned.map((entry) => entry.day)),
      days: inRow.map((entry) => entry?.day ?? null),
      planned,
    });
  }
  // A row of the reader's week may hold the end of one plan week and most of the next: each plan
  // week, in order, names the row not yet named that holds most of its days.
  for (const week of calendar) {
    const daysIn = (row: (typeof rows)[number]) =>
      row.weekNumber === null ? row.planned.filter((entry) => entry.week === week).length : 0;
    const home = rows.reduce<(typeof rows)[number] | undefined>(
      (best, row) => (daysIn(row) > (best ? daysIn(best) : 0) ? row : best),
      undefined,
    );
    if (home) {
      home.weekNumber = week.number;
      home.kind = week.kind;
    }
  }
  return rows.map(({ planned: _planned, ...row }) => row);
}

/**
 * The plan's own weeks as rows (the phone's list): each plan week whole, its days in order, with
 * the month of its first day where that month differs from the week before's.
 */
export function planWeekRows(calendar: TrainingPlan['calendar']): PlanCalendarRow[] {
  const weeks = calendar.filter((week) => week.days.length > 0);
  return weeks.map((week, index) => {
    const start = week.days[0]!.date;
    const before = weeks[index - 1]?.days[0]?.date;
    return {
      start,
      month: before?.slice(0, 7) === start.slice(0, 7) ? null : formatMonthYear(start),
      weekNumber: week.number,
      kind: week.kind,
      distanceM: distanceOf(week.days),
      days: week.days,
    };
  });
}

/** "December 2026" when `dates` hold the plan's first day or a month's 1st; else null. */
function monthOf(dates: readonly string[], planStart: string): string | null {
  const opening = dates.find((date) => date.endsWith('-01') || date === planStart);
  return opening ? formatMonthYear(opening) : null;
}

function distanceOf(days: readonly PlanCalendarDay[]): number {
  return days.reduce((sum, day) => sum + day.tasks.reduce((daySum, { task }) => daySum + (task.distanceM ?? 0), 0), 0);
}

/** A week's planned distance to one decimal: "42.5 km", "26.4 mi". */
export function weekDistanceText(metres: number, units: UnitSystem): string {
  return `${formatNumber(distanceInUnits(metres, units), 1)} ${distanceUnitLabel(units)}`;
}
