/**
 * A deleted activity kept for the undo window (migration 0050): on delete, its row and the rows
 * that go with it are kept as JSON in deleted_activities, with the medals and hidden Strava copies
 * that pointed at it; an undo puts every one back as it was, in one transaction; a purge removes
 * what is past the window. The JSON holds each row as `to_jsonb` wrote it, so
 * `jsonb_populate_record` gives back the same values, bytes and timestamps included.
 */
import { sql } from 'kysely';
import type { Db } from './db.ts';

/** The tables whose rows go with an activity, one row each, by their key in `kept`. */
const KEPT_ROWS = [
  ['activity', 'activities'],
  ['track', 'activity_tracks'],
  ['file', 'activity_files'],
  ['weather', 'activity_weather'],
  ['load', 'activity_loads'],
] as const;

/**
 * Keeps the user's activity `id` with what goes with it, inside the deleting transaction and
 * before the delete (a multisport file already handed to another leg stays with that leg).
 */
export async function keepDeletedActivity(trx: Db, userId: string, id: string, now: Date): Promise<void> {
  await sql`
    insert into deleted_activities (activity_id, user_id, deleted_at, kept)
    select a.id, a.user_id, ${now}::timestamptz, jsonb_build_object(
      'activity', to_jsonb(a),
      'track', (select to_jsonb(t) from activity_tracks t where t.activity_id = a.id),
      'file', (select to_jsonb(f) from activity_files f where f.activity_id = a.id),
      'weather', (select to_jsonb(w) from activity_weather w where w.activity_id = a.id),
      'load', (select to_jsonb(l) from activity_loads l where l.activity_id = a.id),
      'bestEfforts', (select coalesce(jsonb_agg(to_jsonb(b)), '[]'::jsonb) from best_efforts b where b.activity_id = a.id),
      'medals', (select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'value', m.value)), '[]'::jsonb)
                 from user_medals m where m.activity_id = a.id),
      'duplicates', (select coalesce(jsonb_agg(d.id), '[]'::jsonb) from activities d where d.duplicate_of = a.id)
    )
    from activities a
    where a.id = ${id} and a.user_id = ${userId}
    on conflict (activity_id) do update set deleted_at = excluded.deleted_at, kept = excluded.kept
  `.execute(trx);
}

/**
 * Puts the user's deleted activity `id` back as it was, when it was deleted at or after `since`:
 * its rows, its medals' link and value, the Strava copies it hid, and Strava's permission to sync
 * it again. Returns whether it was there to put back.
 */
export async function restoreDeletedActivity(db: Db, userId: string, id: string, since: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .deleteFrom('deletedActivities')
      .where('activityId', '=', id)
      .where('userId', '=', userId)
      .where('deletedAt', '>=', since)
      .returning('kept')
      .executeTakeFirst();
    if (!found) {
      return false;
    }
    const { kept } = found;
    for (const [key, table] of KEPT_ROWS) {
      const row = kept[key];
      if (row) {
        await sql`insert into ${sql.table(table)}
          select * from jsonb_populate_record(null::${sql.table(table)}, ${JSON.stringify(row)}::jsonb)`.execute(trx);
      }
    }
    if (kept.bestEfforts.length > 0) {
      await sql`insert into best_efforts
        select * from jsonb_populate_recordset(null::best_efforts, ${JSON.stringify(kept.bestEfforts)}::jsonb)`.execute(
        trx,
      );
    }
    for (const medal of kept.medals) {
      await trx
        .updateTable('userMedals')
        .set({ activityId: id, value: medal.value })
        .where('id', '=', medal.id)
        .where('userId', '=', userId)
        .execute();
    }
    if (kept.duplicates.length > 0) {
      await trx
        .updateTable('activities')
        .set({ duplicateOf: id })
        .where('userId', '=', userId)
        .where('id', 'in', kept.duplicates)
        .where('duplicateOf', 'is', null)
        .execute();
    }
    const stravaId = kept.activity.strava_id;
    if (typeof stravaId === 'string') {
      await trx
        .deleteFrom('stravaDeletedActivities')
        .where('userId', '=', userId)
        .where('stravaId', '=', stravaId)
        .execute();
    }
    return true;
  });
}

/** Removes the deleted activities kept from before `before` (past the undo window). */
export async function purgeDeletedActivities(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('deletedActivities').where('deletedAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** When the oldest deleted activity still kept was deleted, if any is. */
export async function oldestDeletedActivity(db: Db): Promise<Date | undefined> {
  const row = await db
    .selectFrom('deletedActivities')
    .select((eb) => eb.fn.min('deletedAt').as('oldest'))
    .executeTakeFirst();
  return row?.oldest ?? undefined;
}
