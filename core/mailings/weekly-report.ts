/**
 * The weekly report ("Weekly report" preference, spec §3): when it is due, which week it covers,
 * what it says about the runner's plan, and its text.
 *
 * Rules:
 * - Due on Monday from WEEKLY_REPORT_HOUR (07:00) in the runner's time zone until that Monday ends;
 *   it covers the Monday–Sunday week before, in that zone.
 * - Distance and time per sport are the week's activities that count (the same rule as the
 *   dashboard's totals), in the runner's units.
 * - Runs against the plan: the run tasks of the active plan's days in that week, ticked (done) over
 *   all of them (planned).
 * - Key sessions of the coming week (the Monday the report is sent and the six days after): the
 *   plan's run tasks other than easy runs (long runs, intervals, repetitions, tempo, marathon pace,
 *   race).
 * - Personal bests: each best-effort distance whose fastest time so far was run in the week (the
 *   best of the week when it was beaten twice); medals: those earned in the week.
 */
import type { SportTotal } from '../activity/sport-totals.ts';
import { countSport } from '../activity/sport-totals.ts';
import { localDateTime } from '../activity/time-zone.ts';
import type { UnitSystem } from '../unit-system.ts';
import { addDays, epochDay, weekdayOf } from '../training/local-day.ts';
import type { TaskKind, TrainingPlanSchedule } from '../training/plan-generation.ts';
import { tasksOn, type DailyProgress } from '../training/plan-progress.ts';
import { RUN_TASK_KINDS } from '../training/plan-generation.ts';
import { planName, taskTitle } from '../training/task-text.ts';
import { DEFAULT_LOCALE, formatDistance, formatDuration, writeWall } from '../format.ts';
import type { MailContent } from './mail-body.ts';

/** The local hour on Monday from which the report is sent. */
export const WEEKLY_REPORT_HOUR = 7;
/** Monday, as core/training/local-day.ts weekdayOf counts (0 Sunday … 6 Saturday). */
export const WEEKLY_REPORT_WEEKDAY = 1;
/** How often each app server looks for runners whose report is due (a quarter hour). */
export const WEEKLY_REPORT_CHECK_INTERVAL_MS = 15 * 60 * 1000;

/** The plan's sessions the report names for the coming week: its runs but the easy ones. */
export const KEY_SESSION_KINDS: ReadonlySet<TaskKind> = new Set([...RUN_TASK_KINDS].filter((kind) => kind !== 'easy'));

export interface ReportWeek {
  /** The Monday of the week reported on. */
  weekStart: string;
  /** Its Sunday. */
  weekEnd: string;
  /** The Monday the report is sent: the first day of the coming week. */
  nextWeekStart: string;
}

/** The week a report is due for at `nowMs` in `timeZone` (see the module rules), or null. */
export function dueReportWeek(nowMs: number, timeZone: string): ReportWeek | null {
  const local = localDateTime(nowMs, timeZone);
  const today = local.slice(0, 10);
  const hour = Number(local.slice(11, 13));
  const day = epochDay(today);
  if (day === null || weekdayOf(day) !== WEEKLY_REPORT_WEEKDAY || hour < WEEKLY_REPORT_HOUR) {
    return null;
  }
  return { weekStart: addDays(today, -7), weekEnd: addDays(today, -1), nextWeekStart: today };
}

/** The seven days from `weekStart`. */
export function weekDays(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));
}

export interface KeySession {
  date: string;
  title: string;
}

export interface PlanWeekSummary {
  name: string;
  /** Run tasks of the reported week ticked, and all of them. */
  done: number;
  planned: number;
  keySessions: KeySession[];
}

/** The plan's part of the report (see the module rules). */
export function planWeekSummary(
  plan: TrainingPlanSchedule,
  progress: DailyProgress,
  week: ReportWeek,
  units: UnitSystem,
): PlanWeekSummary {
  let done = 0;
  let planned = 0;
  for (const date of weekDays(week.weekStart)) {
    for (const { task, completed } of tasksOn(plan, progress, date)) {
      if (RUN_TASK_KINDS.has(task.kind)) {
        planned += 1;
        done += completed ? 1 : 0;
      }
    }
  }
  const keySessions = weekDays(week.nextWeekStart).flatMap((date) =>
    tasksOn(plan, progress, date)
      .filter(({ task }) => KEY_SESSION_KINDS.has(task.kind))
      .map(({ task }) => ({ date, title: taskTitle(task, units) })),
  );
  return { name: planName(plan.race), done, planned, keySessions };
}

export interface WeeklyReportFigures {
  week: ReportWeek;
  /** The week's totals per sport, in the dashboard's order; sports without activities are left out. */
  sports: readonly SportTotal[];
  plan: PlanWeekSummary | null;
  personalBests: readonly { label: string; seconds: number; date: string }[];
  medals: readonly { title: string; description: string }[];
}

/** A calendar day with its weekday: "Mon 16 Nov" (en-GB), "Mon, Nov 16" (en-US). */
export function formatReportDay(isoDay: string, locale: string = DEFAULT_LOCALE): string {
  return writeWall(isoDay, locale, { weekday: 'short', day: 'numeric', month: 'short' });
}

export const WEEKLY_REPORT_TEXTS = {
  subject: (week: ReportWeek, locale?: string) =>
    `Your Stride week: ${formatReportDay(week.weekStart, locale)} – ${formatReportDay(week.weekEnd, locale)}`,
  intro: (week: ReportWeek, locale?: string) =>
    `Here is your week from ${formatReportDay(week.weekStart, locale)} to ${formatReportDay(week.weekEnd, locale)}.`,
  activitiesHeading: 'Distance and time',
  noActivities: 'No activities this week.',
  sportLine: (sport: SportTotal, units: UnitSystem, locale?: string) =>
    `${countSport(sport.type, sport.activities, locale)}: ${formatDistance(sport.distance, units, locale)} in ${formatDuration(sport.duration)}`,
  planHeading: 'Training plan',
  planLine: (plan: PlanWeekSummary) => `${plan.name}: ${plan.done} of ${plan.planned} planned runs done`,
  personalBestsHeading: 'New personal bests',
  personalBestLine: (best: { label: string; seconds: number; date: string }, locale?: string) =>
    `${best.label}: ${formatDuration(best.seconds)} (${formatReportDay(best.date, locale)})`,
  medalsHeading: 'Medals earned',
  medalLine: (medal: { title: string; description: string }) => `${medal.title}: ${medal.description}`,
  keySessionsHeading: 'Key sessions this week',
  noKeySessions: 'No key sessions planned.',
  keySessionLine: (session: KeySession, locale?: string) =>
    `${formatReportDay(session.date, locale)}: ${session.title}`,
  action: 'Open Stride',
} as const;

/**
 * The report's content; `appUrl` is the server's public address. Dates and figures are written in
 * `locale` (DEFAULT_LOCALE, as no runner's locale is stored).
 */
export function weeklyReportContent(
  figures: WeeklyReportFigures,
  units: UnitSystem,
  appUrl: string,
  locale: string = DEFAULT_LOCALE,
): MailContent {
  const texts = WEEKLY_REPORT_TEXTS;
  const sections: MailContent['sections'][number][] = [
    {
      heading: texts.activitiesHeading,
      lines:
        figures.sports.length === 0
          ? [texts.noActivities]
          : figures.sports.map((sport) => texts.sportLine(sport, units, locale)),
    },
  ];
  if (figures.plan) {
    sections.push({ heading: texts.planHeading, lines: [texts.planLine(figures.plan)] });
  }
  if (figures.personalBests.length > 0) {
    sections.push({
      heading: texts.personalBestsHeading,
      lines: figures.personalBests.map((best) => texts.personalBestLine(best, locale)),
    });
  }
  if (figures.medals.length > 0) {
    sections.push({ heading: texts.medalsHeading, lines: figures.medals.map(texts.medalLine) });
  }
  if (figures.plan) {
    sections.push({
      heading: texts.keySessionsHeading,
      lines:
        figures.plan.keySessions.length === 0
          ? [texts.noKeySessions]
          : figures.plan.keySessions.map((session) => texts.keySessionLine(session, locale)),
    });
  }
  return {
    subject: texts.subject(figures.week, locale),
    intro: texts.intro(figures.week, locale),
    sections,
    action: { label: texts.action, url: `${appUrl}/dashboard` },
  };
}
