/**
 * SQL for the best-efforts back-fill of Strava runs (server/services/strava/efforts-backfill.ts): a
 * runner's next run whose detail was never read, newest first, claimed so that two app servers never
 * ask Strava for the same one; the claim released or the run marked refused; and how far it is.
 * A run still to read: a Strava run (not a copy hidden behind an upload) with no stored detail that
 * Strava has not refused.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from './db.ts';
import type { Database } from './schema.ts';

function isStravaRun(eb: ExpressionBuilder<Database, 'activities'>) {
  return eb.and([
    eb('activities.source', '=', 'strava'),
    eb('activities.type', '=', 'run'),
    eb('activities.duplicateOf', 'is', null),
  ]);
}

function withoutDetail(eb: ExpressionBuilder<Database, 'activities'>) {
  return eb.and([eb('activities.stravaDetail', 'is', null), eb('activities.stravaDetailRefusedAt', 'is', null)]);
}

export interface ClaimedRun {
  id: string;
  stravaId: string;
  type: string;
}

/**
 * Claims the runner's newest run still to read until `until` (a claim that ran out is anyone's
 * again); undefined when none is left unclaimed.
 */
export async function claimNextRunWithoutDetail(
  db: Db,
  userId: string,
  now: Date,
  until: Date,
): Promise<ClaimedRun | undefined> {
  const row = await db
    .updateTable('activities')
    .set({ effortsClaimedUntil: until })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('activities')
        .select('activities.id')
        .where('activities.userId', '=', userId)
        .where(isStravaRun)
        .where(withoutDetail)
        .where((inner) =>
          inner.or([
            inner('activities.effortsClaimedUntil', 'is', null),
            inner('activities.effortsClaimedUntil', '<', now),
          ]),
        )
        .orderBy('activities.startDate', 'desc')
        .orderBy('activities.id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'stravaId', 'type'])
    .executeTakeFirst();
  return row?.stravaId ? { id: row.id, stravaId: row.stravaId, type: row.type } : undefined;
}

/** Gives a claimed run back (its fetch was stopped or failed for now). */
export async function releaseEffortsClaim(db: Db, activityId: string): Promise<void> {
  await db.updateTable('activities').set({ effortsClaimedUntil: null }).where('id', '=', activityId).execute();
}

/** Strava will not give this run's detail: the back-fill leaves it. */
export async function markDetailRefused(db: Db, activityId: string, now: Date): Promise<void> {
  await db
    .updateTable('activities')
    .set({ stravaDetailRefusedAt: now, effortsClaimedUntil: null })
    .where('id', '=', activityId)
    .execute();
}

/** The runner's Strava runs, and how many of them had their detail (and so their best efforts) read. */
export async function countStravaRunsRead(db: Db, userId: string): Promise<{ read: number; runs: number }> {
  const row = await db
    .selectFrom('activities')
    .select([
      sql<number>`count(*)::int`.as('runs'),
      sql<number>`(count(*) filter (where strava_detail is null and strava_detail_refused_at is null))::int`.as(
        'unread',
      ),
    ])
    .where('activities.userId', '=', userId)
    .where(isStravaRun)
    .executeTakeFirstOrThrow();
  return { read: row.runs - row.unread, runs: row.runs };
}

/** The runners who have Strava runs still to read (the start-up pass queues a back-fill for each). */
export async function usersWithRunsWithoutDetail(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('activities')
    .select('activities.userId')
    .distinct()
    .where(isStravaRun)
    .where(withoutDetail)
    .execute();
  return rows.map((row) => row.userId);
}
