/**
 * The maximum heart rate the zones and the training load use: the one the runner set in Account,
 * else the highest their activities recorded, else core's default (core/charts/chart-load.ts).
 */
import { loadAssumptions, type LoadAssumptions } from '../../core/charts/chart-load.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import type { HeartRateSettings, HeartRateSettingsUpdate } from '../../core/running/heart-rate-api.ts';
import { chartExtent } from '../db/charts-repository.ts';
import type { Db } from '../db/db.ts';
import { findMaxHeartRate, saveMaxHeartRate } from '../db/heart-rate-repository.ts';
import { notFound } from '../errors.ts';

export async function heartRateAssumptions(
  db: Db,
  userId: string,
  highestSeen?: number | null,
): Promise<LoadAssumptions & { set: number | null; highestRecorded: number | null }> {
  const [set, highestRecorded] = await Promise.all([
    findMaxHeartRate(db, userId),
    highestSeen === undefined ? chartExtent(db, userId).then((extent) => extent.maxHeartrate) : highestSeen,
  ]);
  return { ...loadAssumptions({ set, highestSeen: highestRecorded }), set, highestRecorded };
}

export async function getHeartRateSettings(db: Db, userId: string): Promise<HeartRateSettings> {
  const assumptions = await heartRateAssumptions(db, userId);
  return {
    maxHeartRate: assumptions.set,
    highestRecorded: assumptions.highestRecorded,
    effectiveMaxHeartRate: assumptions.maxHeartRate,
    source: assumptions.maxHeartRateSource,
  };
}

export async function updateHeartRateSettings(
  db: Db,
  userId: string,
  update: HeartRateSettingsUpdate,
): Promise<HeartRateSettings> {
  if (!(await saveMaxHeartRate(db, userId, update.maxHeartRate))) {
    throw notFound(NOT_FOUND_MESSAGES.profile);
  }
  return getHeartRateSettings(db, userId);
}
