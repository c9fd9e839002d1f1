/**
 * Re-derives stored uploads from their kept original files when the derivation rules changed
 * (core/activity/derivation.ts ACTIVITY_DERIVATION_VERSION), so fixes reach activities imported
 * before them. Started once at server start-up in the background (ACTIVITY_REDERIVE).
 *
 * - The version column is the progress: each activity's figures, track and version are written in
 *   one transaction, so a pass stopped anywhere (a crash, a shutdown) resumes where it was and redoes
 *   at most the activity in hand.
 * - Files go through the import pool, the same worker path as an upload, one at a time, so uploads
 *   waiting for a worker queue behind at most one re-derivation.
 * - A file stored as one activity that now gives several (a multisport file imported before legs)
 *   keeps its activity as the first leg and gains the others in the same transaction; a leg is
 *   re-derived from its own part of the file.
 * - What the runner chose stays: a name they gave, a type they chose, the description (an activity
 *   without one takes the file's notes), the private notes, a confirmation of a flagged activity and
 *   their word on counting it. A type they did not choose comes from the file.
 * - A file that no longer parses keeps its activity as it is, is marked with the current version and
 *   is logged at warn, never retried in a loop; an activity without an original file is marked too.
 * - Several app servers on one PostgreSQL: every write (the figures, or only the version mark) checks
 *   the version and the figures' write locks its row (FOR UPDATE SKIP LOCKED), so a row is re-derived,
 *   marked and counted by one server only.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ACTIVITY_DERIVATION_VERSION, nameAfterRederive } from '../../core/activity/derivation.ts';
import { ACTIVITY_FILE_FORMATS, fileFormatOf, type ActivityFileFormat } from '../../core/activity/upload-rules.ts';
import { applyOverrides, flagOfShown, type FileFigures } from '../../core/activity/activity-corrections.ts';
import type { Updateable } from 'kysely';
import type { ActivitiesTable, NewActivityRow } from '../db/schema.ts';
import {
  findOriginalFileData,
  type LockedActivity,
  listActivitiesToRederive,
  markDerivationVersion,
  saveRederivedActivity,
  type RederiveCandidate,
} from '../db/activity-rederive-repository.ts';
import { activityRow } from './activity-import.ts';
import { hideStravaCopyOfUpload } from './strava/duplicates.ts';
import type { ServiceContext } from './service-context.ts';
import { ImportCancelledError, type ImportPool } from './import-pool.ts';
import type { ImportResult } from './import-worker-protocol.ts';

/** Activities read per batch; statistics and medals are brought up to date after each. */
export const REDERIVE_BATCH_SIZE = 20;

export interface RederiveDeps extends ServiceContext {
  pool: ImportPool;
  /** Where an original is written for the worker: the upload spool (start-up removes leftovers). */
  spoolDir: string;
  batchSize?: number;
}

export interface RederiveOutcome {
  /** Activities whose figures were written again. */
  rederived: number;
  /** Originals that no longer parse: kept as they were, marked, logged at warn. */
  failed: number;
  /** Activities without an original file, marked. */
  skipped: number;
  /** Legs whose file no longer gives them: kept as they were, marked. */
  kept: number;
  ms: number;
}

type Result = 'rederived' | 'failed' | 'skipped' | 'kept' | 'taken';

/** The upload's spool file names (server/http/multipart-upload.ts SPOOL_FILE_PATTERN). */
const spoolFileName = () => `upload-${randomUUID()}.gz`;

function formatOf(candidate: RederiveCandidate): ActivityFileFormat | undefined {
  const stored = ACTIVITY_FILE_FORMATS.find((format) => format === candidate.fileType);
  return stored ?? fileFormatOf(candidate.originalFilename ?? '');
}

async function rederiveOne(deps: RederiveDeps, candidate: RederiveCandidate, signal: AbortSignal): Promise<Result> {
  const { db, logger } = deps;
  const version = ACTIVITY_DERIVATION_VERSION;
  const format = formatOf(candidate);
  const original = candidate.hasFile && format ? await findOriginalFileData(db, candidate.id) : undefined;
  if (!original || !format) {
    return (await markDerivationVersion(db, candidate.id, version)) ? 'skipped' : 'taken';
  }
  await mkdir(deps.spoolDir, { recursive: true });
  const spoolPath = path.join(deps.spoolDir, spoolFileName());
  // The original is kept gzip-compressed, as the upload spooled it: the worker reads it as is. A
  // disk that cannot take it is this server's problem, not the file's: the pass ends, nothing marked.
  try {
    await writeFile(spoolPath, original);
  } catch (error) {
    await rm(spoolPath, { force: true });
    throw error;
  }
  let result: ImportResult;
  try {
    result = await deps.pool.run(
      {
        path: spoolPath,
        size: candidate.fileSize ?? 0,
        format,
        fallbackTimeZone: candidate.timezone,
        // An activity dated by its upload keeps that date, one dated by a given start that start.
        now: (candidate.uploadedAt ?? candidate.createdAt).getTime(),
        givenStart: candidate.givenStart?.getTime() ?? null,
      },
      { signal },
    );
  } catch (error) {
    if (error instanceof ImportCancelledError || signal.aborted) {
      throw error instanceof ImportCancelledError ? error : new ImportCancelledError('re-deriving was stopped');
    }
    if (!(await markDerivationVersion(db, candidate.id, version))) {
      return 'taken';
    }
    logger.warn(
      { activityId: candidate.id, format, reason: error instanceof Error ? error.message : String(error) },
      'stored activity not re-derived: its original file no longer parses; kept as it was',
    );
    return 'failed';
  } finally {
    await rm(spoolPath, { force: true });
  }
  const derived = result.activities;
  // A leg takes its own part of the file again; an activity stored as one takes the file's first
  // activity, and the file's other legs (a multisport file imported before legs) are added beside it.
  const own = derived[candidate.legIndex ?? 0];
  if (!own || (candidate.legIndex !== null && derived.length === 1)) {
    if (!(await markDerivationVersion(db, candidate.id, version))) {
      return 'taken';
    }
    logger.info(
      { activityId: candidate.id, activities: derived.length },
      'stored activity kept as it was: its original file no longer gives this leg',
    );
    return 'kept';
  }
  const split = candidate.legIndex === null && derived.length > 1;
  const multisport = split
    ? { multisportId: randomUUID(), legIndex: 0 }
    : { multisportId: candidate.multisportId, legIndex: candidate.legIndex };
  const others = (split ? derived.slice(1) : []).map((activity) => ({ id: randomUUID(), ...activity }));
  const added = others.map(({ id, record, pointCount, track }, offset) => ({
    row: activityRow(id, candidate.userId, record, {
      originalFilename: candidate.originalFilename,
      fileSize: candidate.fileSize,
      fileSha256: candidate.fileSha256,
      uploadedAt: candidate.uploadedAt,
      fileType: result.format,
      multisportId: multisport.multisportId,
      legIndex: offset + 1,
      derivationVersion: version,
    }),
    track: { pointCount, data: track },
  }));
  const saved = await saveRederivedActivity(
    db,
    candidate.id,
    version,
    (locked) => {
      const {
        id: _id,
        userId: _userId,
        source: _source,
        name,
        type,
        description,
        ...figures
      } = activityRow(candidate.id, candidate.userId, own.record, { fileType: result.format, ...multisport });
      const now = deps.clock.now();
      return {
        ...figures,
        ...(locked.typeEdited ? {} : { type }),
        ...(locked.fileFigures === null ? {} : correctedAgain(locked, { ...figures, type }, now)),
        name: nameAfterRederive(locked.name, name, description),
        // The runner's description stays; an activity without one takes the file's notes.
        description: locked.description === '' ? description : locked.description,
        updatedAt: new Date(now),
      };
    },
    { pointCount: own.pointCount, data: own.track },
    added,
  );
  if (saved) {
    // Figures that changed may now pair an upload with its Strava copy (the merged list shows it once).
    const stored = [
      { id: candidate.id, startDate: own.record.startDate, distance: own.record.distance },
      ...others.map(({ id, record }) => ({ id, startDate: record.startDate, distance: record.distance })),
    ];
    for (const activity of stored) {
      await hideStravaCopyOfUpload(db, candidate.userId, activity).catch((error: unknown) =>
        logger.warn({ err: error, activityId: activity.id }, 'Strava duplicate check failed'),
      );
    }
  }
  return saved ? 'rederived' : 'taken';
}

/**
 * A corrected activity re-derived: the new file figures are kept beside the runner's overrides,
 * which are laid over them again (core/activity/activity-corrections.ts), and judged for
 * plausibility as shown.
 */
function correctedAgain(
  locked: LockedActivity,
  derived: Omit<NewActivityRow, 'id' | 'userId' | 'source' | 'name'>,
  nowMs: number,
): Partial<Updateable<ActivitiesTable>> {
  const file: FileFigures = {
    startMs: new Date(derived.startDate).getTime(),
    startDateLocal: derived.startDateLocal,
    timezone: derived.timezone,
    distance: derived.distance,
    elapsedTime: derived.elapsedTime,
    movingTime: derived.movingTime,
    timerTime: derived.timerTime ?? null,
    averageSpeed: derived.averageSpeed,
    hasTiming: derived.hasTiming ?? true,
    type: derived.type,
    flagged: derived.flagged ?? false,
    flagReason: derived.flagReason ?? null,
  };
  const shown = applyOverrides(file, locked.overrides ?? {});
  const type = locked.typeEdited ? locked.type : file.type;
  const flag = flagOfShown({ file, shown, type, maxSpeed: derived.maxSpeed, nowMs });
  const { startMs, ...columns } = shown;
  return {
    ...columns,
    startDate: new Date(startMs),
    ...flag,
    fileFigures: JSON.stringify(file),
  };
}

/**
 * Re-derives every upload below the current version, batch by batch, until none is left or the
 * signal stops it. After a batch that changed a runner's activities, their profile statistics are
 * refreshed and their medals checked, as after an upload.
 */
export async function rederiveStoredActivities(
  deps: RederiveDeps,
  signal: AbortSignal = new AbortController().signal,
): Promise<RederiveOutcome> {
  const started = performance.now();
  const outcome: RederiveOutcome = { rederived: 0, failed: 0, skipped: 0, kept: 0, ms: 0 };
  const batchSize = deps.batchSize ?? REDERIVE_BATCH_SIZE;
  let stopped = false;
  while (!stopped && !signal.aborted) {
    const batch = await listActivitiesToRederive(deps.db, ACTIVITY_DERIVATION_VERSION, batchSize);
    if (batch.length === 0) {
      break;
    }
    /** Runners whose activities changed, with the time zone of their latest re-derived one. */
    const changed = new Map<string, string>();
    let progress = 0;
    for (const candidate of batch) {
      if (signal.aborted) {
        break;
      }
      let result: Result;
      try {
        result = await rederiveOne(deps, candidate, signal);
      } catch (error) {
        if (!(error instanceof ImportCancelledError)) {
          throw error;
        }
        // Shutting down: this activity is left for the next start; the batch's changes still count.
        stopped = true;
        break;
      }
      if (result === 'taken') {
        continue;
      }
      progress += 1;
      outcome[result] += 1;
      if (result === 'rederived') {
        changed.set(candidate.userId, candidate.timezone);
      }
    }
    for (const [userId, timeZone] of changed) {
      await deps.changes.changed({ userId, source: 'rederive', timeZone });
    }
    // Every row of the batch is being written by another app server: its pass carries on from here.
    if (progress === 0) {
      break;
    }
  }
  outcome.ms = Math.round(performance.now() - started);
  if (outcome.rederived + outcome.failed + outcome.skipped + outcome.kept > 0 || stopped || signal.aborted) {
    deps.logger.info(
      { ...outcome, version: ACTIVITY_DERIVATION_VERSION, stopped: stopped || signal.aborted },
      'stored activities re-derived',
    );
  }
  return outcome;
}

export interface ActivityRederiveRunner {
  /** Settles when the pass has ended (finished, failed or stopped); never rejects. */
  readonly done: Promise<void>;
  /** Stops the pass after the activity in hand (a running worker is ended) and waits for it. */
  stop(): Promise<void>;
}

/** Runs one pass in the background; the server's start-up and requests never wait for it. */
export function startActivityRederive(deps: RederiveDeps): ActivityRederiveRunner {
  const controller = new AbortController();
  const done = rederiveStoredActivities(deps, controller.signal).then(
    () => undefined,
    (error: unknown) => {
      deps.logger.error({ err: error }, 're-deriving stored activities failed; the next start carries on');
    },
  );
  return {
    done,
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}
