/** SQL for the user's medal records and the global award log (spec §3 Medal record). */
import { sql } from 'kysely';
import { MEDAL_RULES_VERSION } from '../../core/medals/catalogue.ts';
import type { MedalActivity } from '../../core/medals/run-history.ts';
import { isCounted } from './activity-totals-repository.ts';
import { activityTime } from './activity-time.ts';
import type { Db } from './db.ts';
import type { ActivityRow, UserMedalRow } from './schema.ts';

export function listUserMedals(db: Db, userId: string): Promise<UserMedalRow[]> {
  return db.selectFrom('userMedals').selectAll().where('userId', '=', userId).execute();
}

/** A counted activity as the medal rules read it, in one JSON array: the fields in this order. */
type MedalActivityFields = [
  id: string,
  type: string,
  source: string,
  /** Milliseconds since 1970. */
  startDate: number,
  startDateLocal: string,
  distance: number,
  hasTiming: boolean,
  elevationGain: number,
  movingTime: number,
];

/**
 * Every counted activity (isCounted), times or not, in the fields the medal rules read: the rules
 * leave out those without times themselves, except Planning 5 runs (core/activity/untimed.ts). It
 * runs after every change of activities, so the rows come as one JSON value (an array of arrays):
 * a history of thousands is then one value to decode, not nine per activity.
 */
export async function listMedalActivities(db: Db, userId: string): Promise<MedalActivity[]> {
  const { activities } = await db
    .selectFrom('activities')
    .select((eb) =>
      eb.fn
        .coalesce(
          eb.fn.agg<MedalActivityFields[]>('json_agg', [
            eb.fn('json_build_array', [
              eb.ref('id'),
              eb.ref('type'),
              eb.ref('source'),
              sql`floor(extract(epoch from ${eb.ref('startDate')}) * 1000)`,
              eb.ref('startDateLocal'),
              eb.ref('distance'),
              eb.ref('hasTiming'),
              eb.ref('elevationGain'),
              activityTime(userId),
            ]),
          ]),
          sql<MedalActivityFields[]>`'[]'::json`,
        )
        .as('activities'),
    )
    .where('userId', '=', userId)
    .where(isCounted)
    .executeTakeFirstOrThrow();
  return activities.map(
    ([id, type, source, startDate, startDateLocal, distance, hasTiming, elevationGain, movingTime]) => ({
      id,
      type,
      source,
      startDate: new Date(startDate).toISOString(),
      startDateLocal,
      distance,
      hasTiming,
      elevationGain,
      movingTime,
    }),
  );
}

export interface EarningActivity {
  name: string;
  source: ActivityRow['source'];
}

/** The name and source of the activities that earned medals, by id. */
export async function medalActivities(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, EarningActivity>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('activities')
    .select(['id', 'name', 'source'])
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, source: row.source }]));
}

export interface NewMedal {
  medalId: string;
  title: string;
  description: string;
  icon: string;
  type: string;
  value: string | null;
  activityId: string | null;
}

/**
 * Awards a medal once (spec §4: never re-awarded) and logs it globally with an id of user, medal
 * type and time. Returns false when the user already holds it.
 */
export async function insertUserMedal(db: Db, userId: string, medal: NewMedal, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('userMedals')
      .values({
        id: `${userId}_${medal.medalId}`,
        userId,
        ...medal,
        earnedAt: now,
        isNew: true,
        viewedAt: null,
        rulesVersion: MEDAL_RULES_VERSION,
      })
      .onConflict((conflict) => conflict.columns(['userId', 'medalId']).doNothing())
      .executeTakeFirst();
    if ((inserted.numInsertedOrUpdatedRows ?? 0n) === 0n) {
      return false;
    }
    await trx
      .insertInto('medalAwards')
      .values({ id: `${userId}_${medal.medalId}_${now.getTime()}`, userId, medalType: medal.medalId, earnedAt: now })
      .execute();
    return true;
  });
}

/** A record medal follows its new holder and shows as new again. */
export async function moveRecordMedal(
  db: Db,
  userId: string,
  medalId: string,
  value: string | null,
  activityId: string,
): Promise<void> {
  await db
    .updateTable('userMedals')
    .set({ value, activityId, isNew: true, viewedAt: null })
    .where('userId', '=', userId)
    .where('medalId', '=', medalId)
    .execute();
}

/** Runners holding a medal awarded under a rules version below `version`, at most `limit` of them. */
export async function listRunnersWithOlderMedals(db: Db, version: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('userMedals')
    .select('userId')
    .distinct()
    .where('rulesVersion', '<', version)
    .orderBy('userId')
    .limit(limit)
    .execute();
  return rows.map((row) => row.userId);
}

/** What re-deriving decided for one held medal: keep it (on this run, with this value) or remove it. */
export type MedalRederivation =
  { medalId: string; keep: true; activityId: string | null; value: string | null } | { medalId: string; keep: false };

/**
 * Writes a runner's re-derived medals in one transaction, each only while it is still below
 * `version` (another app server may have written it; no version: whatever it is). A kept medal keeps
 * its date and seen state.
 */
export async function saveRederivedMedals(
  db: Db,
  userId: string,
  version: number | null,
  decisions: readonly MedalRederivation[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const decision of decisions) {
      if (decision.keep) {
        let update = trx
          .updateTable('userMedals')
          .set({
            activityId: decision.activityId,
            value: decision.value,
            ...(version === null ? {} : { rulesVersion: version }),
          })
          .where('userId', '=', userId)
          .where('medalId', '=', decision.medalId);
        if (version !== null) {
          update = update.where('rulesVersion', '<', version);
        }
        await update.execute();
      } else {
        let removal = trx.deleteFrom('userMedals').where('userId', '=', userId).where('medalId', '=', decision.medalId);
        if (version !== null) {
          removal = removal.where('rulesVersion', '<', version);
        }
        await removal.execute();
      }
    }
  });
}

export async function markViewed(db: Db, userId: string, medalId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('userMedals')
    .set({ isNew: false, viewedAt: now })
    .where('userId', '=', userId)
    .where('medalId', '=', medalId)
    .where('isNew', '=', true)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countUnseen(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('userMedals')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .where('isNew', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countEarned(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('userMedals')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
