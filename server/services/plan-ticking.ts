/**
 * Ticking training plans (spec §7): an imported or synced run that counts is offered to the
 * runner's active plans once (plan_matched_at), so a task the runner unticks stays unticked; a new
 * plan is offered the runs already done on its days (plan-making.ts createPlan).
 */
import { localDate } from '../../core/activity/time-zone.ts';
import { matchActivityToTask, toggleTask } from '../../core/training/plan-progress.ts';
import { markRunsMatched, markSettledRunsMatched } from '../db/activity-repository.ts';
import {
  changeDailyProgress,
  listPlans as listPlanRows,
  runsToMatch,
  type RunToOffer,
} from '../db/training-plan-repository.ts';
import type { TrainingContext } from './goal-service.ts';
import type { ActivityReaction } from './service-context.ts';

/** Offers runs to one plan: each ticks at most one run task of its local day (core matchActivityToTask). */
export async function offerRuns(
  context: TrainingContext,
  userId: string,
  planId: string,
  runs: readonly RunToOffer[],
  now: number,
): Promise<number> {
  let ticked = 0;
  await changeDailyProgress(
    context.db,
    userId,
    planId,
    (plan) => {
      let progress = plan.dailyProgress;
      for (const run of runs) {
        const match = matchActivityToTask(plan.schedule, progress, run, plan.timeZone);
        const today = localDate(now, plan.timeZone);
        const result = match && toggleTask(plan.schedule, progress, { ...match, completed: true }, now, today);
        if (result?.ok) {
          progress = result.progress;
          ticked += 1;
        }
      }
      return { progress: progress === plan.dailyProgress ? null : progress, result: null };
    },
    new Date(now),
  );
  return ticked;
}

/**
 * Offers the runner's new runs that count to their active plans, and marks them offered, ticking or
 * not (an implausible run waits for the runner's confirmation).
 */
export async function matchNewRuns(context: TrainingContext, userId: string): Promise<number> {
  const now = context.clock.now();
  const plans = await listPlanRows(context.db, userId, { status: 'active' });
  if (plans.length === 0) {
    // Without an active plan nothing ticks: the runs are only marked offered.
    await markSettledRunsMatched(context.db, userId, new Date(now));
    return 0;
  }
  const { offer, settled } = await runsToMatch(context.db, userId);
  let ticked = 0;
  if (offer.length > 0) {
    for (const { id } of plans) {
      ticked += await offerRuns(context, userId, id, offer, now);
    }
  }
  await markRunsMatched(context.db, userId, settled, new Date(now));
  return ticked;
}

/** New runs (and runs whose type or counting changed) tick their plan day's task. */
export const planTicksReaction: ActivityReaction = {
  name: 'plan ticks',
  run: async (context, change) => {
    await matchNewRuns(context, change.userId);
  },
};
