/**
 * Deleting an activity and "Undo": a deleted activity is kept, whole, for ACTIVITY_UNDO_WINDOW_MS
 * (deleted-activity-repository.ts) and can be put back exactly as it was until then; a job on the
 * queue purges it after. Whatever follows from the activities follows the deletion and the restore.
 */
import { ACTIVITY_UNDO_TEXTS, ACTIVITY_UNDO_WINDOW_MS } from '../../core/activity/activity-undo.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { deleteActivity as deleteActivityRow } from '../db/activity-repository.ts';
import {
  oldestDeletedActivity,
  purgeDeletedActivities,
  restoreDeletedActivity,
} from '../db/deleted-activity-repository.ts';
import { gone, notFound } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { ServiceContext } from './service-context.ts';

export async function deleteActivity(context: ServiceContext, userId: string, id: string): Promise<void> {
  if (!(await deleteActivityRow(context.db, userId, id, new Date(context.clock.now())))) {
    throw notFound(NOT_FOUND_MESSAGES.activity);
  }
  await context.changes.changed({ userId, source: 'delete', removed: [id] });
}

/**
 * Puts back an activity the runner deleted less than ACTIVITY_UNDO_WINDOW_MS ago, exactly as it
 * was (deleted-activity-repository.ts); the totals, gear and everything else that follows from the
 * activities follow. After the window it is gone.
 */
export async function restoreActivity(context: ServiceContext, userId: string, id: string): Promise<void> {
  const since = new Date(context.clock.now() - ACTIVITY_UNDO_WINDOW_MS);
  if (!(await restoreDeletedActivity(context.db, userId, id, since))) {
    throw gone(ACTIVITY_UNDO_TEXTS.gone);
  }
  await context.changes.changed({ userId, source: 'restore', added: [id] });
}

const DELETED_ACTIVITIES_PURGE_QUEUE = 'deleted-activities-purge';

/**
 * The purge of deleted activities past the undo window, on the job queue: `schedule` after a
 * deletion; a run that leaves younger ones kept comes back when the oldest of them expires.
 */
export function createDeletedActivityPurge(context: ServiceContext, jobs: JobQueue) {
  const schedule = (afterMs: number) =>
    jobs.send(DELETED_ACTIVITIES_PURGE_QUEUE, {}, { singletonKey: 'purge', startAfterMs: Math.max(1000, afterMs) });
  jobs.define<Record<string, never>>({
    name: DELETED_ACTIVITIES_PURGE_QUEUE,
    policy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    handler: async () => {
      const now = context.clock.now();
      await purgeDeletedActivities(context.db, new Date(now - ACTIVITY_UNDO_WINDOW_MS));
      const oldest = await oldestDeletedActivity(context.db);
      return oldest === undefined
        ? undefined
        : {
            data: {},
            options: {
              singletonKey: 'purge',
              startAfterMs: Math.max(1000, oldest.getTime() + ACTIVITY_UNDO_WINDOW_MS - now),
            },
          };
    },
  });
  return { schedule: () => schedule(ACTIVITY_UNDO_WINDOW_MS) };
}
