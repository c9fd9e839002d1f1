/**
 * SQL for the strava_sync_jobs table: one resumable, leased sync job per user. A job is "open"
 * while its state is one of core's OPEN_SYNC_STATES; every query here that asks for open jobs
 * uses that one list.
 */
import { sql } from 'kysely';
import { OPEN_SYNC_STATES } from '../../core/strava/api.ts';
import type { Db } from './db.ts';
import type { Updateable } from 'kysely';
import type { StravaSyncJobRow, StravaSyncJobsTable } from './schema.ts';

/**
 * OPEN_SYNC_STATES as a SQL list of literals for raw SQL. Literals, not parameters, so the planner
 * can match the partial index strava_sync_jobs_open_idx (whose predicate is this same list).
 */
const OPEN_STATES_SQL = sql.raw(OPEN_SYNC_STATES.map((state) => `'${state}'`).join(', '));

/** The state a job is in while a server holds its lease. */
const HELD_STATE: StravaSyncJobRow['state'] = 'running';

export function findSyncJob(db: Db, userId: string): Promise<StravaSyncJobRow | undefined> {
  return db.selectFrom('stravaSyncJobs').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/**
 * Queues a sync unless one is open already (then that one is returned: a second "Sync now" joins
 * the running sync instead of starting another).
 */
export async function enqueueSyncJob(
  db: Db,
  userId: string,
  kind: StravaSyncJobsTable['kind'],
  afterEpoch: number | null,
  now: Date,
): Promise<StravaSyncJobRow> {
  const fresh = {
    kind,
    state: 'queued' as const,
    nextPage: 1,
    afterEpoch,
    pages: 0,
    activities: 0,
    imported: 0,
    error: null,
    resumesAt: null,
    leaseOwner: null,
    leaseUntil: null,
    startedAt: now,
    finishedAt: null,
    updatedAt: now,
  };
  const row = await db
    .insertInto('stravaSyncJobs')
    .values({ userId, ...fresh })
    .onConflict((oc) =>
      oc
        .column('userId')
        .doUpdateSet(fresh)
        .where('stravaSyncJobs.state', 'not in', [...OPEN_SYNC_STATES]),
    )
    .returningAll()
    .executeTakeFirst();
  return row ?? (await findSyncJob(db, userId))!;
}

/**
 * Takes the open job nobody holds (or whose holder's lease ran out: that server died) whose
 * rate-limit pause is over and that changed longest ago (of two changed at once, the one with fewer
 * pages done), as of `now` (the worker's clock, the same one that writes the
 * leases and pauses). SKIP LOCKED keeps two app servers from taking the same job.
 */
export async function claimSyncJob(
  db: Db,
  owner: string,
  leaseMs: number,
  now: Date,
): Promise<StravaSyncJobRow | undefined> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const result = await sql<StravaSyncJobRow>`
    update strava_sync_jobs set
      lease_owner = ${owner},
      lease_until = ${leaseUntil},
      state = ${HELD_STATE},
      resumes_at = null,
      updated_at = ${now}
    where user_id = (
      select user_id from strava_sync_jobs
      where state in (${OPEN_STATES_SQL})
        and (lease_until is null or lease_until < ${now})
        and (resumes_at is null or resumes_at <= ${now})
      order by updated_at, pages
      limit 1
      for update skip locked
    )
    returning *
  `.execute(db);
  return result.rows[0];
}

/** Whether another user's open job could be claimed now (nobody holds it and its pause is over). */
export async function otherJobWaiting(db: Db, userId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('stravaSyncJobs')
    .select('userId')
    .where('state', 'in', [...OPEN_SYNC_STATES])
    .where('userId', '!=', userId)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
    .where((eb) => eb.or([eb('resumesAt', 'is', null), eb('resumesAt', '<=', now)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The earliest time an open job that nobody holds becomes claimable, for the worker's timer. */
export async function nextClaimableAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('stravaSyncJobs')
    .select((eb) => eb.fn.min(sql<Date>`coalesce(resumes_at, lease_until, updated_at)`).as('at'))
    .where('state', 'in', [...OPEN_SYNC_STATES])
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/** Updates a job the caller holds; false when it lost the lease (then it must stop). */
export async function updateHeldJob(
  db: Db,
  userId: string,
  owner: string,
  values: Updateable<StravaSyncJobsTable>,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('stravaSyncJobs')
    .set({ ...values, updatedAt: now })
    .where('userId', '=', userId)
    .where('leaseOwner', '=', owner)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** On a graceful stop: the job stays open and any server (this one after a restart) resumes it at once. */
export async function releaseJobs(db: Db, owner: string): Promise<void> {
  await db
    .updateTable('stravaSyncJobs')
    .set({ leaseOwner: null, leaseUntil: null })
    .where('leaseOwner', '=', owner)
    .execute();
}
