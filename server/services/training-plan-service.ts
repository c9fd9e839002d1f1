/**
 * Training plans (spec §3, §4, §7): generated for a race goal from core's templates, listed (by
 * status and/or goal, else newest first), changed, deleted and followed day by day (daily progress).
 * Imported runs tick them in plan-ticking.ts; their private iCalendar feed is plan-calendar.ts.
 *
 * - Paces: from the runner's best efforts of the last PACE_HISTORY_DAYS days (VDOT), else from the
 *   goal's target time (core/training/plan-paces.ts).
 * - Volume: week 1 from the weekly distance the runner gave, else their runs of the last weeks
 *   (core/training/training-history.ts), which also pre-fill the plan form (planDefaults).
 * - Re-plans and their versions: plan-replanning.ts; a plan is read with them.
 * - A plan's days are the days of the zone it was made in; "today" is that zone's.
 * - An imported or synced run that counts is offered to the runner's active plans once
 *   (plan_matched_at), so a task the runner unticks stays unticked; a new plan is offered the runs
 *   already done on its days.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { knownTimeZone, localDate } from '../../core/activity/time-zone.ts';
import { BEST_EFFORT_DISTANCES } from '../../core/running/best-efforts.ts';
import type { GoalDefinition, GoalUpdate } from '../../core/training/goals.ts';
import {
  generatePlan,
  PLAN_MESSAGES,
  planInputForGoal,
  type PlanRequest,
  type TrainingPlanSchedule,
} from '../../core/training/plan-generation.ts';
import {
  type ChosenPaces,
  PACE_EFFORT_DISTANCES,
  PACE_HISTORY_DAYS,
  planPaces,
  type RecentEffort,
} from '../../core/training/plan-paces.ts';
import {
  keepTicks,
  planAdherence,
  planCalendar,
  tasksOn,
  toggleTask,
  type DailyProgress,
  type PlanStatus,
  type TaskToggle,
} from '../../core/training/plan-progress.ts';
import { addDays, localDayStartUtc } from '../../core/training/local-day.ts';
import { HISTORY_WEEKS, RECENT_VOLUME_WEEKS } from '../../core/training/plan-templates.ts';
import { trainingHistory, type TrainingHistory } from '../../core/training/training-history.ts';
import { planTitle } from '../../core/training/task-text.ts';
import type {
  Goal,
  PlanDefaults,
  PlanVersion,
  TodayTasks,
  TrainingPlan,
  TrainingPlanSummary,
} from '../../core/training/training-api.ts';
import { fastestEffortSince } from '../db/best-effort-repository.ts';
import {
  changeDailyProgress,
  deletePlan as deletePlanRow,
  findPlan,
  insertPlan,
  listPlans as listPlanRows,
  replacePlanSchedule,
  runsBetween,
  setPlanStatus,
  type PlanRow,
  type StoredPlanRequest,
} from '../db/training-plan-repository.ts';
import { listVersions, type PlanVersionRow } from '../db/plan-version-repository.ts';
import { invalid, notFound } from '../errors.ts';
import { getGoal, goalForPlan, prepareGoalUpdate, saveGoalUpdate, type TrainingContext } from './goal-service.ts';
import { offerRuns } from './plan-ticking.ts';

const DAY_MS = 86_400_000;

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

async function viewOf(context: TrainingContext, plan: PlanRow): Promise<TrainingPlan> {
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

/** The runner's fastest efforts of the last PACE_HISTORY_DAYS days at the distances paces come from. */
export async function recentEfforts(context: TrainingContext, userId: string): Promise<RecentEffort[]> {
  const since = new Date(context.clock.now() - PACE_HISTORY_DAYS * DAY_MS);
  const efforts = await Promise.all(
    BEST_EFFORT_DISTANCES.filter((distance) => PACE_EFFORT_DISTANCES.includes(distance.id)).map(async (distance) => {
      const effort = await fastestEffortSince(context.db, userId, distance.id, since);
      return (
        effort && {
          label: distance.label,
          metres: distance.metres,
          seconds: effort.seconds,
          date: effort.startDateLocal.slice(0, 10),
        }
      );
    }),
  );
  return efforts.filter((effort) => effort !== undefined);
}

/** The paces a plan for `goal` would be run at: given, else from recent best efforts, else the goal's target. */
async function choosePaces(
  context: TrainingContext,
  userId: string,
  goal: { raceDistanceM: number; targetTimeS: number },
  given: PlanRequest['paces'],
): Promise<ChosenPaces> {
  if (given) {
    return { paces: given, source: 'given', vdot: null, effort: null };
  }
  return planPaces(await recentEfforts(context, userId), goal);
}

/** The runner's running of the last HISTORY_WEEKS weeks before today in `timeZone` (core trainingHistory). */
async function historyOf(context: TrainingContext, userId: string, timeZone: string): Promise<TrainingHistory> {
  const now = context.clock.now();
  const today = localDate(now, timeZone);
  const runs = await runsBetween(
    context.db,
    userId,
    localDayStartUtc(addDays(today, -7 * HISTORY_WEEKS), timeZone),
    now,
  );
  return trainingHistory(
    runs.map((run) => ({ date: localDate(run.startDate, timeZone), distanceM: run.distanceM, type: run.type })),
    today,
  );
}

/** The schedule and paces of a plan for a goal, made today in `timeZone`; a sentence if none can be. */
async function makeSchedule(
  context: TrainingContext,
  userId: string,
  goal: GoalDefinition,
  request: PlanRequest,
  timeZone: string,
): Promise<{ request: StoredPlanRequest; schedule: TrainingPlanSchedule }> {
  const planInput = planInputForGoal(goal, request, localDate(context.clock.now(), timeZone));
  if (typeof planInput === 'string') {
    throw invalid(planInput);
  }
  const paces = await choosePaces(
    context,
    userId,
    { raceDistanceM: goal.kind === 'race' ? goal.raceDistanceM : 0, targetTimeS: planInput.targetTimeS },
    request.paces,
  );
  const history = await historyOf(context, userId, timeZone);
  const generated = generatePlan({
    ...planInput,
    paces: paces.paces,
    recentVolume: { runs: history.recentRuns, totalM: history.weeklyDistanceM * RECENT_VOLUME_WEEKS },
    longestRunM: request.longestRunM ?? history.longestRunM,
  });
  if (!generated.ok) {
    throw invalid(generated.message);
  }
  const { goalId: _goal, paces: _paces, ...kept } = request;
  return { request: { ...kept, paces }, schedule: generated.plan };
}

/** The plan form's figures for a race goal: the runner's last weeks and the paces a plan would take. */
export async function planDefaults(
  context: TrainingContext,
  userId: string,
  input: { goalId: string; timeZone?: string | undefined },
): Promise<PlanDefaults> {
  const goal = await goalForPlan(context, userId, input.goalId);
  const definition = goal.definition;
  if (definition.kind !== 'race') {
    throw invalid(PLAN_MESSAGES.notARaceGoal);
  }
  const history = await historyOf(context, userId, knownTimeZone(input.timeZone ?? goal.timeZone));
  const paces = await choosePaces(context, userId, definition, undefined);
  return { ...history, paces };
}

export async function createPlan(
  context: TrainingContext,
  userId: string,
  input: { request: PlanRequest; timeZone?: string | undefined },
): Promise<TrainingPlan> {
  const goal = await goalForPlan(context, userId, input.request.goalId);
  const timeZone = knownTimeZone(input.timeZone ?? goal.timeZone);
  const { request, schedule } = await makeSchedule(context, userId, goal.definition, input.request, timeZone);
  const now = context.clock.now();
  const id = randomUUID();
  await insertPlan(context.db, {
    id,
    userId,
    goalId: goal.id,
    request,
    schedule,
    timeZone,
    calendarToken: randomBytes(24).toString('base64url'),
    createdAt: new Date(now),
  });
  // A plan that starts today (or earlier) is ticked by the runs already done on its days.
  const planStart = localDayStartUtc(schedule.startDate, timeZone);
  if (planStart <= now) {
    await offerRuns(context, userId, id, await runsBetween(context.db, userId, planStart, now), now);
  }
  return viewOf(context, await planOf(context, userId, id));
}

/**
 * Changes a goal and carries a new race day, distance or target time into its active plans: each is
 * made again with its level, runs a week and long-run day (paces as before: given, or worked out
 * afresh), keeping the ticks of tasks that are still in it. When a plan cannot be made for the
 * changed race, the change is refused with the plan's sentence and nothing is stored.
 */
export async function updateGoalAndPlans(
  context: TrainingContext,
  userId: string,
  input: { id: string; update: GoalUpdate },
): Promise<Goal> {
  const prepared = await prepareGoalUpdate(context, userId, input);
  const before = prepared.row.definition;
  const after = prepared.merged;
  const raceChanged =
    before.kind === 'race' &&
    after.kind === 'race' &&
    (before.endDate !== after.endDate ||
      before.raceDistanceM !== after.raceDistanceM ||
      before.targetTimeS !== after.targetTimeS);
  const plans = raceChanged
    ? await listPlanRows(context.db, userId, { goalId: prepared.row.id, status: 'active' })
    : [];
  const remade: {
    id: string;
    request: StoredPlanRequest;
    schedule: TrainingPlanSchedule;
    dailyProgress: DailyProgress;
  }[] = [];
  for (const plan of plans) {
    const { paces, ...kept } = plan.request;
    const request = { goalId: plan.goalId, ...kept, ...(paces.source === 'given' ? { paces: paces.paces } : {}) };
    const made = await makeSchedule(context, userId, after, request, plan.timeZone);
    remade.push({ id: plan.id, ...made, dailyProgress: keepTicks(made.schedule, plan.dailyProgress) });
  }
  const now = new Date(context.clock.now());
  await context.db.transaction().execute(async (trx) => {
    await saveGoalUpdate(context, userId, prepared, trx);
    for (const { id, ...plan } of remade) {
      await replacePlanSchedule(trx, userId, id, { ...plan, now });
    }
  });
  return getGoal(context, userId, prepared.row.id);
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
