/**
 * The runner's totals: the profile's statistics, recomputed first after every change of their
 * activities (never stale, never silently), and the dashboard's totals per sport read from them.
 */
import { orderSportTotals, type SportTotals } from '../../core/activity/sport-totals.ts';
import { refreshProfileStatistics, sportTotals } from '../db/activity-totals-repository.ts';
import type { Db } from '../db/db.ts';
import type { ActivityReaction } from './service-context.ts';

/** The dashboard's totals per sport: runs first, the others beside them (core/activity/sport-totals.ts). */
export async function getSportTotals(db: Db, userId: string): Promise<SportTotals> {
  return { sports: orderSportTotals(await sportTotals(db, userId)) };
}

/**
 * The first reaction to "activities changed": the profile's statistics are recomputed, on every
 * page of a sync too. Its failure fails the change: totals never go stale silently.
 */
export const totalsReaction: ActivityReaction = {
  name: 'totals',
  duringSync: true,
  required: true,
  run: (context, change) => refreshProfileStatistics(context.db, change.userId, new Date(context.clock.now())),
};
