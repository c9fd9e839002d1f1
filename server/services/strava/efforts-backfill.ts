/**
 * Strava runs' best efforts, filled in the background: a synced run has none until its detail
 * (with Strava's own `best_efforts`) is read, which used to happen only when the runner opened it.
 * After each sync, and at start-up for whatever a stop left, a job on the general queue
 * (server/jobs/job-queue.ts) reads one runner's runs still without a detail, newest first, a few
 * per job, and stores each detail as opening the run does (remote-activity.ts stravaDetailColumns);
 * the "activities changed" path then works out their best efforts, personal bests and medals.
 *
 * Strava's budget (spec §9: 100 requests per 15 minutes, 2 s apart) is the Strava client's limiter;
 * these requests are background ones, so they never use the share kept for pages someone waits
 * for. When the limiter or Strava says to wait, the job ends and a follow-up is queued for then.
 * Progress lives in the rows (a run is done once its detail is stored), so a restart carries on
 * with the runs left and never asks for a finished one again; each run is claimed while fetched, so
 * two app servers never ask for the same run.
 */
import { RATE_LIMIT_FALLBACK_WAIT_MS } from '../../../core/strava/constants.ts';
import { saveStravaDetail } from '../../db/strava-activity-repository.ts';
import {
  claimNextRunWithoutDetail,
  markDetailRefused,
  releaseEffortsClaim,
  usersWithRunsWithoutDetail,
  type ClaimedRun,
} from '../../db/strava-efforts-backfill-repository.ts';
import type { StravaClient } from '../../integrations/strava/strava-client.ts';
import { StravaError } from '../../integrations/strava/strava-error.ts';
import type { FollowUp } from '../../jobs/job-queue.ts';
import { stravaDetailColumns } from './remote-activity.ts';
import type { WiringContext } from '../service-context.ts';

export const EFFORTS_BACKFILL_QUEUE = 'strava-best-efforts';

/** Runs read per job: then the runner's follow-up queues behind other runners' jobs. */
export const RUNS_PER_JOB = 10;

/** How long a run stays claimed by the server fetching it (the limiter's wait and retries included). */
const CLAIM_MS = 5 * 60 * 1000;

interface BackfillJob {
  userId: string;
}

export type EffortsBackfillDeps = Pick<WiringContext, 'db' | 'jobs' | 'logger' | 'clock' | 'changes'> & {
  client: StravaClient;
  /** Calls Strava with the runner's token (connection.ts withToken). */
  withToken<T>(userId: string, call: (token: string) => Promise<T>): Promise<T>;
};

/** What became of one run: read (or refused for good), or the job must end (stop, or wait this long). */
type RunOutcome = 'read' | 'stop' | { waitMs: number };

export function createEffortsBackfill(deps: EffortsBackfillDeps) {
  const { db, client, clock } = deps;
  const logger = deps.logger.child({ job: EFFORTS_BACKFILL_QUEUE });

  const next = (userId: string, waitMs?: number): FollowUp<BackfillJob> => ({
    data: { userId },
    options: { singletonKey: userId, ...(waitMs ? { startAfterMs: waitMs } : {}) },
  });

  async function readRun(userId: string, run: ClaimedRun, signal: AbortSignal): Promise<RunOutcome> {
    try {
      const raw = await deps.withToken(userId, (token) =>
        client.getActivity(token, run.stravaId, { signal, priority: 'deferred' }),
      );
      const now = new Date(clock.now());
      await saveStravaDetail(db, run.id, { ...stravaDetailColumns(raw, run.type, now), effortsClaimedUntil: null });
      return 'read';
    } catch (error) {
      if (signal.aborted) {
        await releaseEffortsClaim(db, run.id);
        return 'stop';
      }
      if (!(error instanceof StravaError)) {
        await releaseEffortsClaim(db, run.id);
        throw error;
      }
      if (error.kind === 'rate-limit') {
        await releaseEffortsClaim(db, run.id);
        logger.info({ userId, waitMs: error.retryInMs }, 'best-efforts back-fill waits for the Strava rate limit');
        return { waitMs: error.retryInMs ?? RATE_LIMIT_FALLBACK_WAIT_MS };
      }
      if (error.kind === 'unauthorized' || error.kind === 'invalid-refresh-token') {
        // The runner must connect again; the sync after that queues the back-fill again.
        await releaseEffortsClaim(db, run.id);
        logger.info({ userId }, 'best-efforts back-fill stopped: Strava no longer accepts the runner’s token');
        return 'stop';
      }
      const refused =
        error.kind === 'not-found' ||
        error.kind === 'invalid-response' ||
        (error.status !== null && error.status >= 400 && error.status < 500);
      if (refused) {
        await markDetailRefused(db, run.id, new Date(clock.now()));
        logger.info(
          { userId, activityId: run.id, err: error },
          'Strava refused a run’s detail; the back-fill leaves it',
        );
        return 'read';
      }
      // Strava down or unreachable after the client's own retries: pg-boss tries the job again later.
      await releaseEffortsClaim(db, run.id);
      throw error;
    }
  }

  /** One job: up to RUNS_PER_JOB of the runner's runs, newest first; a follow-up when more are left. */
  async function fillSome(userId: string, signal: AbortSignal): Promise<FollowUp<BackfillJob> | undefined> {
    let read = 0;
    let followUp: FollowUp<BackfillJob> | undefined;
    try {
      for (;;) {
        if (signal.aborted) {
          // The runs left stay without a detail: the next start queues the job again.
          return undefined;
        }
        if (read === RUNS_PER_JOB) {
          followUp = next(userId);
          return followUp;
        }
        const now = clock.now();
        const run = await claimNextRunWithoutDetail(db, userId, new Date(now), new Date(now + CLAIM_MS));
        if (!run) {
          return undefined;
        }
        const outcome = await readRun(userId, run, signal);
        if (outcome === 'stop') {
          return undefined;
        }
        if (outcome !== 'read') {
          followUp = next(userId, outcome.waitMs);
          return followUp;
        }
        read += 1;
      }
    } finally {
      if (read > 0 && !signal.aborted) {
        await deps.changes.changed({ userId, source: 'strava-backfill' }).catch((error: unknown) => {
          logger.warn({ err: error, userId }, 'activities-changed after the best-efforts back-fill failed');
        });
      }
    }
  }

  deps.jobs.define<BackfillJob>({
    name: EFFORTS_BACKFILL_QUEUE,
    // One waiting job per runner: a sync that ends while one waits adds nothing.
    policy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    handler: (job, { signal }) => fillSome(job.userId, signal),
  });

  /** Queues the runner's back-fill (after a sync); a failure to queue is logged, the next start retries. */
  async function request(userId: string): Promise<void> {
    try {
      await deps.jobs.send(EFFORTS_BACKFILL_QUEUE, { userId }, { singletonKey: userId });
    } catch (error) {
      logger.warn({ err: error, userId }, 'best-efforts back-fill not queued');
    }
  }

  return {
    request,
    /** At start-up: a job for every runner with runs still to read (what a stop or crash left). */
    async resume(): Promise<void> {
      try {
        for (const userId of await usersWithRunsWithoutDetail(db)) {
          await request(userId);
        }
      } catch (error) {
        logger.warn({ err: error }, 'best-efforts back-fill not resumed');
      }
    },
  };
}

export type EffortsBackfill = ReturnType<typeof createEffortsBackfill>;
