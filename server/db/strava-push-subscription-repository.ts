/**
 * SQL for the strava_push_subscriptions table: Strava's webhook subscription per app (client id),
 * with the verify token Strava echoes while the subscription is being created.
 */
import type { Db } from './db.ts';

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
