/**
 * Re-planning a training plan (core/training/replanning.ts) from what the runner did and how they
 * feel: the plan's ticks, their runs, check-ins and acute:chronic load of the last days. A re-plan
 * that changes the plan waits as a proposal until the runner accepts it (the plan's schedule is
 * replaced, the ticks that still apply kept, and a re-plan to faster paces makes them the plan's
 * paces) or keeps the plan as it was; every version is kept.
 *
 * Weekly: every REVIEW_CHECK_INTERVAL_MS each server asks for a sweep (one runs per slot, pg-boss
 * singleton); the sweep queues one job per active plan whose week begins today in its zone and that
 * has no review of today yet, so each plan week is reviewed once. The runner can also ask any day.
 */
import type { Logger } from 'pino';
import { localDate } from '../../core/activity/time-zone.ts';
import { addDays, daysBetween, localDayStartUtc } from '../../core/training/local-day.ts';
import { bestEffortPaces } from '../../core/training/plan-paces.ts';
import { keepTicks } from '../../core/training/plan-progress.ts';
import { REPLAN_WINDOW_DAYS, replan, UNWELL_OF } from '../../core/training/replanning.ts';
import type { PlanVersion, TrainingPlan } from '../../core/training/training-api.ts';
import { trainingLoad } from '../../core/wellbeing/readiness.ts';
import { DEFAULT_UNIT_SYSTEM } from '../../core/unit-system.ts';
import type { Clock } from '../clock.ts';
import { runInBackground } from '../db/query-priority.ts';
import { decideVersion, insertVersion, listVersions, reviewedOn } from '../db/plan-version-repository.ts';
import { activePlansToReview, replacePlanSchedule, runsBetween, unitSystemOf } from '../db/training-plan-repository.ts';
import { latestCheckInsByDate } from '../db/wellbeing-repository.ts';
import { AppError, invalid } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { TrainingContext } from './goal-service.ts';
import { getPlan, planOf, recentEfforts, versionView } from './training-plan-service.ts';
import { dailyLoadsTo } from './wellbeing-service.ts';

export const REPLAN_MESSAGES = {
  notActive: 'Only an active plan is re-planned.',
  noProposal: 'This re-plan is no longer waiting for an answer.',
} as const;

/** Re-plans the plan today in its zone and stores the result: a proposal, or a review without change. */
export async function replanPlan(context: TrainingContext, userId: string, planId: string): Promise<PlanVersion> {
  const plan = await planOf(context, userId, planId);
  if (plan.status !== 'active') {
    throw invalid(REPLAN_MESSAGES.notActive);
  }
  const now = context.clock.now();
  const today = localDate(now, plan.timeZone);
  const from = addDays(today, -REPLAN_WINDOW_DAYS);
  const [checkIns, loads, runs, versions, efforts, units] = await Promise.all([
    latestCheckInsByDate(context.db, userId, { from, to: today }),
    dailyLoadsTo(context, userId, today),
    runsBetween(context.db, userId, localDayStartUtc(from, plan.timeZone), now),
    listVersions(context.db, userId, planId),
    recentEfforts(context, userId),
    unitSystemOf(context.db, userId),
  ]);
  const recent = bestEffortPaces(efforts);
  const result = replan(
    plan.schedule,
    plan.dailyProgress,
    {
      checkIns: checkIns.slice(-UNWELL_OF).map((checkIn) => ({ date: checkIn.date, answers: checkIn })),
      loadRatio: trainingLoad(loads.daily, loads.historyDays).ratio,
      runDates: runs
        .filter((run) => run.type.toLowerCase() === 'run')
        .map((run) => localDate(run.startDate, plan.timeZone)),
      acceptedOn: versions.find((version) => version.status === 'accepted')?.madeOn ?? null,
      ...(recent ? { paces: { plan: plan.request.paces.paces, recent, units: units ?? DEFAULT_UNIT_SYSTEM } } : {}),
    },
    today,
  );
  const stored = await context.db.transaction().execute((trx) =>
    insertVersion(trx, userId, {
      planId,
      status: result.kind === 'unchanged' ? 'unchanged' : 'proposed',
      kind: result.kind,
      reason: result.reason,
      changes: result.changes,
      schedule: result.schedule,
      paces: result.paces,
      madeOn: today,
      createdAt: new Date(now),
    }),
  );
  return versionView(stored);
}

/** The runner's answer to a waiting re-plan: accepted (the plan takes its weeks) or the plan kept. */
export async function answerReplan(
  context: TrainingContext,
  userId: string,
  input: { planId: string; versionId: string; accept: boolean },
): Promise<TrainingPlan> {
  const plan = await planOf(context, userId, input.planId);
  const now = new Date(context.clock.now());
  await context.db.transaction().execute(async (trx) => {
    const decided = await decideVersion(trx, userId, plan.id, input.versionId, {
      status: input.accept ? 'accepted' : 'kept',
      replacedSchedule: input.accept ? plan.schedule : null,
      now,
    });
    if (!decided) {
      throw invalid(REPLAN_MESSAGES.noProposal);
    }
    if (input.accept) {
      await replacePlanSchedule(trx, userId, plan.id, {
        request: decided.paces ? { ...plan.request, paces: decided.paces } : plan.request,
        schedule: decided.schedule,
        dailyProgress: keepTicks(decided.schedule, plan.dailyProgress),
        now,
      });
    }
  });
  return getPlan(context, userId, plan.id);
}

/** How often each server asks for the weekly review's sweep. */
export const REVIEW_CHECK_INTERVAL_MS = 3_600_000;
const SWEEP_QUEUE = 'plan-review-sweep';
const REVIEW_QUEUE = 'plan-review';

interface ReviewJob {
  userId: string;
  planId: string;
  madeOn: string;
}

/** The weekly re-plan on the job queue; start() after the queue started, stop() before it stops. */
export function createWeeklyReplan(deps: { context: TrainingContext; jobs: JobQueue; clock: Clock; logger: Logger }) {
  const { context, jobs, clock, logger } = deps;
  let stopTimer: (() => void) | undefined;

  /** One job for each active plan whose week begins today in its zone, not reviewed today. */
  async function queueDueReviews(): Promise<number> {
    let queued = 0;
    for (const plan of await activePlansToReview(context.db)) {
      const today = localDate(clock.now(), plan.timeZone);
      const day = daysBetween(plan.startDate, today);
      if (day <= 0 || day % 7 !== 0 || today >= plan.raceDate || (await reviewedOn(context.db, plan.id, today))) {
        continue;
      }
      const job: ReviewJob = { userId: plan.userId, planId: plan.id, madeOn: today };
      if (await jobs.send(REVIEW_QUEUE, job, { singletonKey: `${plan.id}:${today}` })) {
        queued += 1;
      }
    }
    return queued;
  }

  jobs.define<{ slot: number }>({
    name: SWEEP_QUEUE,
    policy: 'short',
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    handler: async () => {
      await queueDueReviews();
      return undefined;
    },
  });
  jobs.define<ReviewJob>({
    name: REVIEW_QUEUE,
    policy: 'short',
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    handler: async (job) => {
      // Once a plan week: a review of today may have been stored since the job was queued.
      if (!(await reviewedOn(context.db, job.planId, job.madeOn))) {
        await replanPlan(context, job.userId, job.planId).catch((error: unknown) => {
          // Deleted, archived or finished since it was queued: nothing to review.
          if (!(error instanceof AppError)) {
            throw error;
          }
        });
      }
      return undefined;
    },
  });

  async function requestSweep(): Promise<void> {
    const slot = Math.floor(clock.now() / REVIEW_CHECK_INTERVAL_MS);
    await jobs.send(SWEEP_QUEUE, { slot }, { singletonKey: String(slot) });
  }

  return {
    queueDueReviews,
    /** Asks for a sweep now and every REVIEW_CHECK_INTERVAL_MS. */
    start(): void {
      if (stopTimer) {
        return;
      }
      const request = () =>
        runInBackground(requestSweep).catch((error: unknown) =>
          logger.warn({ err: error }, 'weekly plan review sweep not queued'),
        );
      void request();
      stopTimer = clock.every(REVIEW_CHECK_INTERVAL_MS, () => void request());
    },
    stop(): void {
      stopTimer?.();
      stopTimer = undefined;
    },
  };
}
