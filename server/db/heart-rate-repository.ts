/** SQL for the runner's heart-rate settings (Account → Heart rate). */
import type { HeartRateZoneMethod } from '../../core/running/heart-rate-zones.ts';
import type { Db } from './db.ts';

export interface StoredHeartRateSettings {
  maxHeartRate: number | null;
  restingHeartRate: number | null;
  lactateThresholdHeartRate: number | null;
  thresholdPaceSecondsPerKm: number | null;
  zoneMethod: HeartRateZoneMethod;
}

export const NO_HEART_RATE_SETTINGS: StoredHeartRateSettings = {
  maxHeartRate: null,
  restingHeartRate: null,
  lactateThresholdHeartRate: null,
  thresholdPaceSecondsPerKm: null,
  zoneMethod: 'max',
};

/** The runner's settings; none set when they have no profile. */
export async function findHeartRateSettings(db: Db, userId: string): Promise<StoredHeartRateSettings> {
  const row = await db
    .selectFrom('profiles')
    .select([
      'maxHeartRate',
      'restingHeartRate',
      'lactateThresholdHeartRate',
      'thresholdPaceSecondsPerKm',
      'heartRateZoneMethod as zoneMethod',
    ])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ?? NO_HEART_RATE_SETTINGS;
}

export async function findMaxHeartRate(db: Db, userId: string): Promise<number | null> {
  return (await findHeartRateSettings(db, userId)).maxHeartRate;
}

/** Stores the settings (null clears one); false when the user has no profile. */
export async function saveHeartRateSettings(
  db: Db,
  userId: string,
  settings: StoredHeartRateSettings,
): Promise<boolean> {
  const result = await db
    .updateTable('profiles')
    .set({
      maxHeartRate: settings.maxHeartRate,
      restingHeartRate: settings.restingHeartRate,
      lactateThresholdHeartRate: settings.lactateThresholdHeartRate,
      thresholdPaceSecondsPerKm: settings.thresholdPaceSecondsPerKm,
      heartRateZoneMethod: settings.zoneMethod,
    })
    .where('userId', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
