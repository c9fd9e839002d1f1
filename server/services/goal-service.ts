/**
 * Goals (spec §3, §4, §7): create at the end of the list, edit, delete, reorder, and list ascending
 * by order with each goal's progress from the runner's runs (uploads and Strava alike).
 *
 * Status and progress are worked out from the runs and the clock whenever goals are read and after
 * every activity change, in the zone the goal was set in, and stored when they change; a goal that
 * ends unmet reads as missed from the first instant of the next local day, with no timer needed,
 * since nothing is sent to the runner when it changes.
 */
import { randomUUID } from 'node:crypto';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { knownTimeZone, localDate } from '../../core/activity/time-zone.ts';
import { goalProgress } from '../../core/training/goal-progress.ts';
import {
  GOAL_LIMITS,
  GOAL_MESSAGES,
  goalDatesProblem,
  mergeGoalUpdate,
  reorderGoals,
  type GoalCreate,
  type GoalDefinition,
  type GoalUpdate,
} from '../../core/training/goals.ts';
import { localDayStartUtc } from '../../core/training/local-day.ts';
import type { Goal } from '../../core/training/training-api.ts';
import type { Db } from '../db/db.ts';
import type { WiringContext } from './service-context.ts';
import {
  countGoals,
  deleteGoal as deleteGoalRow,
  findGoal,
  insertGoal,
  listGoals as listGoalRows,
  runsBetween,
  saveGoalOrder,
  updateGoal as updateGoalRow,
  type GoalRow,
} from '../db/goal-repository.ts';
import { lockRunnerScope } from '../db/user-lock.ts';
import { conflict, invalid, notFound } from '../errors.ts';

/** What goals and plans need of the service context. */
export type TrainingContext = Pick<WiringContext, 'db' | 'clock'>;

const DAY_MS = 86_400_000;

/** Progress of each goal now; rows whose status or progress changed are stored. */
async function evaluate(context: TrainingContext, userId: string, rows: readonly GoalRow[]): Promise<Goal[]> {
  if (rows.length === 0) {
    return [];
  }
  const now = context.clock.now();
  // A day ahead and behind covers every zone's local days.
  const from = Math.min(...rows.map((row) => localDayStartUtc(row.definition.startDate, row.timeZone))) - DAY_MS;
  const to = Math.max(...rows.map((row) => localDayStartUtc(row.definition.endDate, row.timeZone))) + 2 * DAY_MS;
  const runs = await runsBetween(context.db, userId, from, Math.min(to, now));
  const views: Goal[] = [];
  for (const row of rows) {
    const detail = goalProgress(row.definition, runs, now, row.timeZone);
    let { status, progress, updatedAt } = row;
    if (detail.status !== status || detail.percent !== progress) {
      ({ status, percent: progress } = detail);
      updatedAt = new Date(now);
      await updateGoalRow(context.db, userId, row.id, { status, progress, now: updatedAt });
    }
    views.push({
      id: row.id,
      order: row.order,
      status,
      progress,
      definition: row.definition,
      timeZone: row.timeZone,
      detail,
      hasPlan: row.hasPlan,
      hasActivePlan: row.hasActivePlan,
      createdAt: row.createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
    });
  }
  return views;
}

export async function listGoals(context: TrainingContext, userId: string): Promise<Goal[]> {
  return evaluate(context, userId, await listGoalRows(context.db, userId));
}

async function goalView(context: TrainingContext, userId: string, id: string): Promise<Goal> {
  const row = await findGoal(context.db, userId, id);
  if (!row) {
    throw notFound(NOT_FOUND_MESSAGES.goal);
  }
  const [view] = await evaluate(context, userId, [row]);
  return view!;
}

export async function createGoal(
  context: TrainingContext,
  userId: string,
  input: { goal: GoalCreate; timeZone?: string | undefined },
): Promise<Goal> {
  const timeZone = knownTimeZone(input.timeZone);
  const problem = goalDatesProblem(input.goal, localDate(context.clock.now(), timeZone));
  if (problem) {
    throw invalid(problem);
  }
  const id = randomUUID();
  await context.db.transaction().execute(async (trx) => {
    await lockRunnerScope(trx, 'goals', userId);
    if ((await countGoals(trx, userId)) >= GOAL_LIMITS.maxGoals) {
      throw conflict(GOAL_MESSAGES.tooMany, { code: 'goal-limit' });
    }
    await insertGoal(trx, { id, userId, definition: input.goal, timeZone, now: new Date(context.clock.now()) });
  });
  return goalView(context, userId, id);
}

/** A goal update checked against the stored goal: the goal as it is and as it would become. */
export interface PreparedGoalUpdate {
  row: GoalRow;
  merged: GoalDefinition;
}

export async function prepareGoalUpdate(
  context: TrainingContext,
  userId: string,
  input: { id: string; update: GoalUpdate },
): Promise<PreparedGoalUpdate> {
  const row = await findGoal(context.db, userId, input.id);
  if (!row) {
    throw notFound(NOT_FOUND_MESSAGES.goal);
  }
  const merged = mergeGoalUpdate(row.definition, input.update);
  if (typeof merged === 'string') {
    throw invalid(merged);
  }
  const windowChanged = merged.startDate !== row.definition.startDate || merged.endDate !== row.definition.endDate;
  const problem = windowChanged ? goalDatesProblem(merged, localDate(context.clock.now(), row.timeZone)) : null;
  if (problem) {
    throw invalid(problem);
  }
  return { row, merged };
}

/** Writes a prepared update (inside the caller's transaction when it has one) and reads the goal back. */
export async function saveGoalUpdate(
  context: TrainingContext,
  userId: string,
  { row, merged }: PreparedGoalUpdate,
  db: Db = context.db,
): Promise<void> {
  await updateGoalRow(db, userId, row.id, { definition: merged, now: new Date(context.clock.now()) });
}

export async function getGoal(context: TrainingContext, userId: string, id: string): Promise<Goal> {
  return goalView(context, userId, id);
}

export async function deleteGoal(context: TrainingContext, userId: string, id: string): Promise<void> {
  if (!(await deleteGoalRow(context.db, userId, id))) {
    throw notFound(NOT_FOUND_MESSAGES.goal);
  }
}

export async function reorderGoalList(
  context: TrainingContext,
  userId: string,
  goalIds: readonly string[],
): Promise<Goal[]> {
  const rows = await listGoalRows(context.db, userId);
  const orders = reorderGoals(
    rows.map((row) => row.id),
    goalIds,
  );
  if (typeof orders === 'string') {
    throw invalid(orders);
  }
  await saveGoalOrder(context.db, userId, orders);
  return listGoals(context, userId);
}

/** The runner's goal as a plan reads it (404 for another runner's). */
export async function goalForPlan(context: TrainingContext, userId: string, id: string): Promise<GoalRow> {
  const row = await findGoal(context.db, userId, id);
  if (!row) {
    throw notFound(NOT_FOUND_MESSAGES.goal);
  }
  return row;
}
