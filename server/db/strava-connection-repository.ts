/**
 * SQL for the strava_integrations table: one runner's Strava connection (athlete, sealed tokens,
 * scopes, refresh bookkeeping). Tokens arrive here already sealed (server/security/secret-box.ts);
 * this module never sees them in the clear.
 */
import { isUniqueViolation, type Db } from './db.ts';
import type { StravaIntegrationRow } from './schema.ts';

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
