/**
 * SQL for the strava_oauth_states table: the single-use states that tie Strava's OAuth callback to
 * the Stride user (and app) that began the connection.
 */
import type { Db } from './db.ts';

/** A state never used within a day is dropped; the OAuth round trip takes minutes at most. */
const ABANDONED_STATE_MS = 24 * 60 * 60 * 1000;

/** Issues a state created at `now`; states older than a day at `now` go with it. */
export async function insertOauthState(
  db: Db,
  state: string,
  userId: string,
  clientId: string | null,
  now: Date,
): Promise<void> {
  await db.insertInto('stravaOauthStates').values({ state, userId, clientId, createdAt: now }).execute();
  // Old, never-used states go with the next one issued.
  await db
    .deleteFrom('stravaOauthStates')
    .where('createdAt', '<', new Date(now.getTime() - ABANDONED_STATE_MS))
    .execute();
}

/** Uses a state up: it is deleted whether or not it is still valid, so it can never be replayed. */
export function consumeOauthState(db: Db, state: string) {
  return db.deleteFrom('stravaOauthStates').where('state', '=', state).returningAll().executeTakeFirst();
}
