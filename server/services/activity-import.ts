/**
 * Imports spooled upload files one by one (spec §4 "Upload processing": parsing → saving →
 * complete; one file's failure is recorded and the next still proceeds). Parsing and deriving run
 * in the import pool's worker threads (import-pool.ts); this thread only stores the small result.
 * Each file becomes its activity (or, a multisport file, one activity per leg, linked by a shared
 * multisport id), their compact tracks and the original bytes (kept once) in a single transaction,
 * or nothing at all. When the request goes away the remaining files are not imported.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ManualActivityRecord } from '../../core/activity/activity-edit.ts';
import type { ActivityRecord } from '../../core/activity/activity-record.ts';
import { ACTIVITY_DERIVATION_VERSION } from '../../core/activity/derivation.ts';
import { isSameUpload, SAME_UPLOAD_START_TOLERANCE_MS } from '../../core/activity/same-upload.ts';
import { MANUAL_SOURCE, type UploadEvent } from '../../core/activity/schemas.ts';
import {
  ActivityFileError,
  fileFormatOf,
  importedLegsMessage,
  UPLOAD_MESSAGES,
} from '../../core/activity/upload-rules.ts';
import { findActivityIdByFile, findUploadsStartingNear, insertActivities } from '../db/activity-repository.ts';
import { isUniqueViolation, type Db } from '../db/db.ts';
import { runInBackground } from '../db/query-priority.ts';
import type { NewActivityRow } from '../db/schema.ts';
import type { SpooledFile } from '../spooled-file.ts';
import { ImportCancelledError, ImportLimitError, type ImportPool } from './import-pool.ts';
import { hideStravaCopyOfUpload } from './strava/duplicates.ts';
import type { WiringContext } from './service-context.ts';

type FileEvent = Extract<UploadEvent, { kind: 'file' }>;

export type ImportContext = Pick<WiringContext, 'db' | 'logger' | 'clock'> & {
  userId: string;
  fallbackTimeZone: string;
  pool: ImportPool;
  /** Aborted when the client goes away: queued and running files are dropped. */
  signal: AbortSignal;
  emit(event: UploadEvent): Promise<void>;
  /**
   * The start of a file whose track has no times (epoch ms): the runner's, for a file uploaded
   * alone, or the export archive's activities.csv row.
   */
  givenStart?: number | null;
  /**
   * A file uploaded alone: without any date in it or given, it is not imported and the runner is
   * asked for its start (UPLOAD_MESSAGES.needsDate). Otherwise such a file is dated by its upload.
   */
  askForDate?: boolean;
};

/** What a file's activity and a manual one both describe, and so fill alike. */
type DescribedActivity = Pick<
  ActivityRecord,
  | 'name'
  | 'type'
  | 'startDate'
  | 'startDateLocal'
  | 'timezone'
  | 'distance'
  | 'movingTime'
  | 'elapsedTime'
  | 'averageSpeed'
  | 'maxSpeed'
  | 'description'
  | 'flag'
>;

function describedColumns(id: string, userId: string, record: DescribedActivity) {
  return {
    id,
    userId,
    name: record.name,
    type: record.type,
    startDate: record.startDate,
    startDateLocal: record.startDateLocal,
    timezone: record.timezone,
    distance: record.distance,
    movingTime: record.movingTime,
    elapsedTime: record.elapsedTime,
    averageSpeed: record.averageSpeed,
    maxSpeed: record.maxSpeed,
    description: record.description,
    flagged: record.flag !== null,
    flagReason: record.flag?.message ?? null,
    derivationVersion: ACTIVITY_DERIVATION_VERSION,
  };
}

/** The row of a file's activity, from its derived record. */
export function activityRow(
  id: string,
  userId: string,
  record: ActivityRecord,
  extra: Partial<NewActivityRow>,
): NewActivityRow {
  return {
    ...describedColumns(id, userId, record),
    source: 'upload',
    timerTime: record.timerTime,
    elevationGain: record.elevationGain,
    hasTiming: record.hasTiming,
    averageHeartrate: record.averageHeartrate,
    maxHeartrate: record.maxHeartrate,
    averageCadence: record.averageCadence,
    calories: record.calories,
    startLat: record.startLatLng?.lat ?? null,
    startLng: record.startLatLng?.lng ?? null,
    endLat: record.endLatLng?.lat ?? null,
    endLng: record.endLatLng?.lng ?? null,
    deviceName: record.deviceName,
    sportLabel: record.sportLabel,
    laps: JSON.stringify(record.laps),
    splitsMetric: JSON.stringify(record.splitsMetric),
    splitsStandard: JSON.stringify(record.splitsStandard),
    fileWarnings: JSON.stringify(record.warnings),
    ...extra,
  };
}

/** The row of a manual activity (no track, no file, so nothing to re-derive), from its described record. */
export function manualActivityRow(id: string, userId: string, record: ManualActivityRecord): NewActivityRow {
  return {
    ...describedColumns(id, userId, record),
    source: MANUAL_SOURCE,
    timerTime: null,
    elevationGain: 0,
    hasTiming: true,
    averageHeartrate: null,
    maxHeartrate: null,
    averageCadence: null,
    calories: null,
    startLat: null,
    startLng: null,
    endLat: null,
    endLng: null,
    privateNotes: record.privateNotes,
    deviceName: null,
    sportLabel: null,
    laps: '[]',
    splitsMetric: '[]',
    splitsStandard: '[]',
  };
}

/**
 * The activity a file's runs were already imported as from another file (core/activity/same-upload.ts):
 * the first of them when every activity the file holds (each leg of a multisport file) matches an
 * upload, else null.
 */
async function findSameUpload(
  db: Db,
  userId: string,
  activities: readonly { record: ActivityRecord }[],
): Promise<string | null> {
  let first: string | null = null;
  for (const { record } of activities) {
    const candidates = await findUploadsStartingNear(db, userId, record.startDate, SAME_UPLOAD_START_TOLERANCE_MS);
    const run = { startMs: record.startDate.getTime(), distance: record.distance, hasTiming: record.hasTiming };
    const match = candidates.find((candidate) =>
      isSameUpload(run, { startMs: candidate.startDate.getTime(), distance: candidate.distance, hasTiming: true }),
    );
    if (!match) {
      return null;
    }
    first ??= match.id;
  }
  return first;
}

async function importOne(context: ImportContext, file: SpooledFile): Promise<FileEvent> {
  const base = { kind: 'file' as const, index: file.index, name: file.name };
  const { db, userId } = context;
  const existing = await findActivityIdByFile(db, userId, file.sha256);
  if (existing) {
    return {
      ...base,
      state: 'complete',
      activityId: existing.id,
      duplicate: true,
      message: UPLOAD_MESSAGES.alreadyImported,
    };
  }
  const format = fileFormatOf(file.name);
  if (!format) {
    throw new Error(UPLOAD_MESSAGES.unsupported);
  }
  await context.emit({ ...base, state: 'parsing', progress: 0 });
  const started = performance.now();
  const now = new Date(context.clock.now());
  const parsed = await context.pool.run(
    {
      path: file.path,
      size: file.size,
      format,
      fallbackTimeZone: context.fallbackTimeZone,
      now: now.getTime(),
      givenStart: context.givenStart ?? null,
    },
    {
      signal: context.signal,
      owner: userId,
      onProgress: (progress) => {
        context.emit({ ...base, state: 'parsing', progress }).catch(() => undefined);
      },
    },
  );
  const parsedAt = performance.now();
  if (context.askForDate && parsed.activities[0]?.record.dateSource === 'upload') {
    return { ...base, state: 'error', message: UPLOAD_MESSAGES.needsDate, needsDate: true };
  }
  // The same run from another file (another export of it, another format): one activity.
  const sameRun = await findSameUpload(db, userId, parsed.activities);
  if (sameRun) {
    return {
      ...base,
      state: 'complete',
      activityId: sameRun,
      duplicate: true,
      message: UPLOAD_MESSAGES.alreadyImported,
    };
  }
  await context.emit({ ...base, state: 'saving' });
  const legs = parsed.activities.length > 1;
  const multisportId = legs ? randomUUID() : null;
  const stored = parsed.activities.map((activity, legIndex) => ({
    ...activity,
    row: activityRow(randomUUID(), userId, activity.record, {
      originalFilename: file.name,
      fileSize: file.size,
      fileType: parsed.format,
      fileSha256: file.sha256,
      uploadedAt: now,
      givenStart: activity.record.dateSource === 'given' ? activity.record.startDate : null,
      multisportId,
      legIndex: legs ? legIndex : null,
    }),
  }));
  const first = stored[0];
  if (!first) {
    throw new Error(UPLOAD_MESSAGES.parseActivity);
  }
  const id = first.row.id;
  try {
    const original = await readFile(file.path);
    // A file's save (its track and original, megabytes each) gives way to other requests' queries
    // on PGlite's one connection (query-priority.ts), so runners uploading at once never queue
    // another runner's reads behind their saves.
    await runInBackground(() =>
      insertActivities(
        db,
        stored.map(({ row, pointCount, track, figures }) => ({
          // The track's figures, worked out with the file, are stored with it (core/running/track-figures.ts).
          row: { ...row, trackFiguresAt: now, heartRateSecondsAtMost: figures.heartRateSecondsAtMost },
          track: { pointCount, data: track },
          efforts: figures.efforts,
        })),
        { data: original },
      ),
    );
  } catch (error) {
    // The same file finished importing in another request meanwhile: it is one activity.
    if (isUniqueViolation(error)) {
      const winner = await findActivityIdByFile(db, userId, file.sha256);
      if (winner) {
        return {
          ...base,
          state: 'complete',
          activityId: winner.id,
          duplicate: true,
          message: UPLOAD_MESSAGES.alreadyImported,
        };
      }
    }
    throw error;
  }
  // A Strava copy of this run (or of a leg) is hidden behind the upload (the merged list shows it once).
  for (const { row, record } of stored) {
    await hideStravaCopyOfUpload(db, userId, {
      id: row.id,
      startDate: record.startDate,
      distance: record.distance,
    }).catch((error: unknown) =>
      context.logger.warn({ err: error, activityId: row.id }, 'Strava duplicate check failed'),
    );
  }
  const record = first.record;
  context.logger.info(
    {
      activityId: id,
      format: parsed.format,
      bytes: file.size,
      activities: stored.length,
      points: stored.reduce((sum, activity) => sum + activity.pointCount, 0),
      parseMs: Math.round(parsedAt - started),
      saveMs: Math.round(performance.now() - parsedAt),
    },
    'activity imported',
  );
  // What could not be read of the file (it ends early, it has no time of its own) is said with the
  // imported activity.
  const notes = [
    ...(legs ? [importedLegsMessage(stored.map((activity) => activity.record.type))] : []),
    ...record.warnings,
    ...(record.dateSource === 'upload' ? [UPLOAD_MESSAGES.datedByUpload] : []),
  ];
  const message = notes.join(' ');
  return { ...base, state: 'complete', activityId: id, duplicate: false, ...(message ? { message } : {}) };
}

export interface ImportOutcome {
  imported: number;
  duplicates: number;
  failed: number;
  /** The activity each imported file stored (a multisport file's first leg). */
  added: string[];
}

export async function importFiles(context: ImportContext, files: readonly SpooledFile[]): Promise<ImportOutcome> {
  let imported = 0;
  let duplicates = 0;
  let failed = 0;
  const added: string[] = [];
  for (const file of files) {
    if (context.signal.aborted) {
      break;
    }
    let result: FileEvent;
    try {
      // A file refused as it arrived (unsupported, not decompressible) fails on its own row.
      result =
        file.problem === undefined
          ? await importOne(context, file)
          : { kind: 'file', index: file.index, name: file.name, state: 'error', message: file.problem };
    } catch (error) {
      if (error instanceof ImportCancelledError) {
        break;
      }
      let message: string;
      if (error instanceof ActivityFileError) {
        message = error.message;
      } else if (error instanceof ImportLimitError) {
        context.logger.warn({ file: file.name, bytes: file.size, reason: error.message }, 'activity import stopped');
        message = error.message;
      } else {
        context.logger.error({ err: error, file: file.name }, 'activity import failed');
        message = UPLOAD_MESSAGES.saveFailed(error instanceof Error ? error.message : String(error));
      }
      result = { kind: 'file', index: file.index, name: file.name, state: 'error', message };
    }
    if (result.state === 'error') {
      failed += 1;
    } else if (result.duplicate) {
      duplicates += 1;
    } else {
      imported += 1;
      if (result.activityId !== undefined) {
        added.push(result.activityId);
      }
    }
    await context.emit(result);
  }
  if (!context.signal.aborted) {
    await context.emit({ kind: 'done', imported, duplicates, failed });
  }
  return { imported, duplicates, failed, added };
}
