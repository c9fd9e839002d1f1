/**
 * Imports a whole export archive (core/activity/archive-rules.ts) in the background. The upload
 * route streams the ZIP to a file under DATA_DIR; a job on the general queue then reads it one entry
 * at a time (integrations/archive-zip.ts: each entry's bytes streamed to a spool file, the zip-bomb
 * limits enforced on the bytes as they flow). Each activity
 * file goes through the very path an upload takes (activity-import.ts: the worker pool, the same
 * parsing, the duplicate rules against earlier uploads and Strava copies); activities.csv gives
 * names, types and gear (core/gear.ts: found by name, else made once; an older Stride export brings
 * each gear's fields in stride/gear.json), and its rows without a file become manual activities.
 * Stride's own export with a manifest it reads is put back whole from stride/ instead
 * (docs/data-export.md): each activity as stored, inserted with its report row in one transaction.
 *
 * Resuming: every entry handled gets a row (archive_import_entries, keyed by its position and
 * name) and the import's counts move with it. A manual activity's insert and its row commit in one
 * transaction. A file's activity is inserted by the upload path's own transaction and marked just
 * after: a crash between the two leaves it unmarked, and the redo finds the same file (same bytes)
 * already imported, so it is reported a duplicate and never stored twice. A server holds the import
 * under a lease it renews per entry; a server that died leaves it to the next after the lease, and
 * every start sends a job for the unfinished imports.
 *
 * Its length is one concern: one resumable run over an archive's entries with its report (ZIP
 * reading, the survey and Stride's own restore are modules of their own).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ArchiveImport, ArchiveProgress } from '../../core/activity/archive-api.ts';
import {
  ARCHIVE_MAX_ENTRIES,
  ARCHIVE_MESSAGES,
  classifyArchiveEntry,
  archiveRowNaming,
  manualActivityFromRow,
  manualRowLabel,
  ARCHIVE_CSV_NAME,
  printableEntryName,
  rowsByFilename,
  type ArchiveCsvRow,
} from '../../core/activity/archive-rules.ts';
import { describeManualActivity } from '../../core/activity/activity-edit.ts';
import { DATA_EXPORT_ENTRIES, DATA_EXPORT_FORMAT_VERSION } from '../../core/data-export.ts';
import type { UploadEvent } from '../../core/activity/schemas.ts';
import { applyArchiveNaming, insertActivityRows } from '../db/activity-repository.ts';
import {
  claimArchiveImport,
  findArchiveImport,
  findLatestArchiveImport,
  findManualActivityAt,
  findUnfinishedArchiveImport,
  finishArchiveImport,
  insertArchiveImport,
  listArchiveEntries,
  listHandledEntryKeys,
  listUnfinishedArchiveImports,
  recordArchiveEntry,
  releaseArchiveLease,
  renewArchiveLease,
  setArchiveTotal,
  type ArchiveEntryRecord,
  type ArchiveImportRow,
} from '../db/archive-import-repository.ts';
import { conflict, notFound } from '../errors.ts';
import {
  ArchiveStop,
  countEntry,
  EntryRefusal,
  entriesOf,
  entryName,
  newBudget,
  openZip,
  spoolEntry,
  unpackNestedZip,
} from '../integrations/archive-zip.ts';
import type { SpooledFile } from '../spooled-file.ts';
import { importFiles, manualActivityRow } from './activity-import.ts';
import { addArchiveGear, putArchiveGear } from './gear-service.ts';
import { restoreStrideExport } from './archive-restore.ts';
import { surveyArchive, type ArchiveSurvey } from './archive-survey.ts';
import type { ServiceContext, WiringContext } from './service-context.ts';

export const ARCHIVE_IMPORT_QUEUE = 'archive-import';
/** How long a server holds an import without renewing (per entry) before another may take it on. */
export const DEFAULT_ARCHIVE_LEASE_MS = 60_000;
/** The reactions of "activities changed" follow every this many imported activities, and at the end. */
const CHANGE_BATCH = 100;
/** Live progress at most this often (the last state always goes out). */
const PROGRESS_INTERVAL_MS = 250;

export type ArchiveImportDeps = Pick<WiringContext, keyof ServiceContext | 'jobs' | 'importPool'> & {
  /** Archives and their spool files live under DATA_DIR/archives. */
  dataDir: string;
  leaseMs: number;
};

interface ArchiveJob {
  importId: string;
}

const MANIFEST_KEY = `stride:${DATA_EXPORT_ENTRIES.manifest}`;
const CSV_CAP_KEY = 'csv:capped';

function progressOf(row: ArchiveImportRow): ArchiveProgress {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status as ArchiveProgress['status'],
    total: row.total,
    done: row.done,
    imported: row.imported,
    duplicates: row.duplicates,
    refused: row.refused,
    message: row.message,
  };
}

export function createArchiveImports(deps: ArchiveImportDeps) {
  const { importPool: pool, jobs } = deps;
  const context: ServiceContext = deps;
  const { db, logger, clock, events } = context;
  const archiveDir = path.join(deps.dataDir, 'archives');

  async function publish(importId: string): Promise<void> {
    const row = await findArchiveImport(db, importId);
    if (row) {
      await events.publish(row.userId, { type: 'archive-import', progress: progressOf(row) });
    }
  }

  /** The runner's latest import with its per-file report; 404 with a sentence when there is none. */
  async function latest(userId: string): Promise<ArchiveImport> {
    const row = await findLatestArchiveImport(db, userId);
    if (!row) {
      throw notFound(ARCHIVE_MESSAGES.noneYet);
    }
    const entries = await listArchiveEntries(db, row.id);
    return {
      ...progressOf(row),
      entries: entries.map((entry) => ({
        name: entry.name,
        outcome: entry.outcome,
        message: entry.message,
        activityId: entry.activityId,
      })),
    };
  }

  /** 409 with a sentence while the runner has an import unfinished (one at a time). */
  async function ensureNoneRunning(userId: string): Promise<void> {
    if (await findUnfinishedArchiveImport(db, userId)) {
      throw conflict(ARCHIVE_MESSAGES.alreadyRunning);
    }
  }

  /** Where the route streams a new archive to. */
  async function newArchivePath(): Promise<string> {
    await mkdir(archiveDir, { recursive: true, mode: 0o700 });
    return path.join(archiveDir, `archive-${randomUUID()}.zip`);
  }

  /** Queues the import of an archive already on disk; the file is removed when it is refused. */
  async function start(
    userId: string,
    input: { filePath: string; fileName: string; fileSize: number; timeZone: string },
  ): Promise<ArchiveImport> {
    const id = randomUUID();
    const inserted = await insertArchiveImport(db, { id, userId, ...input });
    if (!inserted) {
      await rm(input.filePath, { force: true });
      throw conflict(ARCHIVE_MESSAGES.alreadyRunning);
    }
    await jobs.send(ARCHIVE_IMPORT_QUEUE, { importId: id } satisfies ArchiveJob);
    await publish(id);
    return latest(userId);
  }

  /** Sends a job for every unfinished import (a start-up: the imports a stopped server left). */
  async function resume(): Promise<void> {
    for (const { id } of await listUnfinishedArchiveImports(db)) {
      await jobs.send(ARCHIVE_IMPORT_QUEUE, { importId: id } satisfies ArchiveJob);
    }
  }

  async function run(row: ArchiveImportRow, signal: AbortSignal): Promise<'finished' | 'stopped'> {
    const handled = await listHandledEntryKeys(db, row.id);
    const spoolDir = path.join(archiveDir, `spool-${row.id}`);
    await mkdir(spoolDir, { recursive: true, mode: 0o700 });
    const budget = newBudget();
    let added: string[] = [];
    let lastPublished = 0;
    const flushChanges = async () => {
      if (added.length > 0) {
        const batch = added;
        added = [];
        await context.changes.changed({ userId: row.userId, source: 'upload', added: batch, timeZone: row.timeZone });
      }
    };
    const moved = async (force = false) => {
      await renewArchiveLease(db, row.id, new Date(clock.now() + deps.leaseMs));
      const now = performance.now();
      if (force || now - lastPublished >= PROGRESS_INTERVAL_MS) {
        lastPublished = now;
        await publish(row.id);
      }
    };

    /**
     * Marks an entry handled, in one transaction with what its row of activities.csv gives the
     * activity imported: its name, type and gear.
     */
    const mark = async (entry: ArchiveEntryRecord, csvRow?: ArchiveCsvRow) => {
      await db.transaction().execute(async (trx) => {
        let message = entry.message;
        if (csvRow && entry.activityId && entry.outcome === 'imported') {
          await applyArchiveNaming(trx, row.userId, entry.activityId, archiveRowNaming(csvRow));
          const { leftOut } = await putArchiveGear(trx, row.userId, {
            activityId: entry.activityId,
            gearName: csvRow.gear,
            now: new Date(clock.now()),
          });
          message = leftOut === null ? message : ARCHIVE_MESSAGES.gearLeftOut(leftOut);
        }
        await recordArchiveEntry(trx, row.id, { ...entry, message });
      });
      handled.add(entry.entryKey);
      if (entry.outcome === 'imported' && entry.activityId) {
        added.push(entry.activityId);
        if (added.length >= CHANGE_BATCH) {
          await flushChanges();
        }
      }
      await moved();
    };

    /**
     * One activity file through the upload path; its outcome for the report. A file whose track has
     * no times takes its start from its row of activities.csv.
     */
    const importEntry = async (
      file: SpooledFile,
      csvRow: ArchiveCsvRow | undefined,
    ): Promise<Pick<ArchiveEntryRecord, 'outcome' | 'message' | 'activityId'>> => {
      const last: { event?: Extract<UploadEvent, { kind: 'file' }> } = {};
      await importFiles(
        {
          db,
          userId: row.userId,
          fallbackTimeZone: row.timeZone,
          logger,
          clock,
          pool,
          signal,
          givenStart: csvRow?.startMs ?? null,
          emit: (event) => {
            if (event.kind === 'file' && (event.state === 'complete' || event.state === 'error')) {
              last.event = event;
            }
            return Promise.resolve();
          },
        },
        [file],
      );
      const result = last.event;
      if (!result) {
        throw new ArchiveStop('stopped');
      }
      if (result.state === 'error') {
        return { outcome: 'refused', message: `Not imported: ${result.message ?? ''}`.trim(), activityId: null };
      }
      return {
        outcome: result.duplicate ? 'duplicate' : 'imported',
        message: result.message ?? null,
        activityId: result.activityId ?? null,
      };
    };

    const seenFiles = new Set<string>();
    let csvByFile = new Map<string, ArchiveCsvRow>();
    const warn = (error: unknown, what: string) =>
      logger.warn({ err: error, importId: row.id }, `${what} was not read`);

    /** The entries of one ZIP (the archive, or a nested one at depth 1). */
    const walk = async (zipPath: string, depth: number, prefix: string): Promise<'done' | 'stopped'> => {
      const zip = await openZip(zipPath);
      try {
        let position = -1;
        for await (const entry of entriesOf(zip)) {
          position += 1;
          countEntry(budget);
          if (signal.aborted) {
            return 'stopped';
          }
          const name = entryName(entry);
          const key = printableEntryName(`${prefix}${position}:${name}`);
          const label = printableEntryName(
            depth === 0 ? name : `${prefix.split(':').slice(1).join(':').replace(/\/$/, '')}/${name}`,
          );
          const kind = classifyArchiveEntry(name, depth);
          if (kind.kind === 'activity') {
            seenFiles.add(name.toLowerCase());
          }
          if (
            kind.kind === 'ignored' ||
            kind.kind === 'csv' ||
            kind.kind === 'gear' ||
            kind.kind === 'manifest' ||
            handled.has(key)
          ) {
            continue;
          }
          const base = { entryKey: key, position, name: label };
          if (kind.kind === 'refused') {
            await mark({ ...base, outcome: 'refused', message: kind.message, activityId: null });
            continue;
          }
          if (kind.kind === 'nested-zip') {
            let nested: string;
            try {
              nested = await unpackNestedZip(zip, entry, spoolDir, budget);
            } catch (error) {
              if (error instanceof EntryRefusal) {
                await mark({ ...base, outcome: 'refused', message: error.message, activityId: null });
                continue;
              }
              throw error;
            }
            try {
              const inner = (await surveyArchive(nested, 1, warn)).activities;
              const current = await findArchiveImport(db, row.id);
              await setArchiveTotal(db, row.id, (current?.total ?? 0) + inner);
              if ((await walk(nested, 1, `${position}:${name}/`)) === 'stopped') {
                return 'stopped';
              }
            } catch (error) {
              if (error instanceof ArchiveStop) {
                throw error;
              }
              await mark({ ...base, outcome: 'refused', message: ARCHIVE_MESSAGES.entryDamaged, activityId: null });
            } finally {
              await rm(nested, { force: true });
            }
            continue;
          }
          let outcome: Pick<ArchiveEntryRecord, 'outcome' | 'message' | 'activityId'>;
          let file: SpooledFile | undefined;
          const csvRow = depth === 0 ? csvByFile.get(name.toLowerCase()) : undefined;
          try {
            file = await spoolEntry(zip, entry, name, kind.gzipped, spoolDir, budget);
            outcome = await importEntry(file, csvRow);
          } catch (error) {
            if (!(error instanceof EntryRefusal)) {
              throw error;
            }
            outcome = { outcome: 'refused', message: error.message, activityId: null };
          } finally {
            if (file) {
              await rm(file.path, { force: true });
            }
          }
          await mark({ ...base, ...outcome }, csvRow);
        }
        return 'done';
      } finally {
        zip.close();
      }
    };

    try {
      let survey: ArchiveSurvey;
      try {
        survey = await surveyArchive(row.filePath, 0, warn);
      } catch {
        await finish(row, 'failed', ARCHIVE_MESSAGES.notZip);
        return 'finished';
      }
      const { activities: total, manifest: found, gear, rows, csvCapped: capped } = survey;
      if (found !== null && found !== 'unreadable' && found.version <= DATA_EXPORT_FORMAT_VERSION) {
        await setArchiveTotal(db, row.id, found.activities + 1);
        await moved(true);
        const ended = await restoreStrideExport(
          { db, clock, row, signal, budget, handled, mark, moved: () => moved() },
          row.filePath,
        );
        await flushChanges();
        if (ended === 'stopped') {
          return 'stopped';
        }
        await finish(row, 'done', null);
        return 'finished';
      }
      if (found !== null && !handled.has(MANIFEST_KEY)) {
        // Not this server's layout: what any Strava-style archive holds is imported, and the report says so.
        await mark({
          entryKey: MANIFEST_KEY,
          position: 0,
          name: DATA_EXPORT_ENTRIES.manifest,
          outcome: 'refused',
          message:
            found === 'unreadable' ? ARCHIVE_MESSAGES.manifestUnreadable : ARCHIVE_MESSAGES.newerFormat(found.version),
          activityId: null,
        });
      }
      csvByFile = rowsByFilename(rows);
      // Stride's own export: its gear first, so the activities naming it find it whole.
      await addArchiveGear(db, row.userId, gear, new Date(clock.now()));
      const manualRows = rows.filter((csvRow) => csvRow.filename === '');
      await setArchiveTotal(db, row.id, total + manualRows.length);
      await moved(true);
      if ((await walk(row.filePath, 0, '')) === 'stopped') {
        await flushChanges();
        return 'stopped';
      }
      // Rows without a file: manual activities (the same checks as one typed in), once each.
      for (const csvRow of manualRows) {
        if (signal.aborted) {
          await flushChanges();
          return 'stopped';
        }
        const key = `csv:${csvRow.row}`;
        if (handled.has(key)) {
          continue;
        }
        await importManualRow(row, csvRow, key, handled, added);
        await moved();
      }
      // Rows naming a file the archive does not hold: said in the report.
      for (const csvRow of rows) {
        const key = `csv:${csvRow.row}`;
        if (csvRow.filename !== '' && !seenFiles.has(csvRow.filename.toLowerCase()) && !handled.has(key)) {
          await db.transaction().execute((trx) =>
            recordArchiveEntry(trx, row.id, {
              entryKey: key,
              position: ARCHIVE_MAX_ENTRIES + csvRow.row,
              name: csvRow.filename,
              outcome: 'refused',
              message: ARCHIVE_MESSAGES.missingFile,
              activityId: null,
            }),
          );
        }
      }
      if (capped && !handled.has(CSV_CAP_KEY)) {
        await mark({
          entryKey: CSV_CAP_KEY,
          position: ARCHIVE_MAX_ENTRIES,
          name: ARCHIVE_CSV_NAME,
          outcome: 'refused',
          message: ARCHIVE_MESSAGES.csvRowsCapped(
            capped.cap.toLocaleString('en-US'),
            capped.row.toLocaleString('en-US'),
          ),
          activityId: null,
        });
      }
      await flushChanges();
      const current = await findArchiveImport(db, row.id);
      const nothing = current && current.total === 0 && rows.length === 0;
      await finish(row, nothing ? 'failed' : 'done', nothing ? ARCHIVE_MESSAGES.noActivities : null);
      return 'finished';
    } catch (error) {
      if (error instanceof ArchiveStop && error.message !== 'stopped') {
        await flushChanges();
        await finish(row, 'failed', error.message);
        return 'finished';
      }
      if (signal.aborted) {
        await flushChanges().catch(() => undefined);
        return 'stopped';
      }
      throw error;
    } finally {
      await rm(spoolDir, { recursive: true, force: true });
    }
  }

  async function importManualRow(
    row: ArchiveImportRow,
    csvRow: ArchiveCsvRow,
    key: string,
    handled: Set<string>,
    added: string[],
  ): Promise<void> {
    const base = { entryKey: key, position: ARCHIVE_MAX_ENTRIES + csvRow.row, name: manualRowLabel(csvRow) };
    const input = manualActivityFromRow(csvRow, row.timeZone);
    const described = input.ok ? describeManualActivity(input.input, clock.now()) : input;
    let record: ArchiveEntryRecord;
    if (!described.ok) {
      record = { ...base, outcome: 'refused', message: described.message, activityId: null };
    } else {
      const existing = await findManualActivityAt(
        db,
        row.userId,
        described.record.startDate,
        described.record.distance,
      );
      record = existing
        ? { ...base, outcome: 'duplicate', message: null, activityId: existing.id }
        : { ...base, outcome: 'imported', message: null, activityId: randomUUID() };
    }
    await db.transaction().execute(async (trx) => {
      if (described.ok && record.outcome === 'imported' && record.activityId) {
        await insertActivityRows(
          trx,
          [{ row: manualActivityRow(record.activityId, row.userId, described.record), track: undefined }],
          undefined,
        );
        const { leftOut } = await putArchiveGear(trx, row.userId, {
          activityId: record.activityId,
          gearName: csvRow.gear,
          now: new Date(clock.now()),
        });
        record = leftOut === null ? record : { ...record, message: ARCHIVE_MESSAGES.gearLeftOut(leftOut) };
      }
      await recordArchiveEntry(trx, row.id, record);
    });
    handled.add(key);
    if (record.outcome === 'imported' && record.activityId) {
      added.push(record.activityId);
    }
  }

  async function finish(row: ArchiveImportRow, status: 'done' | 'failed', message: string | null): Promise<void> {
    await finishArchiveImport(db, row.id, { status, message, finishedAt: new Date(clock.now()) });
    await rm(row.filePath, { force: true });
    await publish(row.id);
    logger.info({ importId: row.id, userId: row.userId, status, message }, 'archive import finished');
  }

  jobs.define<ArchiveJob>({
    name: ARCHIVE_IMPORT_QUEUE,
    policy: 'standard',
    retryLimit: 3,
    retryDelaySeconds: 30,
    // An archive of thousands of files takes long; the lease, not this, tells a dead server's import.
    expireInSeconds: 6 * 60 * 60,
    handler: async ({ importId }, { signal }) => {
      const now = clock.now();
      const row = await claimArchiveImport(db, importId, new Date(now), new Date(now + deps.leaseMs));
      if (!row) {
        const current = await findArchiveImport(db, importId);
        if (current?.status === 'running' && current.leasedUntil) {
          // Another server holds it: look again once its lease would have run out.
          const wait = Math.max(current.leasedUntil.getTime() - now, 0) + 1000;
          return { data: { importId }, options: { startAfterMs: wait } };
        }
        return undefined;
      }
      const ended = await run(row, signal);
      if (ended === 'stopped') {
        await releaseArchiveLease(db, row.id);
      }
      return undefined;
    },
  });

  return { latest, ensureNoneRunning, newArchivePath, start, resume };
}

export type ArchiveImports = ReturnType<typeof createArchiveImports>;
