/**
 * The runner's heart-rate settings: the maximum heart rate the zones and the training load use (the
 * one the runner set in Account, else the highest their activities recorded, else core's default,
 * core/charts/chart-load.ts), their resting heart rate and threshold pace (load, and zones by
 * heart-rate reserve; else core's assumptions), lactate-threshold heart rate and the zone method
 * (core/running/heart-rate-zones.ts). The highest recorded is read from the stored extent
 * (load-aggregates.ts); changing any setting works the stored loads out again in the same
 * transaction, so readiness and the load lines follow at once. A change that breaks a rule between
 * the values (core's heartRateSettingsConflict) is refused with its sentence and stores nothing.
 */
import type { LoadAssumptions } from '../../core/charts/chart-load.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import {
  heartRateSettingsConflict,
  type HeartRateSettings,
  type HeartRateSettingsUpdate,
} from '../../core/running/heart-rate-api.ts';
import { zoneMethodOf, type ZoneBasis } from '../../core/running/heart-rate-zones.ts';
import type { Db } from '../db/db.ts';
import { findHeartRateSettings, saveHeartRateSettings } from '../db/heart-rate-repository.ts';
import { invalid, notFound } from '../errors.ts';
import { loadFigures, refreshLoadAggregatesIn, type LoadFigures } from './load-aggregates.ts';

export async function heartRateAssumptions(
  db: Db,
  userId: string,
): Promise<LoadAssumptions & { set: number | null; highestRecorded: number | null }> {
  return (await loadFigures(db, userId)).assumptions;
}

/** What the zones are worked out from under the runner's figures. */
export function zoneBasisOf(figures: LoadFigures): ZoneBasis {
  return {
    method: figures.settings.zoneMethod,
    maxHeartRate: figures.assumptions.maxHeartRate,
    restingHeartRate: figures.assumptions.restingHeartRate,
    lactateThresholdHeartRate: figures.settings.lactateThresholdHeartRate,
  };
}

function settingsOf(figures: LoadFigures): HeartRateSettings {
  const { assumptions, settings } = figures;
  return {
    maxHeartRate: assumptions.set,
    highestRecorded: assumptions.highestRecorded,
    effectiveMaxHeartRate: assumptions.maxHeartRate,
    source: assumptions.maxHeartRateSource,
    restingHeartRate: settings.restingHeartRate,
    effectiveRestingHeartRate: assumptions.restingHeartRate,
    restingHeartRateSource: assumptions.restingHeartRateSource,
    lactateThresholdHeartRate: settings.lactateThresholdHeartRate,
    thresholdPaceSecondsPerKm: settings.thresholdPaceSecondsPerKm,
    effectiveThresholdPaceSecondsPerKm: assumptions.thresholdPaceSecondsPerKm,
    thresholdPaceSource: assumptions.thresholdPaceSource,
    zoneMethod: zoneMethodOf(zoneBasisOf(figures)),
  };
}

export async function getHeartRateSettings(db: Db, userId: string): Promise<HeartRateSettings> {
  return settingsOf(await loadFigures(db, userId));
}

export async function updateHeartRateSettings(
  db: Db,
  userId: string,
  update: HeartRateSettingsUpdate,
): Promise<HeartRateSettings> {
  const figures = await db.transaction().execute(async (trx) => {
    const stored = await findHeartRateSettings(trx, userId);
    const next = {
      maxHeartRate: update.maxHeartRate,
      restingHeartRate: update.restingHeartRate === undefined ? stored.restingHeartRate : update.restingHeartRate,
      lactateThresholdHeartRate:
        update.lactateThresholdHeartRate === undefined
          ? stored.lactateThresholdHeartRate
          : update.lactateThresholdHeartRate,
      thresholdPaceSecondsPerKm:
        update.thresholdPaceSecondsPerKm === undefined
          ? stored.thresholdPaceSecondsPerKm
          : update.thresholdPaceSecondsPerKm,
      zoneMethod: update.zoneMethod ?? stored.zoneMethod,
    };
    if (!(await saveHeartRateSettings(trx, userId, next))) {
      throw notFound(NOT_FOUND_MESSAGES.profile);
    }
    const refreshed = await refreshLoadAggregatesIn(trx, userId);
    const conflict = heartRateSettingsConflict({
      maxHeartRate: refreshed.assumptions.maxHeartRate,
      restingHeartRate: refreshed.assumptions.restingHeartRate,
      lactateThresholdHeartRate: next.lactateThresholdHeartRate,
      zoneMethod: next.zoneMethod,
    });
    if (conflict !== null) {
      // Thrown inside the transaction: the settings and the loads worked out with them roll back.
      throw invalid(conflict);
    }
    return refreshed;
  });
  return settingsOf(figures);
}
