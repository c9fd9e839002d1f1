/**
 * SQL for the strava_user_apps table: a runner's own Strava app (client id and sealed client
 * secret), used instead of the server's app when set.
 */
import type { Db } from './db.ts';

export function findUserApp(db: Db, userId: string) {
  return db.selectFrom('stravaUserApps').selectAll().where('userId', '=', userId).executeTakeFirst();
}

export async function saveUserApp(
  db: Db,
  userId: string,
  clientId: string,
  sealedSecret: string,
  now: Date,
): Promise<void> {
  const values = { clientId, clientSecret: sealedSecret, updatedAt: now };
  await db
    .insertInto('stravaUserApps')
    .values({ userId, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet(values))
    .execute();
}

export async function deleteUserApp(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('stravaUserApps').where('userId', '=', userId).execute();
}
