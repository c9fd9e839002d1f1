/** SQL for goals (spec §3 "Goal"): one runner's list in order, one goal, writes, and the runs progress reads. */
import { sql } from 'kysely';
import type { GoalDefinition, GoalStatus } from '../../core/training/goals.ts';
import type { ProgressActivity } from '../../core/training/goal-progress.ts';
import { countsTowardTotals } from './activity-totals-repository.ts';
import { activityTime } from './activity-time.ts';
import type { Db } from './db.ts';

export interface GoalRow {
  id: string;
  userId: string;
  order: number;
  status: GoalStatus;
  progress: number;
  definition: GoalDefinition;
  timeZone: string;
  createdAt: Date;
  updatedAt: Date;
  hasPlan: boolean;
  hasActivePlan: boolean;
}

function goals(db: Db, userId: string) {
  return db
    .selectFrom('goals')
    .where('goals.userId', '=', userId)
    .select((eb) => [
      'goals.id',
      'goals.userId',
      'goals.order',
      'goals.status',
      'goals.progress',
      'goals.definition',
      'goals.timeZone',
      'goals.createdAt',
      'goals.updatedAt',
      eb
        .exists(
          eb.selectFrom('trainingPlans').select('trainingPlans.id').whereRef('trainingPlans.goalId', '=', 'goals.id'),
        )
        .as('hasPlan'),
      eb
        .exists(
          eb
            .selectFrom('trainingPlans')
            .select('trainingPlans.id')
            .whereRef('trainingPlans.goalId', '=', 'goals.id')
            .where('trainingPlans.status', '=', 'active'),
        )
        .as('hasActivePlan'),
    ]);
}

type StoredGoal = Omit<GoalRow, 'status' | 'definition' | 'hasPlan' | 'hasActivePlan'> & {
  status: string;
  definition: unknown;
  hasPlan: unknown;
  hasActivePlan: unknown;
};

const asGoal = (row: StoredGoal): GoalRow => ({
  ...row,
  status: row.status as GoalStatus,
  definition: row.definition as GoalDefinition,
  hasPlan: Boolean(row.hasPlan),
  hasActivePlan: Boolean(row.hasActivePlan),
});

/** Spec §7: ascending by order; equal orders keep the older first. */
export async function listGoals(db: Db, userId: string): Promise<GoalRow[]> {
  const rows = await goals(db, userId).orderBy('goals.order').orderBy('goals.createdAt').orderBy('goals.id').execute();
  return rows.map(asGoal);
}

export async function findGoal(db: Db, userId: string, id: string): Promise<GoalRow | undefined> {
  const row = await goals(db, userId).where('goals.id', '=', id).executeTakeFirst();
  return row && asGoal(row);
}

/** Inserts a goal at the end of the runner's list: order 0 first, else the highest order + 1 (spec §3). */
export async function insertGoal(
  db: Db,
  goal: { id: string; userId: string; definition: GoalDefinition; timeZone: string; now: Date },
): Promise<void> {
  await db
    .insertInto('goals')
    .columns(['id', 'userId', 'order', 'kind', 'definition', 'timeZone', 'createdAt', 'updatedAt'])
    .expression(
      db
        .selectFrom('goals')
        .where('userId', '=', goal.userId)
        .select([
          // Typed, so PostgreSQL knows each parameter's type in a SELECT list.
          sql<string>`${goal.id}::text`.as('id'),
          sql<string>`${goal.userId}::text`.as('userId'),
          sql<number>`coalesce(max("order") + 1, 0)`.as('order'),
          sql<string>`${goal.definition.kind}::text`.as('kind'),
          sql`${JSON.stringify(goal.definition)}::jsonb`.as('definition'),
          sql<string>`${goal.timeZone}::text`.as('timeZone'),
          sql<Date>`${goal.now}::timestamptz`.as('createdAt'),
          sql<Date>`${goal.now}::timestamptz`.as('updatedAt'),
        ]),
    )
    .execute();
}

export async function updateGoal(
  db: Db,
  userId: string,
  id: string,
  change: { definition?: GoalDefinition; status?: GoalStatus; progress?: number; now: Date },
): Promise<void> {
  await db
    .updateTable('goals')
    .set({
      ...(change.definition ? { definition: JSON.stringify(change.definition) } : {}),
      ...(change.status ? { status: change.status } : {}),
      ...(change.progress === undefined ? {} : { progress: change.progress }),
      updatedAt: change.now,
    })
    .where('userId', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** Deletes a goal and its plans; false when the runner has no such goal. */
export async function deleteGoal(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('goals').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function saveGoalOrder(db: Db, userId: string, orders: readonly { id: string; order: number }[]) {
  await db.transaction().execute(async (trx) => {
    for (const { id, order } of orders) {
      await trx.updateTable('goals').set({ order }).where('userId', '=', userId).where('id', '=', id).execute();
    }
  });
}

/** The runner's counted runs that started between two instants (goal progress reads these). */
export async function runsBetween(db: Db, userId: string, fromMs: number, toMs: number): Promise<ProgressActivity[]> {
  const rows = await db
    .selectFrom('activities')
    .where('userId', '=', userId)
    .where('type', '=', 'run')
    .where(countsTowardTotals)
    .where('startDate', '>=', new Date(fromMs))
    .where('startDate', '<=', new Date(toMs))
    .select(['startDate', 'distance', activityTime(userId).as('movingTime'), 'type'])
    .execute();
  return rows.map((row) => ({
    startDate: new Date(row.startDate).getTime(),
    distanceM: row.distance,
    movingTimeS: row.movingTime,
    type: row.type,
  }));
}

export async function countGoals(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('goals')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
