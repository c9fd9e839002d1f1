/** SQL for the user's medal records and the global award log (spec §3 Medal record). */
import type { MedalActivity, RunEffort } from '../../core/medals/run-history.ts';
import { bestEffortDistance } from '../../core/running/activity-best-efforts.ts';
import { countsTowardTotals } from './activity-totals-repository.ts';
import { activityTime } from './activity-time.ts';
import type { Db } from './db.ts';
import type { ActivityRow, UserMedalRow } from './schema.ts';

export function listUserMedals(db: Db, userId: string): Promise<UserMedalRow[]> {
  return db.selectFrom('userMedals').selectAll().where('userId', '=', userId).execute();
}

/**
 * Every activity that counts (countsTowardTotals), in the fields the medal rules read, with its best
 * efforts (the sub-time medals read the 5K and 10K inside a run).
 */
export async function listMedalActivities(db: Db, userId: string): Promise<MedalActivity[]> {
  const [rows, efforts] = await Promise.all([
    db
      .selectFrom('activities')
      .select(['id', 'type', 'source', 'startDate', 'startDateLocal', 'distance', 'elevationGain'])
      .select(activityTime(userId).as('movingTime'))
      .where('userId', '=', userId)
      .where(countsTowardTotals)
      .execute(),
    db.selectFrom('bestEfforts').select(['activityId', 'distanceId', 'seconds']).where('userId', '=', userId).execute(),
  ]);
  const byActivity = new Map<string, RunEffort[]>();
  for (const effort of efforts) {
    const metres = bestEffortDistance(effort.distanceId)?.metres;
    if (metres !== undefined) {
      byActivity.set(effort.activityId, [
        ...(byActivity.get(effort.activityId) ?? []),
        { metres, seconds: effort.seconds },
      ]);
    }
  }
  return rows.map((row) => ({
    ...row,
    startDate: row.startDate.toISOString(),
    bestEfforts: byActivity.get(row.id) ?? [],
  }));
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
      .values({ id: `${userId}_${medal.medalId}`, userId, ...medal, earnedAt: now, isNew: true, viewedAt: null })
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
