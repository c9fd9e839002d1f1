/**
 * SQL for training plans (spec §3 "Training plan"): one runner's plans (filtered by status and/or
 * goal, else newest first), one plan, writes, daily progress, and the runs still to offer to plans.
 */
import type { DailyProgress, PlanStatus } from '../../core/training/plan-progress.ts';
import type { TrainingPlanSchedule } from '../../core/training/plan-generation.ts';
import type { PlanRequest } from '../../core/training/plan-request.ts';
import type { ChosenPaces } from '../../core/training/plan-paces.ts';
import { awaitingConfirmation, countsTowardTotals } from './activity-totals-repository.ts';
import type { Db } from './db.ts';

export interface StoredPlanRequest {
  level: PlanRequest['level'];
  runsPerWeek: number;
  longRunDay: number;
  paces: ChosenPaces;
  /** What the runner gave beside (core planRequestSchema); absent: read from their runs. */
  weeklyDistanceM?: number;
  longestRunM?: number;
  runDays?: number[];
}

export interface PlanRow {
  id: string;
  userId: string;
  goalId: string;
  status: PlanStatus;
  request: StoredPlanRequest;
  schedule: TrainingPlanSchedule;
  dailyProgress: DailyProgress;
  timeZone: string;
  calendarToken: string;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = [
  'id',
  'userId',
  'goalId',
  'status',
  'request',
  'schedule',
  'dailyProgress',
  'timeZone',
  'calendarToken',
  'createdAt',
  'updatedAt',
] as const;

const asPlan = (row: Record<(typeof COLUMNS)[number], unknown>): PlanRow => row as unknown as PlanRow;

export async function listPlans(
  db: Db,
  userId: string,
  filter: { status?: PlanStatus | undefined; goalId?: string | undefined },
): Promise<PlanRow[]> {
  let query = db.selectFrom('trainingPlans').select(COLUMNS).where('userId', '=', userId);
  if (filter.status !== undefined) {
    query = query.where('status', '=', filter.status);
  }
  if (filter.goalId !== undefined) {
    query = query.where('goalId', '=', filter.goalId);
  }
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map(asPlan);
}

export async function findPlan(db: Db, userId: string, id: string): Promise<PlanRow | undefined> {
  const row = await db
    .selectFrom('trainingPlans')
    .select(COLUMNS)
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && asPlan(row);
}

export async function findPlanByCalendarToken(db: Db, token: string): Promise<PlanRow | undefined> {
  const row = await db
    .selectFrom('trainingPlans')
    .select(COLUMNS)
    .where('calendarToken', '=', token)
    .executeTakeFirst();
  return row && asPlan(row);
}

export async function insertPlan(db: Db, plan: Omit<PlanRow, 'status' | 'dailyProgress' | 'updatedAt'>): Promise<void> {
  await db
    .insertInto('trainingPlans')
    .values({
      id: plan.id,
      userId: plan.userId,
      goalId: plan.goalId,
      request: JSON.stringify(plan.request),
      schedule: JSON.stringify(plan.schedule),
      dailyProgress: '{}',
      timeZone: plan.timeZone,
      calendarToken: plan.calendarToken,
      createdAt: plan.createdAt,
      updatedAt: plan.createdAt,
    })
    .execute();
}

export async function setPlanStatus(db: Db, userId: string, id: string, status: PlanStatus, now: Date) {
  await db
    .updateTable('trainingPlans')
    .set({ status, updatedAt: now })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** A plan made again for its changed goal: its schedule, request and the ticks that still apply. */
export async function replacePlanSchedule(
  db: Db,
  userId: string,
  id: string,
  plan: { request: StoredPlanRequest; schedule: TrainingPlanSchedule; dailyProgress: DailyProgress; now: Date },
): Promise<void> {
  await db
    .updateTable('trainingPlans')
    .set({
      request: JSON.stringify(plan.request),
      schedule: JSON.stringify(plan.schedule),
      dailyProgress: JSON.stringify(plan.dailyProgress),
      updatedAt: plan.now,
    })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** Every active plan's owner, zone, first day and race day: what the weekly review sweeps. */
export async function activePlansToReview(
  db: Db,
): Promise<{ id: string; userId: string; timeZone: string; startDate: string; raceDate: string }[]> {
  const rows = await db
    .selectFrom('trainingPlans')
    .select(['id', 'userId', 'timeZone', 'schedule'])
    .where('status', '=', 'active')
    .execute();
  return rows.map((row) => {
    const schedule = row.schedule as unknown as TrainingPlanSchedule;
    return {
      id: row.id,
      userId: row.userId,
      timeZone: row.timeZone,
      startDate: schedule.startDate,
      raceDate: schedule.raceDate,
    };
  });
}

export async function deletePlan(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('trainingPlans')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Changes a plan's daily progress under a row lock, so two ticks at once (two tabs, an import and
 * a click) both land. `change` gets the stored plan and returns the new progress, or null to keep it.
 */
export async function changeDailyProgress<T>(
  db: Db,
  userId: string,
  id: string,
  change: (plan: PlanRow) => { progress: DailyProgress | null; result: T },
  now: Date,
): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('trainingPlans')
      .select(COLUMNS)
      .where('userId', '=', userId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) {
      return undefined;
    }
    const { progress, result } = change(asPlan(row));
    if (progress !== null) {
      await trx
        .updateTable('trainingPlans')
        .set({ dailyProgress: JSON.stringify(progress), updatedAt: now })
        .where('id', '=', id)
        .execute();
    }
    return result;
  });
}

/** The runner's runs not yet offered to their plans (new imports and syncs). */
export interface RunToOffer {
  id: string;
  startDate: number;
  distanceM: number;
  type: string;
}

function runToOffer(row: { id: string; startDate: Date | string; distance: number; type: string }): RunToOffer {
  return { id: row.id, startDate: new Date(row.startDate).getTime(), distanceM: row.distance, type: row.type };
}

/**
 * The runs not yet offered to the runner's plans: `offer` are those that count (countsTowardTotals:
 * no sample run, no Strava copy hidden behind its upload, no implausible run the runner has not
 * confirmed); `settled` are the ids to mark offered, all but the implausible runs still awaiting
 * the runner's word, which are offered once confirmed.
 */
export async function runsToMatch(db: Db, userId: string): Promise<{ offer: RunToOffer[]; settled: string[] }> {
  const rows = await db
    .selectFrom('activities')
    .where('userId', '=', userId)
    .where('planMatchedAt', 'is', null)
    .select((eb) => [
      'id',
      'startDate',
      'distance',
      'type',
      countsTowardTotals(eb).as('counts'),
      awaitingConfirmation(eb).as('awaitingConfirmation'),
    ])
    .execute();
  return {
    offer: rows.filter((row) => row.counts).map(runToOffer),
    settled: rows.filter((row) => !row.awaitingConfirmation).map((row) => row.id),
  };
}

/** The counting runs that started between two instants (inclusive): a new plan's days so far. */
export async function runsBetween(db: Db, userId: string, fromMs: number, toMs: number): Promise<RunToOffer[]> {
  const rows = await db
    .selectFrom('activities')
    .where('userId', '=', userId)
    .where(countsTowardTotals)
    .where('startDate', '>=', new Date(fromMs))
    .where('startDate', '<=', new Date(toMs))
    .select(['id', 'startDate', 'distance', 'type'])
    .execute();
  return rows.map(runToOffer);
}

export async function unitSystemOf(db: Db, userId: string): Promise<'imperial' | 'metric' | undefined> {
  const row = await db.selectFrom('profiles').select('unitSystem').where('userId', '=', userId).executeTakeFirst();
  return row?.unitSystem;
}
