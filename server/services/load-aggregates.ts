/**
 * The stored training-load figures the readiness and the Charts load lines read (migration 0029),
 * so that no request re-reads the runner's whole history: each charted, timed activity's load
 * (core/charts/chart-load.ts) on its own local day, and the extent of the charted history (first
 * local day, highest heart rate recorded) with the maximum heart rate the loads were worked out with.
 *
 * A load depends on the activity's own figures, on the maximum heart rate in force (the one the
 * runner set, else the highest recorded, else the default) and on their resting heart rate and
 * threshold pace, so the figures are worked out again after every change of the runner's activities
 * (one reaction on "activities changed") and, in the same transaction, when they change any of
 * their heart-rate settings (heart-rate-service.ts); only rows whose load changed are written, and
 * the extent only when it changed. A change that names its activities works out only theirs while
 * the maximum heart rate the stored loads were worked out with is still the one in force (the
 * other settings change only through heart-rate-service.ts, which works out everything); any other
 * change, or a new maximum, works out the whole history. A runner whose figures
 * were never stored (data from before they existed), or were stored under another maximum, has them
 * worked out on the read that finds so, before it answers.
 */
import { loadAssumptions, loadOfActivity, type LoadAssumptions } from '../../core/charts/chart-load.ts';
import { chartExtent, loadRows } from '../db/charts-repository.ts';
import type { Db } from '../db/db.ts';
import type { StoredHeartRateSettings } from '../db/heart-rate-repository.ts';
import {
  findLoadBasis,
  listStoredLoads,
  saveStoredExtent,
  writeStoredLoads,
  type StoredExtent,
  type StoredLoad,
} from '../db/load-aggregate-repository.ts';
import { lockRunnerScope } from '../db/user-lock.ts';
import type { ActivityReaction } from './service-context.ts';

export interface LoadFigures {
  extent: StoredExtent;
  assumptions: LoadAssumptions & { set: number | null; highestRecorded: number | null };
  /** What the runner set (null where they did not). */
  settings: StoredHeartRateSettings;
}

function assumptionsOf(settings: StoredHeartRateSettings, highestSeen: number | null): LoadAssumptions {
  return loadAssumptions({
    set: settings.maxHeartRate,
    highestSeen,
    restingHeartRate: settings.restingHeartRate,
    thresholdPaceSecondsPerKm: settings.thresholdPaceSecondsPerKm,
  });
}

function figuresOf(extent: StoredExtent, settings: StoredHeartRateSettings): LoadFigures {
  const highestRecorded = extent.maxHeartrate;
  return {
    extent,
    assumptions: { ...assumptionsOf(settings, highestRecorded), set: settings.maxHeartRate, highestRecorded },
    settings,
  };
}

function sameLoad(stored: StoredLoad | undefined, fresh: StoredLoad): boolean {
  return stored !== undefined && stored.day === fresh.day && stored.type === fresh.type && stored.load === fresh.load;
}

function sameExtent(stored: StoredExtent | null, fresh: StoredExtent): boolean {
  return (
    stored !== null &&
    stored.firstDay === fresh.firstDay &&
    stored.maxHeartrate === fresh.maxHeartrate &&
    stored.loadMaxHeartRate === fresh.loadMaxHeartRate
  );
}

/**
 * Works the runner's figures out again from their activities, inside the caller's transaction (a
 * per-runner lock keeps two refreshes from interleaving): only those of `activityIds` (added,
 * changed or removed) when given and the stored loads' maximum heart rate still holds, else all.
 */
export async function refreshLoadAggregatesIn(
  trx: Db,
  userId: string,
  activityIds?: readonly string[],
): Promise<LoadFigures> {
  await lockRunnerScope(trx, 'load-aggregates', userId);
  const found = await chartExtent(trx, userId);
  const { extent: stored, settings } = await findLoadBasis(trx, userId);
  const assumptions = assumptionsOf(settings, found.maxHeartrate);
  const extent: StoredExtent = { ...found, loadMaxHeartRate: assumptions.maxHeartRate };
  const only = stored?.loadMaxHeartRate === extent.loadMaxHeartRate ? activityIds : undefined;
  const fresh: StoredLoad[] = (await loadRows(trx, userId, only)).map((row) => ({
    activityId: row.id,
    day: row.date,
    type: row.type,
    load: loadOfActivity(row, assumptions),
  }));
  const before = new Map((await listStoredLoads(trx, userId, only)).map((row) => [row.activityId, row]));
  const kept = new Set(fresh.map((row) => row.activityId));
  await writeStoredLoads(trx, userId, {
    upsert: fresh.filter((row) => !sameLoad(before.get(row.activityId), row)),
    remove: [...before.keys()].filter((id) => !kept.has(id)),
  });
  if (!sameExtent(stored, extent)) {
    await saveStoredExtent(trx, userId, extent);
  }
  return figuresOf(extent, settings);
}

export function refreshLoadAggregates(db: Db, userId: string, activityIds?: readonly string[]): Promise<LoadFigures> {
  return db.transaction().execute((trx) => refreshLoadAggregatesIn(trx, userId, activityIds));
}

/** The runner's stored extent and load assumptions, worked out first when missing or stale. */
export async function loadFigures(db: Db, userId: string): Promise<LoadFigures> {
  const { extent, settings } = await findLoadBasis(db, userId);
  if (extent !== null) {
    const figures = figuresOf(extent, settings);
    if (figures.assumptions.maxHeartRate === extent.loadMaxHeartRate) {
      return figures;
    }
  }
  return refreshLoadAggregates(db, userId);
}

/**
 * After every change of the runner's activities (each page of a sync too), their stored loads and
 * extent follow before anything reads them; a failure fails the change, so they never go stale
 * silently.
 */
export const loadAggregatesReaction: ActivityReaction = {
  name: 'load aggregates',
  duringSync: true,
  required: true,
  run: async (context, change) => {
    const named = [change.added, change.updated, change.removed];
    const activityIds = named.every((ids) => ids === undefined) ? undefined : named.flatMap((ids) => ids ?? []);
    await refreshLoadAggregates(context.db, change.userId, activityIds);
  },
};
