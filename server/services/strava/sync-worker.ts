/**
 * The Strava sync as a background job on the server. One job per user lives in
 * strava_sync_jobs; each page of `athlete/activities` is imported in the same transaction that moves
 * the job's checkpoint on, so a restart resumes at the next page with nothing lost or doubled.
 *
 * Runners take turns: after each page a job gives way to another runner's waiting job, and jobs are
 * taken by the oldest last change, so each open sync gets a page in turn.
 *
 * Jobs are leased: a server holds a job while it works on it and renews the lease every page. A
 * graceful stop releases its leases at once; a server that died loses them when they run out, and
 * any other server takes over. Progress goes to the user's open pages as `strava-sync` events.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { SyncKind, SyncProgress } from '../../../core/strava/api.ts';
import { SYNC_PAGE_SIZE, SYNC_WAIT_SHOWN_MS } from '../../../core/strava/constants.ts';
import { classifyActivityError } from '../../../core/strava/messages.ts';
import { normalizeStravaActivities, type StravaActivity } from '../../../core/strava/normalize.ts';
import { stravaAthleteGear, type StravaGear } from '../../../core/strava/athlete-gear.ts';
import { runInBackground } from '../../db/query-priority.ts';
import type { StravaSyncJobRow } from '../../db/schema.ts';
import { latestStravaStart, upsertStravaActivities } from '../../db/strava-activity-repository.ts';
import { updateIntegration } from '../../db/strava-connection-repository.ts';
import {
  claimSyncJob,
  enqueueSyncJob,
  findSyncJob,
  nextClaimableAt,
  otherJobWaiting,
  releaseJobs,
  updateHeldJob,
} from '../../db/strava-sync-job-repository.ts';
import type { StravaClient } from '../../integrations/strava/strava-client.ts';
import { StravaError } from '../../integrations/strava/strava-error.ts';
import { hideStravaDuplicates } from './duplicates.ts';
import type { WiringContext } from '../service-context.ts';

/** An incremental sync re-reads the week before the newest stored activity (edits, late uploads). */
export const INCREMENTAL_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

/** How often an idle worker looks for jobs another server abandoned (their lease ran out). */
const IDLE_POLL_MS = 15_000;

export type SyncWorkerDeps = Pick<WiringContext, 'db' | 'units' | 'events' | 'logger' | 'clock' | 'changes'> & {
  client: StravaClient;
  /** Calls Strava with the runner's token (connection.ts withToken). */
  withToken<T>(userId: string, call: (token: string) => Promise<T>): Promise<T>;
  leaseMs: number;
  /** After a sync ended well: what follows it (the best-efforts back-fill of the synced runs). */
  afterSync?(userId: string): Promise<void>;
  /**
   * The athlete's shoes and bikes, read once per sync after its last page, become the runner's
   * gear and the synced activities are put on the gear Strava names (gear-service.ts).
   */
  importGear?: (userId: string, gear: StravaGear[]) => Promise<void>;
};

export function toProgress(job: StravaSyncJobRow): SyncProgress {
  return {
    kind: job.kind,
    state: job.state,
    pages: job.pages,
    activities: job.activities,
    imported: job.imported,
    startedAt: job.startedAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    resumesAt: job.resumesAt?.toISOString() ?? null,
    error: job.error,
  };
}

class LostLease extends Error {}

/** Strava never sends one activity twice in a page, but a page that did must not break the upsert. */
function uniqueByStravaId(activities: StravaActivity[]): StravaActivity[] {
  return [...new Map(activities.map((activity) => [activity.stravaId, activity])).values()];
}

export function createSyncWorker(deps: SyncWorkerDeps) {
  const { db, client, events, logger, clock, leaseMs } = deps;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const stopping = new AbortController();
  let cancelTimer: () => void = () => undefined;
  let pass: Promise<void> | null = null;
  let again = false;

  const publish = (job: StravaSyncJobRow) =>
    events.publish(job.userId, { type: 'strava-sync', progress: toProgress(job) }).catch((error: unknown) => {
      logger.warn({ err: error }, 'sync progress not published');
    });

  async function hold(job: StravaSyncJobRow, values: Partial<StravaSyncJobRow>): Promise<StravaSyncJobRow> {
    const { afterEpoch: _afterEpoch, ...changes } = values;
    const now = new Date(clock.now());
    if (!(await updateHeldJob(db, job.userId, owner, changes, now))) {
      throw new LostLease();
    }
    return { ...job, ...values, updatedAt: now };
  }

  async function importPage(job: StravaSyncJobRow, page: unknown[]): Promise<StravaSyncJobRow> {
    const activities = uniqueByStravaId(normalizeStravaActivities(page));
    const now = new Date(clock.now());
    const next = {
      state: 'running' as const,
      resumesAt: null,
      nextPage: job.nextPage + 1,
      pages: job.pages + 1,
      activities: job.activities + page.length,
      leaseUntil: new Date(now.getTime() + leaseMs),
    };
    const imported = await db.transaction().execute(async (trx) => {
      const { changed, insertedIds } = await upsertStravaActivities(trx, job.userId, activities, now);
      await hideStravaDuplicates(trx, job.userId, insertedIds);
      const moved = await updateHeldJob(trx, job.userId, owner, { ...next, imported: job.imported + changed }, now);
      if (!moved) {
        throw new LostLease();
      }
      return changed;
    });
    return { ...job, ...next, imported: job.imported + imported, updatedAt: now };
  }

  /**
   * Reads the athlete's shoes and bikes (one request) and hands them on. Strava refusing or failing
   * it leaves the gear as it was for this sync (the next sync reads it again): the sync still ends
   * well with its activities.
   */
  async function readGear(userId: string): Promise<void> {
    if (!deps.importGear) {
      return;
    }
    let athlete: Record<string, unknown>;
    try {
      athlete = await deps.withToken(userId, (token) =>
        client.getAthlete(token, { signal: stopping.signal, priority: 'background' }),
      );
    } catch (error) {
      if (stopping.signal.aborted) {
        throw error;
      }
      logger.warn({ err: error, userId }, 'Strava shoes and bikes not read');
      return;
    }
    await deps.importGear(userId, stravaAthleteGear(athlete));
  }

  async function run(claimed: StravaSyncJobRow): Promise<void> {
    let job = claimed;
    const { userId } = job;
    const after = job.afterEpoch === null ? undefined : Number(job.afterEpoch);
    await publish(job);
    try {
      // A long wait for the rate limit is shown as one (spec §8): the job keeps its lease until
      // the wait is over, and its next page sets it running again.
      const onWait = async (waitMs: number) => {
        if (waitMs <= SYNC_WAIT_SHOWN_MS) {
          return;
        }
        const resumesAt = new Date(clock.now() + waitMs);
        job = await hold(job, { state: 'waiting', resumesAt, leaseUntil: new Date(resumesAt.getTime() + leaseMs) });
        await publish(job);
      };
      for (;;) {
        const page = await deps.withToken(userId, (token) =>
          client.listActivities(
            token,
            { page: job.nextPage, perPage: SYNC_PAGE_SIZE, after },
            { signal: stopping.signal, onWait },
          ),
        );
        const before = job.imported;
        job = await importPage(job, page);
        await publish(job);
        if (job.imported > before) {
          // The dashboard's totals grow with the list while the sync runs.
          await deps.changes.changed({ userId, source: 'strava-sync', partial: true });
        }
        if (page.length < SYNC_PAGE_SIZE) {
          await readGear(userId);
          break;
        }
        if (await otherJobWaiting(db, userId, new Date(clock.now()))) {
          // Runners take turns page by page: this job gives its lease back (still running, at its
          // next page) and the job waiting longest goes next, so one runner's long or repeated
          // syncs never hold back another's first page.
          await hold(job, { leaseOwner: null, leaseUntil: null });
          return;
        }
      }
      const finishedAt = new Date(clock.now());
      // One transaction: a status read never sees the job done without the connection's lastSyncAt.
      const done = { state: 'done' as const, finishedAt, leaseOwner: null, leaseUntil: null };
      await db.transaction().execute(async (trx) => {
        await updateIntegration(trx, userId, { lastSyncAt: finishedAt });
        if (!(await updateHeldJob(trx, userId, owner, done, finishedAt))) {
          throw new LostLease();
        }
      });
      job = { ...job, ...done, updatedAt: finishedAt };
      logger.info({ userId, pages: job.pages, activities: job.activities, imported: job.imported }, 'Strava sync done');
      await publish(job);
      if (job.imported > claimed.imported) {
        await deps.changes.changed({ userId, source: 'strava-sync' });
      }
      await deps.afterSync?.(userId);
    } catch (error) {
      if (stopping.signal.aborted || error instanceof LostLease) {
        return;
      }
      if (error instanceof StravaError && error.kind === 'rate-limit') {
        // Spec §8/§9: wait until Strava's reset time (60 s without one), then go on from this page.
        const resumesAt = new Date(clock.now() + (error.retryInMs ?? 0));
        job = await hold(job, { state: 'waiting', resumesAt, leaseOwner: null, leaseUntil: null });
        logger.info({ userId, resumesAt }, 'Strava sync waits for the rate limit');
        await publish(job);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ err: error, userId }, 'Strava sync failed');
      try {
        job = await hold(job, {
          state: 'failed',
          error: classifyActivityError(message),
          finishedAt: new Date(clock.now()),
          leaseOwner: null,
          leaseUntil: null,
        });
      } catch (holdError) {
        // The job is gone (disconnected) or another server holds it now: nothing of ours to report.
        if (holdError instanceof LostLease) {
          return;
        }
        throw holdError;
      }
      await publish(job);
    }
  }

  function schedule(delayMs: number): void {
    if (stopping.signal.aborted) {
      return;
    }
    cancelTimer();
    cancelTimer = clock.after(Math.max(0, Math.min(delayMs, IDLE_POLL_MS)), kick);
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopping.signal.aborted) {
          return;
        }
        const job = await claimSyncJob(db, owner, leaseMs, new Date(clock.now()));
        if (!job) {
          break;
        }
        await deps.units.run(job.userId, () => run(job));
      }
    } while (again);
    const at = await nextClaimableAt(db);
    schedule(at === null ? IDLE_POLL_MS : at.getTime() - clock.now() + 50);
  }

  /** Looks for work now (a job was queued, a wait ran out); one pass runs at a time. */
  function kick(): void {
    if (stopping.signal.aborted) {
      return;
    }
    if (pass) {
      again = true;
      return;
    }
    // A sync is background work: on PGlite its queries give way to requests' (db/query-priority.ts).
    pass = runInBackground(drain)
      .catch((error: unknown) => {
        logger.error({ err: error }, 'Strava sync worker failed');
        schedule(IDLE_POLL_MS);
      })
      .finally(() => {
        pass = null;
        // A kick that came after the pass's last look for jobs (a job queued meanwhile) looks again
        // now, instead of leaving that job to the next poll.
        if (again) {
          kick();
        }
      });
  }

  async function enqueue(userId: string, kind: SyncKind): Promise<SyncProgress> {
    let afterEpoch: number | null = null;
    const previous = await findSyncJob(db, userId);
    if (kind === 'incremental' && previous?.state === 'failed') {
      // Strava lists newest first, so a sync that failed part-way stored the newest activities and
      // missed older ones: "after the newest stored" would skip those for good. Repeat its range.
      afterEpoch = previous.kind === 'full' || previous.afterEpoch === null ? null : Number(previous.afterEpoch);
    } else if (kind === 'incremental') {
      // A week back from the newest stored start, not from the start itself: edits of recent runs
      // (names, descriptions, crops) and runs uploaded to Strava days late come in without webhooks.
      const latest = await latestStravaStart(db, userId);
      afterEpoch = latest === null ? null : Math.floor((latest.getTime() - INCREMENTAL_LOOKBACK_MS) / 1000);
    }
    const job = await enqueueSyncJob(
      db,
      userId,
      afterEpoch === null ? 'full' : kind,
      afterEpoch,
      new Date(clock.now()),
    );
    await publish(job);
    kick();
    return toProgress(job);
  }

  return {
    start: kick,
    enqueue,
    progress: async (userId: string) => {
      const job = await findSyncJob(db, userId);
      return job ? toProgress(job) : null;
    },
    /** Stops after the page in flight is abandoned; the job stays open for the next start. */
    async stop(): Promise<void> {
      stopping.abort(new Error('Stride is stopping'));
      cancelTimer();
      await pass;
      await releaseJobs(db, owner);
    },
  };
}

export type SyncWorker = ReturnType<typeof createSyncWorker>;
