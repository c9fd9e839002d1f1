/**
 * Making a training plan for a race goal (spec §3, §7), and making it again when the goal's race
 * changes: core's templates (core/training/plan-generation.ts) given the runner's paces and volume.
 *
 * - Paces: given, else from the runner's best efforts of the last PACE_HISTORY_DAYS days (VDOT),
 *   else from the goal's target time (core/training/plan-paces.ts).
 * - Volume: week 1 from the weekly distance the runner gave, else their runs of the last weeks
 *   (core/training/training-history.ts), which also pre-fill the plan form (planDefaults).
 * - A plan's days are the days of the zone it was made in; a new plan is offered the runs already
 *   done on its days (plan-ticking.ts).
 * - A plan that cannot be made is refused with core's sentence, and nothing is stored.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { knownTimeZone, localDate } from '../../core/activity/time-zone.ts';
import { BEST_EFFORT_DISTANCES } from '../../core/running/best-efforts.ts';
import type { GoalDefinition, GoalUpdate } from '../../core/training/goals.ts';
import { generatePlan, type TrainingPlanSchedule } from '../../core/training/plan-generation.ts';
import { PLAN_MESSAGES, planInputForGoal, type PlanRequest } from '../../core/training/plan-request.ts';
import {
  type ChosenPaces,
  PACE_EFFORT_DISTANCES,
  PACE_HISTORY_DAYS,
  planPaces,
  type RecentEffort,
} from '../../core/training/plan-paces.ts';
import { keepTicks, type DailyProgress } from '../../core/training/plan-progress.ts';
import { addDays, localDayStartUtc } from '../../core/training/local-day.ts';
import { HISTORY_WEEKS, RECENT_VOLUME_WEEKS } from '../../core/training/plan-templates.ts';
import { trainingHistory, type TrainingHistory } from '../../core/training/training-history.ts';
import type { Goal, PlanDefaults, TrainingPlan } from '../../core/training/training-api.ts';
import { fastestEffortSince } from '../db/best-effort-repository.ts';
import {
  insertPlan,
  listPlans as listPlanRows,
  replacePlanSchedule,
  runsBetween,
  type StoredPlanRequest,
} from '../db/training-plan-repository.ts';
import { invalid } from '../errors.ts';
import { getGoal, goalForPlan, prepareGoalUpdate, saveGoalUpdate, type TrainingContext } from './goal-service.ts';
import { offerRuns } from './plan-ticking.ts';
import { planOf, viewOf } from './training-plan-service.ts';

const DAY_MS = 86_400_000;

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
