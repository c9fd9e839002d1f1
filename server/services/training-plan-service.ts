/**
 * Training plans as the runner follows them (spec §3, §7): listed (by status and/or goal, else
 * newest first), read with their calendar and re-plans, paused, completed or deleted, and followed
 * day by day (daily progress, today's tasks). Made and made again: plan-making.ts; ticked by
 * imported runs: plan-ticking.ts; re-planned: plan-replanning.ts; their private iCalendar feed:
 * plan-calendar.ts.
 *
 * - A plan's days are the days of the zone it was made in; "today" is that zone's.
 * - An active plan whose race day has passed is completed, and stored so, when it is read.
 */
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { knownTimeZone, localDate } from '../../core/activity/time-zone.ts';
import {
  planAdherence,
  planCalendar,
  tasksOn,
  toggleTask,
  type DailyProgress,
  type PlanStatus,
  type TaskToggle,
} from '../../core/training/plan-progress.ts';
import { planTitle } from '../../core/training/task-text.ts';
import type { PlanVersion, TodayTasks, TrainingPlan, TrainingPlanSummary } from '../../core/training/training-api.ts';
import {
  changeDailyProgress,
  deletePlan as deletePlanRow,
  findPlan,
  listPlans as listPlanRows,
  setPlanStatus,
  type PlanRow,
} from '../db/training-plan-repository.ts';
import { listVersions, type PlanVersionRow } from '../db/plan-version-repository.ts';
import { invalid, notFound } from '../errors.ts';
import type { TrainingContext } from './goal-service.ts';

export function calendarPath(token: string): string {
  return `/api/calendar/${token}.ics`;
}

/** "Half marathon plan, race day 1 Feb 2027": how a plan is named in the API and in calendars. */
export function goalTitleOf(plan: PlanRow): string {
  return planTitle(plan.schedule.race, plan.schedule.raceDate);
}

function summaryOf(plan: PlanRow, today: string): TrainingPlanSummary {
  const { schedule, request } = plan;
  return {
    id: plan.id,
    goalId: plan.goalId,
    goalTitle: goalTitleOf(plan),
    status: plan.status,
    race: schedule.race,
    level: schedule.level,
    runsPerWeek: schedule.runsPerWeek,
    longRunDay: schedule.longRunDay,
    startDate: schedule.startDate,
    raceDate: schedule.raceDate,
    paces: request.paces,
    adherence: planAdherence(schedule, plan.dailyProgress, today),
    weekOneBasis: schedule.weekOneBasis ?? null,
    today,
    calendarUrl: calendarPath(plan.calendarToken),
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

/** A stored re-plan as the API shows it. */
export function versionView(row: PlanVersionRow): PlanVersion {
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    reason: row.reason,
    changes: row.changes,
    paces: row.paces,
    madeOn: row.madeOn,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** A plan as the API shows it, with its calendar, its re-plans and the one proposed. */
export async function viewOf(context: TrainingContext, plan: PlanRow): Promise<TrainingPlan> {
  const today = localDate(context.clock.now(), plan.timeZone);
  const versions = (await listVersions(context.db, plan.userId, plan.id)).map(versionView);
  return {
    ...summaryOf(plan, today),
    dailyProgress: plan.dailyProgress,
    calendar: planCalendar(plan.schedule, plan.dailyProgress, today),
    proposal: versions.find((version) => version.status === 'proposed') ?? null,
    versions,
  };
}

/** Spec §3 plan status: an active plan whose race day has passed (in its zone) is completed, and stored so. */
async function settleFinished(context: TrainingContext, userId: string, plans: PlanRow[]): Promise<PlanRow[]> {
  const now = context.clock.now();
  return Promise.all(
    plans.map(async (plan) => {
      if (plan.status !== 'active' || plan.schedule.raceDate >= localDate(now, plan.timeZone)) {
        return plan;
      }
      await setPlanStatus(context.db, userId, plan.id, 'completed', new Date(now));
      return { ...plan, status: 'completed' as const, updatedAt: new Date(now) };
    }),
  );
}

async function planRows(
  context: TrainingContext,
  userId: string,
  filter: { status?: PlanStatus | undefined; goalId?: string | undefined },
): Promise<PlanRow[]> {
  // Read unfiltered by status, so a plan that has just finished is not listed as active.
  const plans = await settleFinished(
    context,
    userId,
    await listPlanRows(context.db, userId, { goalId: filter.goalId }),
  );
  return filter.status === undefined ? plans : plans.filter((plan) => plan.status === filter.status);
}

export async function planOf(context: TrainingContext, userId: string, id: string): Promise<PlanRow> {
  const plan = await findPlan(context.db, userId, id);
  if (!plan) {
    throw notFound(NOT_FOUND_MESSAGES.plan);
  }
  const [settled] = await settleFinished(context, userId, [plan]);
  return settled!;
}

export async function listPlans(
  context: TrainingContext,
  userId: string,
  filter: { status?: PlanStatus | undefined; goalId?: string | undefined },
): Promise<TrainingPlanSummary[]> {
  const plans = await planRows(context, userId, filter);
  return plans.map((plan) => summaryOf(plan, localDate(context.clock.now(), plan.timeZone)));
}

export async function getPlan(context: TrainingContext, userId: string, id: string): Promise<TrainingPlan> {
  return viewOf(context, await planOf(context, userId, id));
}

export async function updatePlan(
  context: TrainingContext,
  userId: string,
  input: { id: string; status: PlanStatus },
): Promise<TrainingPlan> {
  await planOf(context, userId, input.id);
  await setPlanStatus(context.db, userId, input.id, input.status, new Date(context.clock.now()));
  return getPlan(context, userId, input.id);
}

export async function deletePlan(context: TrainingContext, userId: string, id: string): Promise<void> {
  if (!(await deletePlanRow(context.db, userId, id))) {
    throw notFound(NOT_FOUND_MESSAGES.plan);
  }
}

export async function getDailyProgress(context: TrainingContext, userId: string, id: string): Promise<DailyProgress> {
  return (await planOf(context, userId, id)).dailyProgress;
}

/** Ticks or unticks one task of one day (spec §7: dailyProgress.{date} set to the completed tasks). */
export async function setTask(
  context: TrainingContext,
  userId: string,
  input: { id: string; toggle: TaskToggle },
): Promise<TrainingPlan> {
  const now = context.clock.now();
  const problem = await changeDailyProgress(
    context.db,
    userId,
    input.id,
    (plan) => {
      const today = localDate(now, plan.timeZone);
      const result = toggleTask(plan.schedule, plan.dailyProgress, input.toggle, now, today);
      return result.ok ? { progress: result.progress, result: null } : { progress: null, result: result.message };
    },
    new Date(now),
  );
  if (problem === undefined) {
    throw notFound(NOT_FOUND_MESSAGES.plan);
  }
  if (problem !== null) {
    throw invalid(problem);
  }
  return getPlan(context, userId, input.id);
}

/** Today's tasks of each active plan (the dashboard's card), and the plans still to begin. */
export async function todayTasks(context: TrainingContext, userId: string, timeZone?: string): Promise<TodayTasks> {
  const now = context.clock.now();
  const plans = (await planRows(context, userId, { status: 'active' })).map((plan) => ({
    plan,
    today: localDate(now, plan.timeZone),
  }));
  return {
    today: localDate(now, knownTimeZone(timeZone)),
    plans: plans
      .map(({ plan, today }) => ({
        planId: plan.id,
        date: today,
        race: plan.schedule.race,
        raceDate: plan.schedule.raceDate,
        adherence: planAdherence(plan.schedule, plan.dailyProgress, today),
        tasks: tasksOn(plan.schedule, plan.dailyProgress, today),
      }))
      .filter((day) => day.tasks.length > 0),
    upcoming: plans
      .filter(({ plan, today }) => today < plan.schedule.startDate)
      .map(({ plan }) => ({
        planId: plan.id,
        race: plan.schedule.race,
        raceDate: plan.schedule.raceDate,
        startDate: plan.schedule.startDate,
      })),
  };
}
