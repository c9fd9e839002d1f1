/**
 * The maximum heart rate the zones and the training load use: the one the runner set in Account,
 * else the highest their activities recorded, else core's default (core/charts/chart-load.ts). The
 * highest recorded is read from the stored extent (load-aggregates.ts); setting or clearing the
 * maximum works the stored loads out again in the same transaction.
 */
import type { LoadAssumptions } from '../../core/charts/chart-load.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import type { HeartRateSettings, HeartRateSettingsUpdate } from '../../core/running/heart-rate-api.ts';
import type { Db } from '../db/db.ts';
import { saveMaxHeartRate } from '../db/heart-rate-repository.ts';
import { notFound } from '../errors.ts';
import { loadFigures, refreshLoadAggregatesIn } from './load-aggregates.ts';

export async function heartRateAssumptions(
  db: Db,
  userId: string,
): Promise<LoadAssumptions & { set: number | null; highestRecorded: number | null }> {
  return (await loadFigures(db, userId)).assumptions;
}

function settingsOf(assumptions: Awaited<ReturnType<typeof heartRateAssumptions>>): HeartRateSettings {
  return {
    maxHeartRate: assumptions.set,
    highestRecorded: assumptions.highestRecorded,
    effectiveMaxHeartRate: assumptions.maxHeartRate,
    source: assumptions.maxHeartRateSource,
  };
}

export async function getHeartRateSettings(db: Db, userId: string): Promise<HeartRateSettings> {
  return settingsOf(await heartRateAssumptions(db, userId));
}

export async function updateHeartRateSettings(
  db: Db,
  userId: string,
  update: HeartRateSettingsUpdate,
): Promise<HeartRateSettings> {
  const figures = await db.transaction().execute(async (trx) => {
    if (!(await saveMaxHeartRate(trx, userId, update.maxHeartRate))) {
      throw notFound(NOT_FOUND_MESSAGES.profile);
    }
    return refreshLoadAggregatesIn(trx, userId);
  });
  return settingsOf(figures.assumptions);
}
