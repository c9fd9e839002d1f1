/**
 * SQL for Strava: the integration record, a runner's own Strava app, single-use OAuth states, the
 * resumable sync job and the Strava activities themselves. Tokens and secrets arrive here already
 * sealed (server/security/secret-box.ts); this module never sees them in the clear.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { OPEN_SYNC_STATES } from '../../core/strava/api.ts';
import type { StravaActivity } from '../../core/strava/normalize.ts';
import type { Db } from './db.ts';
import type { Updateable } from 'kysely';
import type {
  ActivitiesTable,
  NewActivityRow,
  StravaIntegrationRow,
  StravaSyncJobRow,
  StravaSyncJobsTable,
} from './schema.ts';

export type IntegrationValues = Omit<StravaIntegrationRow, 'userId' | 'lastSyncAt'>;

export function findIntegration(db: Db, userId: string): Promise<StravaIntegrationRow | undefined> {
  return db.selectFrom('stravaIntegrations').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** The user another Stride account's active connection of this athlete belongs to, if any. */
export async function findOtherActiveUserOfAthlete(db: Db, athleteId: string, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('stravaIntegrations')
    .select('userId')
    .where('athleteId', '=', athleteId)
    .where('isActive', '=', true)
    .where('userId', '<>', userId)
    .executeTakeFirst();
  return row?.userId ?? null;
}

/**
 * Stores a fresh connection. One Strava athlete is actively connected to one Stride user at a
 * time; the partial unique index strava_integrations_athlete_key enforces it when two accounts
 * connect the same athlete at once: the loser's insert fails and this returns false.
 */
export async function saveConnection(db: Db, userId: string, values: IntegrationValues): Promise<boolean> {
  try {
    await db
      .insertInto('stravaIntegrations')
      .values({ userId, ...values })
      .onConflict((oc) => oc.column('userId').doUpdateSet(values))
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error, 'strava_integrations_athlete_key')) {
      return false;
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const fields = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  return (
    fields?.code === '23505' &&
    (fields.constraint === constraint || (typeof fields.message === 'string' && fields.message.includes(constraint)))
  );
}

/**
 * Strava's API agreement: when a runner disconnects, the personal data Stride got from Strava goes.
 * In one transaction: the sync job (a page being imported loses its lease and rolls back), the
 * connection marked inactive, the Strava activities (their details live in their rows; tracks and
 * other per-activity rows cascade; an upload a hidden copy pointed at is simply itself again) and
 * the remembered deleted Strava ids. Uploaded activities stay. Returns how many activities went.
 */
export async function disconnectAndDeleteStravaData(
  db: Db,
  userId: string,
  disconnected: { disconnectedAt: Date; updatedAt: Date },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('stravaSyncJobs').where('userId', '=', userId).execute();
    await trx
      .updateTable('stravaIntegrations')
      .set({ isActive: false, ...disconnected })
      .where('userId', '=', userId)
      .execute();
    const deleted = await trx
      .deleteFrom('activities')
      .where('userId', '=', userId)
      .where('source', '=', 'strava')
      .executeTakeFirst();
    await trx.deleteFrom('stravaDeletedActivities').where('userId', '=', userId).execute();
    return Number(deleted.numDeletedRows);
  });
}

export async function updateIntegration(
  db: Db,
  userId: string,
  values: Partial<Omit<StravaIntegrationRow, 'userId'>>,
): Promise<void> {
  await db.updateTable('stravaIntegrations').set(values).where('userId', '=', userId).execute();
}

/**
 * Claims the right to refresh (spec §4: no second refresh within 5 s): stamps lastRefreshAttempt
 * only if nobody stamped it in the last `gapMs`. Across app servers exactly one caller wins.
 */
export async function claimRefresh(db: Db, userId: string, now: Date, gapMs: number): Promise<boolean> {
  const result = await db
    .updateTable('stravaIntegrations')
    .set({ lastRefreshAttempt: now })
    .where('userId', '=', userId)
    .where('isActive', '=', true)
    .where((eb) =>
      eb.or([eb('lastRefreshAttempt', 'is', null), eb('lastRefreshAttempt', '<=', new Date(now.getTime() - gapMs))]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findActiveUsersByAthlete(db: Db, athleteId: string): Promise<{ userId: string }[]> {
  return db
    .selectFrom('stravaIntegrations')
    .select('userId')
    .where('athleteId', '=', athleteId)
    .where('isActive', '=', true)
    .execute();
}

export function findUserApp(db: Db, userId: string) {
  return db.selectFrom('stravaUserApps').selectAll().where('userId', '=', userId).executeTakeFirst();
}

export async function saveUserApp(db: Db, userId: string, clientId: string, sealedSecret: string): Promise<void> {
  const values = { clientId, clientSecret: sealedSecret, updatedAt: new Date() };
  await db
    .insertInto('stravaUserApps')
    .values({ userId, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet(values))
    .execute();
}

export async function deleteUserApp(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('stravaUserApps').where('userId', '=', userId).execute();
}

export async function insertOauthState(db: Db, state: string, userId: string, clientId: string | null): Promise<void> {
  await db.insertInto('stravaOauthStates').values({ state, userId, clientId }).execute();
  // Old, never-used states go with the next one issued.
  await db
    .deleteFrom('stravaOauthStates')
    .where('createdAt', '<', new Date(Date.now() - 24 * 60 * 60 * 1000))
    .execute();
}

/** Uses a state up: it is deleted whether or not it is still valid, so it can never be replayed. */
export function consumeOauthState(db: Db, state: string) {
  return db.deleteFrom('stravaOauthStates').where('state', '=', state).returningAll().executeTakeFirst();
}

// ---- sync jobs ----

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
): Promise<StravaSyncJobRow> {
  const now = new Date();
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
 * Takes the oldest open job nobody holds (or whose holder's lease ran out: that server died) and
 * whose rate-limit pause is over. SKIP LOCKED keeps two app servers from taking the same job.
 */
export async function claimSyncJob(db: Db, owner: string, leaseMs: number): Promise<StravaSyncJobRow | undefined> {
  const result = await sql<StravaSyncJobRow>`
    update strava_sync_jobs set
      lease_owner = ${owner},
      lease_until = now() + ${`${leaseMs} milliseconds`}::interval,
      state = 'running',
      resumes_at = null,
      updated_at = now()
    where user_id = (
      select user_id from strava_sync_jobs
      where state in ('queued', 'running', 'waiting')
        and (lease_until is null or lease_until < now())
        and (resumes_at is null or resumes_at <= now())
      order by updated_at
      limit 1
      for update skip locked
    )
    returning *
  `.execute(db);
  return result.rows[0];
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
): Promise<boolean> {
  const result = await db
    .updateTable('stravaSyncJobs')
    .set({ ...values, updatedAt: new Date() })
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

export async function cancelSyncJob(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('stravaSyncJobs').where('userId', '=', userId).execute();
}

// ---- Strava activities ----

/** The newest Strava activity's start: incremental syncs ask only for what started after it. */
export async function latestStravaStart(db: Db, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('activities')
    .select((eb) => eb.fn.max('startDate').as('latest'))
    .where('userId', '=', userId)
    .where('source', '=', 'strava')
    .executeTakeFirst();
  return row?.latest ? new Date(row.latest) : null;
}

/** Strava activities the runner sees (a copy hidden behind an uploaded run is not counted). */
export function countStravaActivities(db: Db, userId: string): Promise<number> {
  return db
    .selectFrom('activities')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .where('source', '=', 'strava')
    .where('duplicateOf', 'is', null)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

/** The Strava-only fields of spec §3, kept together (they are only ever shown on the detail page). */
function stravaExtras(activity: StravaActivity): Record<string, unknown> {
  return {
    kilojoules: activity.kilojoules,
    gearId: activity.gearId,
    workoutType: activity.workoutType,
    trainer: activity.trainer,
    commute: activity.commute,
    manual: activity.manual,
    private: activity.private,
    flagged: activity.stravaFlagged,
    achievementCount: activity.achievementCount,
    kudosCount: activity.kudosCount,
    commentCount: activity.commentCount,
    athleteCount: activity.athleteCount,
    photoCount: activity.photoCount,
  };
}

function stravaRow(userId: string, activity: StravaActivity, now: Date): NewActivityRow {
  return {
    id: randomUUID(),
    userId,
    name: activity.name,
    type: activity.type,
    source: 'strava',
    startDate: activity.startDate,
    startDateLocal: activity.startDateLocal,
    timezone: activity.timezone,
    distance: activity.distance,
    movingTime: activity.movingTime,
    elapsedTime: activity.elapsedTime,
    elevationGain: activity.elevationGain,
    hasTiming: activity.hasTiming,
    averageSpeed: activity.averageSpeed,
    maxSpeed: activity.maxSpeed,
    averageHeartrate: activity.averageHeartrate,
    maxHeartrate: activity.maxHeartrate,
    averageCadence: activity.averageCadence,
    calories: activity.calories === 0 ? null : activity.calories,
    startLat: activity.startLatLng?.lat ?? null,
    startLng: activity.startLatLng?.lng ?? null,
    endLat: activity.endLatLng?.lat ?? null,
    endLng: activity.endLatLng?.lng ?? null,
    deviceName: null,
    sportLabel: null,
    laps: '[]',
    splitsMetric: '[]',
    splitsStandard: '[]',
    originalFilename: null,
    fileSize: null,
    fileType: null,
    fileSha256: null,
    uploadedAt: null,
    stravaId: activity.stravaId,
    flagged: activity.flagged,
    flagReason: activity.flagReason,
    strava: JSON.stringify(stravaExtras(activity)),
    syncedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Summary columns a Strava edit can change; an update happens only when one of them differs.
 * Calories are not among them: Strava sends them with the detail only (the summary has none).
 */
const SYNCED_COLUMNS = [
  'name',
  'type',
  'start_date',
  'start_date_local',
  'timezone',
  'distance',
  'moving_time',
  'elapsed_time',
  'elevation_gain',
  'has_timing',
  'average_speed',
  'max_speed',
  'average_heartrate',
  'max_heartrate',
  'average_cadence',
  'start_lat',
  'start_lng',
  'end_lat',
  'end_lng',
  'strava',
  // An edit on Strava is checked again (core/activity/plausibility.ts); a confirmation stays.
  'flagged',
  'flag_reason',
] as const;

/**
 * Inserts new Strava activities and updates changed ones, idempotently (unique per user and Strava
 * id). Returns how many rows were new or changed. A changed activity's cached detail and streams are
 * dropped so the next opening fetches them again. Activities the runner deleted in Stride are
 * skipped. Runs inside the caller's transaction.
 */
export async function upsertStravaActivities(
  db: Db,
  userId: string,
  activities: readonly StravaActivity[],
  now: Date,
): Promise<{ changed: number; insertedIds: string[] }> {
  const deleted =
    activities.length === 0
      ? []
      : await db
          .selectFrom('stravaDeletedActivities')
          .select('stravaId')
          .where('userId', '=', userId)
          .where(
            'stravaId',
            'in',
            activities.map((activity) => activity.stravaId),
          )
          .execute();
  const skipped = new Set(deleted.map((row) => row.stravaId));
  const kept = activities.filter((activity) => !skipped.has(activity.stravaId));
  if (kept.length === 0) {
    return { changed: 0, insertedIds: [] };
  }
  const rows = kept.map((activity) => stravaRow(userId, activity, now));
  const list = (prefix: string) => sql.raw(SYNCED_COLUMNS.map((column) => `${prefix}.${column}`).join(', '));
  const result = await db
    .insertInto('activities')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['userId', 'stravaId'])
        .where('stravaId', 'is not', null)
        .doUpdateSet({
          ...Object.fromEntries(SYNCED_COLUMNS.map((column) => [column, sql.ref(`excluded.${column}`)])),
          syncedAt: now,
          updatedAt: now,
          detailCachedAt: null,
          streamsCachedAt: null,
        })
        .where(sql<boolean>`(${list('activities')}) is distinct from (${list('excluded')})`),
    )
    .returning(['id', sql<boolean>`xmax = 0`.as('inserted')])
    .execute();
  return { changed: result.length, insertedIds: result.filter((row) => row.inserted).map((row) => row.id) };
}

/** Whether the user has this Strava activity (or deleted it in Stride: it was theirs too). */
export async function hasStravaActivity(db: Db, userId: string, stravaId: string): Promise<boolean> {
  const [stored, deleted] = await Promise.all([
    db
      .selectFrom('activities')
      .select('id')
      .where('userId', '=', userId)
      .where('stravaId', '=', stravaId)
      .executeTakeFirst(),
    db
      .selectFrom('stravaDeletedActivities')
      .select('stravaId')
      .where('userId', '=', userId)
      .where('stravaId', '=', stravaId)
      .executeTakeFirst(),
  ]);
  return stored !== undefined || deleted !== undefined;
}

export async function deleteStravaActivity(db: Db, userId: string, stravaId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('activities')
    .where('userId', '=', userId)
    .where('stravaId', '=', stravaId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Candidates for "the same run" (core isSameActivity): the other side's activities of the user that
 * started within `toleranceMs` of `startDate` and are not hidden as a duplicate already.
 */
export function findDuplicateCandidates(db: Db, userId: string, side: 'upload' | 'strava', from: Date, to: Date) {
  return (
    db
      .selectFrom('activities')
      .select(['id', 'startDate', 'distance'])
      .where('userId', '=', userId)
      .where('source', '=', side)
      .where('duplicateOf', 'is', null)
      // One to one: an upload that already stands for a Strava copy stands for no other.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('activities as copy').select('copy.id').whereRef('copy.duplicateOf', '=', 'activities.id'),
          ),
        ),
      )
      .where('startDate', '>=', from)
      .where('startDate', '<=', to)
      .execute()
  );
}

export async function markDuplicate(db: Db, stravaActivityId: string, uploadedActivityId: string): Promise<void> {
  await db
    .updateTable('activities')
    .set({ duplicateOf: uploadedActivityId })
    .where('id', '=', stravaActivityId)
    .execute();
}

// ---- details, streams and the push subscription ----

/** Stores a Strava activity's fetched detail and stamps it; returns the row as it now is. */
export function saveStravaDetail(db: Db, activityId: string, values: Updateable<ActivitiesTable>) {
  return db.updateTable('activities').set(values).where('id', '=', activityId).returningAll().executeTakeFirst();
}

/** Stamps a Strava activity's streams as fetched (the track itself is saveTrack's), with any splits computed from them. */
export async function markStreamsCached(
  db: Db,
  activityId: string,
  values: Updateable<ActivitiesTable>,
): Promise<void> {
  await db.updateTable('activities').set(values).where('id', '=', activityId).execute();
}

export function findPushSubscription(db: Db, clientId: string) {
  return db.selectFrom('stravaPushSubscriptions').selectAll().where('clientId', '=', clientId).executeTakeFirst();
}

/** Records the subscription being created (its verify token first: Strava calls back during creation). */
export async function savePushSubscription(
  db: Db,
  values: { clientId: string; subscriptionId: string | null; callbackUrl: string; verifyToken: string },
): Promise<void> {
  const { clientId: _clientId, ...rest } = values;
  await db
    .insertInto('stravaPushSubscriptions')
    .values(values)
    .onConflict((oc) => oc.column('clientId').doUpdateSet(rest))
    .execute();
}

export async function setPushSubscriptionId(db: Db, clientId: string, subscriptionId: string): Promise<void> {
  await db.updateTable('stravaPushSubscriptions').set({ subscriptionId }).where('clientId', '=', clientId).execute();
}
