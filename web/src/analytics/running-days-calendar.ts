/**
 * My Stride's calendar of running days as data: the past year as columns of weeks (Sunday to
 * Saturday, as Triple Threat counts them), each day's level by the distance run against the
 * distance classes of spec §5, the month labels, and the sentences read out for a day and the year.
 * Calendar days are UTC midnights, so no reader's zone shifts a day.
 */
import { ISO_SUNDAY } from '../../../core/calendar-days.ts';
import type { RunningDays } from '../../../core/medals/api.ts';
import { DISTANCE_CLASS_MILES } from '../../../core/medals/catalogue.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { METRES_PER_MILE } from '../../../core/units.ts';
import { DAY_MS, dayOf, weekStart } from '../lib/calendar-weeks.ts';
import { formatDay, formatDistance, formatMonth, formatNumber } from '../lib/format.ts';

/** Level 0 is a day without a run; 1–4 climb with the spec §5 classes: 5K, 10K, half marathon. */
const LEVEL_FROM_METRES = [
  DISTANCE_CLASS_MILES['5k-hero'],
  DISTANCE_CLASS_MILES['10k-warrior'],
  DISTANCE_CLASS_MILES['half-marathon-champion'],
].map((miles) => miles * METRES_PER_MILE);
export const LEVEL_LABELS = ['No run', 'Under 5K', '5K–10K', '10K–half', 'Half marathon+'] as const;

export interface DayCell {
  date: string;
  time: number;
  runs: number;
  distance: number;
  level: number;
}

export type CalendarWeek = (DayCell | null)[];

export function dayLevel(runs: number, distance: number): number {
  if (runs === 0) {
    return 0;
  }
  return 1 + LEVEL_FROM_METRES.filter((from) => distance >= from).length;
}

function dayTime(isoDay: string): number {
  return Date.parse(`${isoDay}T00:00:00Z`);
}

/** Weeks from the Sunday on or before `from` through `to`; days outside the window are null. */
export function calendarWeeks(runningDays: RunningDays): CalendarWeek[] {
  const byDate = new Map(runningDays.days.map((day) => [day.date, day]));
  const first = dayTime(runningDays.from);
  const last = dayTime(runningDays.to);
  const weeks: CalendarWeek[] = [];
  for (let sunday = weekStart(first, ISO_SUNDAY); sunday <= last; sunday += 7 * DAY_MS) {
    const week: CalendarWeek = [];
    for (let weekday = 0; weekday < 7; weekday += 1) {
      const time = sunday + weekday * DAY_MS;
      if (time < first || time > last) {
        week.push(null);
        continue;
      }
      const date = dayOf(time);
      const day = byDate.get(date);
      const runs = day?.runs ?? 0;
      const distance = day?.distance ?? 0;
      week.push({ date, time, runs, distance, level: dayLevel(runs, distance) });
    }
    weeks.push(week);
  }
  return weeks;
}

/** A month's name over the week that holds its 1st (not over the last column: it would not fit). */
export function monthLabels(weeks: CalendarWeek[]): { week: number; label: string }[] {
  const labels: { week: number; label: string }[] = [];
  weeks.forEach((week, index) => {
    const firstOfMonth = week.find((day) => day !== null && day.date.endsWith('-01'));
    if (firstOfMonth && index < weeks.length - 1) {
      labels.push({ week: index, label: formatMonth(firstOfMonth.date) });
    }
  });
  return labels;
}

export function describeDay(day: DayCell, units: UnitSystem): string {
  const date = formatDay(day.date, 'full');
  if (day.runs === 0) {
    return `${date}: no run`;
  }
  return `${date}: ${day.runs} ${day.runs === 1 ? 'run' : 'runs'}, ${formatDistance(day.distance, units)}`;
}

export function describeYear(runningDays: RunningDays, units: UnitSystem): string {
  const activeDays = runningDays.days.filter((day) => day.runs > 0);
  if (activeDays.length === 0) {
    return 'No runs in the past year yet.';
  }
  const totalRuns = activeDays.reduce((sum, day) => sum + day.runs, 0);
  const totalDistance = activeDays.reduce((sum, day) => sum + day.distance, 0);
  return `${formatNumber(totalRuns)} ${totalRuns === 1 ? 'run' : 'runs'} on ${activeDays.length} ${
    activeDays.length === 1 ? 'day' : 'days'
  } in the past year, ${formatDistance(totalDistance, units)}.`;
}
