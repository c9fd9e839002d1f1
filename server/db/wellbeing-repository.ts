/**
 * SQL for wellbeing and coaching: check-ins, coaching settings and the per-day wellbeing entries.
 * The rules (score, day windows, merging exercises) are core's; this file only stores and reads.
 */
import { randomUUID } from 'node:crypto';
import type { CheckInRecord, CoachingSettings } from '../../core/wellbeing/check-in.ts';
import {
  recordWellbeingActivity,
  type WellbeingEntry,
  type WellbeingExercise,
} from '../../core/wellbeing/exercises.ts';
import type { StoredCheckIn } from '../../core/wellbeing/wellbeing-api.ts';
import type { WellbeingPreferences } from '../../core/profile.ts';
import type { Selectable } from 'kysely';
import type { Db } from './db.ts';
import { lockRunnerScope } from './user-lock.ts';
import type { CoachingCheckInsTable } from './schema.ts';

type CheckInRow = Selectable<CoachingCheckInsTable>;

function toStoredCheckIn(row: CheckInRow): StoredCheckIn {
  return {
    id: row.id,
    userId: row.userId,
    wellbeingScore: row.wellbeingScore,
    date: row.date,
    timestamp: Number(row.timestamp),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    sleepQuality: row.sleepQuality as WellbeingPreferences['sleepQuality'],
    energyLevel: row.energyLevel as WellbeingPreferences['energyLevel'],
    stressLevel: row.stressLevel as WellbeingPreferences['stressLevel'],
    soreness: row.soreness as WellbeingPreferences['soreness'],
    hydration: row.hydration as WellbeingPreferences['hydration'],
    nutrition: row.nutrition as WellbeingPreferences['nutrition'],
    moodRating: row.moodRating as WellbeingPreferences['moodRating'],
    injuryFeeling: row.injuryFeeling as WellbeingPreferences['injuryFeeling'],
  };
}

/**
 * Stores a check-in and, when `countsToday`, makes sure its day has a wellbeing entry, in one
 * transaction.
 */
/**
 * Stores the check-in unless the runner already saved `limit.max` since `limit.since` (counted under
 * the runner's lock, so parallel saves cannot pass it): null then, and nothing is written.
 */
export async function insertCheckIn(
  db: Db,
  record: CheckInRecord,
  countsToday: boolean,
  limit: { since: Date; max: number },
): Promise<StoredCheckIn | null> {
  return db.transaction().execute(async (trx) => {
    await lockRunnerScope(trx, 'check-ins', record.userId);
    const recent = await trx
      .selectFrom('coachingCheckIns')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('userId', '=', record.userId)
      .where('createdAt', '>', limit.since)
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= limit.max) {
      return null;
    }
    const row = await trx
      .insertInto('coachingCheckIns')
      .values({ id: randomUUID(), ...record, createdAt: new Date(record.createdAt) })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (countsToday) {
      await recordEntry(trx, record.userId, record.date, null, new Date(record.timestamp));
    }
    return toStoredCheckIn(row);
  });
}

/** The check-in with the latest timestamp in [startMs, endMs] (both inclusive), if any. */
export async function findLatestCheckInBetween(
  db: Db,
  userId: string,
  range: { startMs: number; endMs: number },
): Promise<StoredCheckIn | null> {
  const row = await db
    .selectFrom('coachingCheckIns')
    .selectAll()
    .where('userId', '=', userId)
    .where('timestamp', '>=', range.startMs)
    .where('timestamp', '<=', range.endMs)
    .orderBy('timestamp', 'desc')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toStoredCheckIn(row) : null;
}

/** Each day's latest check-in for the days from `from` to `to` (inclusive), oldest day first. */
export async function latestCheckInsByDate(
  db: Db,
  userId: string,
  days: { from: string; to: string },
): Promise<StoredCheckIn[]> {
  const rows = await db
    .selectFrom('coachingCheckIns')
    .selectAll()
    .distinctOn('date')
    .where('userId', '=', userId)
    .where('date', '>=', days.from)
    .where('date', '<=', days.to)
    .orderBy('date')
    .orderBy('timestamp', 'desc')
    .execute();
  return rows.map(toStoredCheckIn);
}

/** Each day's latest score for the days from `from` to `to` (inclusive), by the check-in's date. */
export async function latestScoresByDate(
  db: Db,
  userId: string,
  days: { from: string; to: string },
): Promise<Map<string, number>> {
  const checkIns = await latestCheckInsByDate(db, userId, days);
  return new Map(checkIns.map((checkIn) => [checkIn.date, checkIn.wellbeingScore]));
}

export async function findCoachingSettings(db: Db, userId: string): Promise<CoachingSettings | null> {
  const row = await db
    .selectFrom('coachingSettings')
    .select(['remindersEnabled', 'reminderTime', 'focus'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? { ...row, focus: row.focus as CoachingSettings['focus'] } : null;
}

export async function saveCoachingSettings(
  db: Db,
  userId: string,
  settings: CoachingSettings,
  now: Date,
): Promise<void> {
  await db
    .insertInto('coachingSettings')
    .values({ userId, ...settings, updatedAt: now })
    .onConflict((conflict) => conflict.column('userId').doUpdateSet({ ...settings, updatedAt: now }))
    .execute();
}

export async function listWellbeingEntries(db: Db, userId: string): Promise<WellbeingEntry[]> {
  const rows = await db
    .selectFrom('wellbeingEntries')
    .select(['date', 'exercises'])
    .where('userId', '=', userId)
    .orderBy('date')
    .execute();
  return rows.map((row) => ({ date: row.date, exercises: row.exercises }));
}

/**
 * The day's entry gains the exercise once (core's recordWellbeingActivity); `null` only makes sure
 * the day has an entry. The row is locked while it changes, so two finishes at once cannot lose one.
 */
async function recordEntry(
  db: Db,
  userId: string,
  date: string,
  exercise: WellbeingExercise | null,
  now: Date,
): Promise<WellbeingEntry> {
  await db
    .insertInto('wellbeingEntries')
    .values({ userId, date, exercises: [], updatedAt: now })
    .onConflict((conflict) => conflict.columns(['userId', 'date']).doNothing())
    .execute();
  const row = await db
    .selectFrom('wellbeingEntries')
    .select(['date', 'exercises'])
    .where('userId', '=', userId)
    .where('date', '=', date)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const merged = recordWellbeingActivity([row], date, exercise).find((entry) => entry.date === date);
  const exercises = [...(merged?.exercises ?? row.exercises)];
  if (exercises.length !== row.exercises.length) {
    await db
      .updateTable('wellbeingEntries')
      .set({ exercises, updatedAt: now })
      .where('userId', '=', userId)
      .where('date', '=', date)
      .execute();
  }
  return { date, exercises };
}

/** Records a finished exercise on a local day (see recordEntry), in a transaction. */
export function recordExercise(
  db: Db,
  userId: string,
  date: string,
  exercise: WellbeingExercise,
  now: Date,
): Promise<WellbeingEntry> {
  return db.transaction().execute((trx) => recordEntry(trx, userId, date, exercise, now));
}

/** Every check-in of the runner, oldest first (the data export). */
export async function listCheckIns(db: Db, userId: string): Promise<StoredCheckIn[]> {
  const rows = await db
    .selectFrom('coachingCheckIns')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('timestamp')
    .orderBy('id')
    .execute();
  return rows.map(toStoredCheckIn);
}
