/**
 * The versions of a training plan (migrations 0052, 0053): re-plans proposed, accepted or kept,
 * and the weekly reviews that changed nothing. One proposal waits per plan; a newer one supersedes
 * it.
 */
import { randomUUID } from 'node:crypto';
import type { TrainingPlanSchedule } from '../../core/training/plan-generation.ts';
import type { ChosenPaces } from '../../core/training/plan-paces.ts';
import type { ReplanKind, WeekChange } from '../../core/training/replanning.ts';
import type { Db } from './db.ts';

export type PlanVersionStatus = 'proposed' | 'accepted' | 'kept' | 'superseded' | 'unchanged';
export interface PlanVersionRow {
  id: string;
  planId: string;
  status: PlanVersionStatus;
  kind: ReplanKind;
  reason: string;
  changes: WeekChange[];
  schedule: TrainingPlanSchedule;
  /** The paces the re-plan moves the plan to (migration 0053); null when it keeps the plan's. */
  paces: ChosenPaces | null;
  madeOn: string;
  createdAt: Date;
  decidedAt: Date | null;
}

const COLUMNS = [
  'id',
  'planId',
  'status',
  'kind',
  'reason',
  'changes',
  'schedule',
  'paces',
  'madeOn',
  'createdAt',
  'decidedAt',
] as const;
const asVersion = (row: Record<(typeof COLUMNS)[number], unknown>): PlanVersionRow => row as unknown as PlanVersionRow;

/** Stores a re-plan; a proposal supersedes the one waiting. In the caller's transaction. */
export async function insertVersion(
  trx: Db,
  userId: string,
  version: Omit<PlanVersionRow, 'id' | 'decidedAt'>,
): Promise<PlanVersionRow> {
  if (version.status === 'proposed') {
    await trx
      .updateTable('trainingPlanVersions')
      .set({ status: 'superseded', decidedAt: version.createdAt })
      .where('planId', '=', version.planId)
      .where('status', '=', 'proposed')
      .execute();
  }
  const row = await trx
    .insertInto('trainingPlanVersions')
    .values({
      id: randomUUID(),
      planId: version.planId,
      userId,
      status: version.status,
      kind: version.kind,
      reason: version.reason,
      changes: JSON.stringify(version.changes),
      schedule: JSON.stringify(version.schedule),
      paces: version.paces && JSON.stringify(version.paces),
      madeOn: version.madeOn,
      createdAt: version.createdAt,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return asVersion(row);
}

/** The plan's versions, newest first. */
export async function listVersions(db: Db, userId: string, planId: string): Promise<PlanVersionRow[]> {
  const rows = await db
    .selectFrom('trainingPlanVersions')
    .select(COLUMNS)
    .where('userId', '=', userId)
    .where('planId', '=', planId)
    .orderBy('seq', 'desc')
    .execute();
  return rows.map(asVersion);
}

/** Whether the plan was reviewed on `madeOn` already (the weekly re-plan's once-a-week key). */
export async function reviewedOn(db: Db, planId: string, madeOn: string): Promise<boolean> {
  const row = await db
    .selectFrom('trainingPlanVersions')
    .select('id')
    .where('planId', '=', planId)
    .where('madeOn', '=', madeOn)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The runner's answer to the waiting proposal `id`: accepted (with the schedule it replaces) or
 * kept. Undefined when no such proposal waits. In the caller's transaction.
 */
export async function decideVersion(
  trx: Db,
  userId: string,
  planId: string,
  id: string,
  answer: { status: 'accepted' | 'kept'; replacedSchedule: TrainingPlanSchedule | null; now: Date },
): Promise<PlanVersionRow | undefined> {
  const row = await trx
    .updateTable('trainingPlanVersions')
    .set({
      status: answer.status,
      decidedAt: answer.now,
      replacedSchedule: answer.replacedSchedule && JSON.stringify(answer.replacedSchedule),
    })
    .where('userId', '=', userId)
    .where('planId', '=', planId)
    .where('id', '=', id)
    .where('status', '=', 'proposed')
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && asVersion(row);
}
