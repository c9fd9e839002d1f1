/** The runner's activities: the list and totals, edits, uploads and whole-archive imports. */
import path from 'node:path';
import type { ActivityEdit, ManualActivityInput } from '../../../core/activity/activity-edit.ts';
import type { ActivityBulkAction } from '../../../core/activity/activity-bulk.ts';
import type { ActivityListQuery, UploadEvent } from '../../../core/activity/schemas.ts';
import type { SpooledFile } from '../../spooled-file.ts';
import { importFiles, type ImportOutcome } from '../activity-import.ts';
import { startActivityRederive, type ActivityRederiveRunner } from '../activity-rederive.ts';
import { changeActivities, confirmActivity, editActivity } from '../activity-edits.ts';
import { revertActivity } from '../activity-corrections.ts';
import { createDeletedActivityPurge, deleteActivity, restoreActivity } from '../activity-deletion.ts';
import { addManualActivity, addSampleActivities, removeSampleActivities } from '../activity-entries.ts';
import { exportGpx, getOriginalFile } from '../activity-files.ts';
import { getActivity, getDisplayTrack, getShareTrack, listActivities } from '../activity-reads.ts';
import { getSportTotals } from '../activity-totals.ts';
import { createArchiveImports } from '../archive-import.ts';
import { getActivityBestEfforts } from '../best-efforts-service.ts';
import type { Strava } from '../strava/strava.ts';
import { createUploadLimits } from '../upload-limits.ts';
import { inBackgroundUnit } from './context.ts';
import type { WiringContext } from '../service-context.ts';

/** What an upload hands to the import, after the body was received and checked. */
export interface ImportInput {
  files: readonly SpooledFile[];
  /** The browser's time zone, for files without one and for the medal check after. */
  timeZone: string;
  /** The start the runner gave a file without any date uploaded alone (epoch ms). */
  givenStart?: number | undefined;
  /** Aborted when the client goes away: queued and running files are dropped. */
  signal: AbortSignal;
  emit(event: UploadEvent): Promise<void>;
}

type Timed = { id: string; timeZone?: string | undefined };

export function wireActivities(ctx: WiringContext, strava: Pick<Strava, 'remote'>) {
  const { db, reads, config } = ctx;
  const deletedActivityPurge = createDeletedActivityPurge(ctx, ctx.jobs);
  return {
    list: (userId: string, query: ActivityListQuery) =>
      reads.get(userId, `activities:${JSON.stringify(query)}`, () => listActivities(db, userId, query)),
    /** The dashboard's totals per sport. */
    totals: (userId: string) => reads.get(userId, 'totals', () => getSportTotals(db, userId)),
    get: (userId: string, id: string) => getActivity(db, userId, id, strava.remote),
    displayTrack: (userId: string, id: string) => getDisplayTrack(db, userId, id, strava.remote),
    shareTrack: (userId: string, id: string) => getShareTrack(db, userId, id, strava.remote),
    edit: (userId: string, input: { id: string; edit: ActivityEdit }) =>
      editActivity(ctx, userId, input.id, input.edit),
    addManual: (userId: string, input: ManualActivityInput) => addManualActivity(ctx, userId, input),
    delete: async (userId: string, id: string) => {
      await deleteActivity(ctx, userId, id);
      await deletedActivityPurge.schedule();
    },
    /** "Undo" after a delete, within the window. */
    restore: (userId: string, id: string) => restoreActivity(ctx, userId, id),
    changeMany: async (userId: string, action: ActivityBulkAction) => {
      const result = await changeActivities(ctx, userId, action);
      if (action.action === 'delete') {
        await deletedActivityPurge.schedule();
      }
      return result;
    },
    confirm: (userId: string, input: Timed) => confirmActivity(ctx, userId, input.id, input.timeZone),
    revert: (userId: string, input: Timed) => revertActivity(ctx, userId, input.id, input.timeZone),
    originalFile: (userId: string, id: string) => getOriginalFile(db, userId, id),
    exportGpx: (userId: string, id: string) => exportGpx(db, userId, id, strava.remote),
    /** Its best efforts and where each places among the runner's own ("2nd fastest 5K"). */
    bestEfforts: (userId: string, id: string) => getActivityBestEfforts(ctx, userId, id),
    addSamples: (userId: string) => addSampleActivities(ctx, userId),
    removeSamples: (userId: string) => removeSampleActivities(ctx, userId),
    /** The start-up pass re-deriving stored uploads (docs/activities.md "Re-deriving stored activities"). */
    startRederive: (): ActivityRederiveRunner =>
      inBackgroundUnit(ctx.units, () =>
        startActivityRederive({ ...ctx, pool: ctx.importPool, spoolDir: path.join(config.dataDir, 'tmp') }),
      ),
  };
}

export function wireImports(ctx: WiringContext) {
  const uploadLimits = createUploadLimits(ctx.db, ctx.config.uploads, ctx.clock);
  return {
    /** Before the body is read: the user's in-flight and rate quotas (429); returns the slot's release. */
    admit: (userId: string) => uploadLimits.admit(userId),
    /** After the body: the batch must fit the quotas; then it is counted. */
    accept: (userId: string, batch: { files: number; bytes: number }) =>
      uploadLimits.accept(userId, batch.files, batch.bytes),
    /** Imports the files one by one (spec §4 "Upload processing"), then the activities-changed path. */
    importFiles: async (userId: string, input: ImportInput): Promise<ImportOutcome> => {
      const outcome = await importFiles(
        {
          ...ctx,
          userId,
          fallbackTimeZone: input.timeZone,
          pool: ctx.importPool,
          signal: input.signal,
          emit: (event) => input.emit(event),
          givenStart: input.givenStart ?? null,
          // A file uploaded alone without any date is not dated by its upload: its runner is asked.
          askForDate: input.files.length === 1,
        },
        input.files,
      );
      if (outcome.imported > 0) {
        await ctx.changes.changed({ userId, source: 'upload', added: outcome.added, timeZone: input.timeZone });
      }
      return outcome;
    },
  };
}

/** Importing a whole export archive in the background (archive-import.ts); one at a time per runner. */
export function wireArchives(ctx: WiringContext) {
  return createArchiveImports({ ...ctx, dataDir: ctx.config.dataDir, leaseMs: ctx.config.archiveLeaseMs });
}
