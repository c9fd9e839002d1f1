/**
 * Stride's own export put back whole (docs/data-export.md), a part of the archive import
 * (archive-import.ts): the records (stride/records.json) and photo first, then each line of
 * stride/activities.json as it was stored, with its track and original file. An activity the
 * runner has already (the same Strava activity, file, or start and distance) is a duplicate; each
 * activity's insert commits with its report row, so a resumed import takes up where it stopped.
 */
import { createHash, randomUUID } from 'node:crypto';
import { ARCHIVE_MAX_CSV_BYTES, ARCHIVE_MAX_ENTRY_BYTES, ARCHIVE_MESSAGES } from '../../core/activity/archive-rules.ts';
import { GZIP_SUFFIX } from '../../core/activity/upload-rules.ts';
import { DATA_EXPORT_ENTRIES } from '../../core/data-export.ts';
import {
  listArchiveEntries,
  recordArchiveEntry,
  type ArchiveEntryRecord,
  type ArchiveImportRow,
} from '../db/archive-import-repository.ts';
import type { Db } from '../db/db.ts';
import {
  exportedActivitySchema,
  findSameActivity,
  insertExportedActivity,
  linkDuplicate,
} from '../db/exported-activity-repository.ts';
import { restoreRunnerRecords, runnerRecordsSchema, type RunnerRecords } from '../db/runner-records-repository.ts';
import type { Clock } from '../clock.ts';
import {
  ArchiveStop,
  countEntry,
  entriesOf,
  entryName,
  openZip,
  readEntryBytes,
  streamEntry,
  type Budget,
  type ZipEntry,
  type ZipFile,
} from '../integrations/archive-zip.ts';
import { restoreProfilePhoto } from './profile-photo-service.ts';

/** The report's key of an activity of stride/activities.json: its id where it was exported. */
export const ACTIVITY_KEY = 'stride:activity:';

/** What the restore shares with the import that runs it. */
export interface StrideRestore {
  db: Db;
  clock: Clock;
  row: ArchiveImportRow;
  signal: AbortSignal;
  /** The archive's running totals (entries and unpacked bytes). */
  budget: Budget;
  /** The report keys of the entries handled so far (a resumed import skips them). */
  handled: Set<string>;
  /** Marks an entry handled, with its outcome for the report. */
  mark: (entry: ArchiveEntryRecord) => Promise<void>;
  /** Renews the lease and sends live progress. */
  moved: () => Promise<void>;
}

/** A UUID that is the same for the same import and exported id (a resumed import makes the same). */
function sameUuid(importId: string, exportedId: string): string {
  const hex = createHash('sha256').update(`${importId}:${exportedId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Stride's own export, put back whole: the records (stride/records.json) and photo first, then
 * each line of stride/activities.json as it was stored, with its track and original file; an
 * activity the runner has already (the same Strava activity, file, or start and distance) is a
 * duplicate. Each activity's insert commits with its report row.
 */
export async function restoreStrideExport(run: StrideRestore, zipPath: string): Promise<'done' | 'stopped'> {
  const { db, clock, row, signal, budget, handled, mark, moved } = run;
  const readBytes = (zip: ZipFile, entry: ZipEntry, limit: number): Promise<Buffer> =>
    readEntryBytes(zip, entry, budget, limit, ARCHIVE_MESSAGES.entryTooLarge);
  const zip = await openZip(zipPath);
  try {
    const entries = new Map<string, ZipEntry>();
    for await (const entry of entriesOf(zip)) {
      countEntry(budget);
      entries.set(entryName(entry), entry);
    }
    const now = () => new Date(clock.now());
    let gearIds = new Map<string, string>();
    const recordsEntry = entries.get(DATA_EXPORT_ENTRIES.records);
    if (recordsEntry) {
      const key = `stride:${DATA_EXPORT_ENTRIES.records}`;
      const base = { entryKey: key, position: 0, name: DATA_EXPORT_ENTRIES.records };
      let records: RunnerRecords | null = null;
      try {
        const text = (await readBytes(zip, recordsEntry, ARCHIVE_MAX_CSV_BYTES)).toString('utf8');
        const parsed = runnerRecordsSchema.safeParse(JSON.parse(text));
        records = parsed.success ? parsed.data : null;
      } catch (error) {
        if (error instanceof ArchiveStop) {
          throw error;
        }
      }
      if (records === null) {
        await mark({ ...base, outcome: 'refused', message: ARCHIVE_MESSAGES.recordsUnreadable, activityId: null });
      } else {
        const restored = records;
        // Put back on every run (nothing doubles), so a resumed import maps the gear again.
        const result = await db.transaction().execute(async (trx) => {
          const done = await restoreRunnerRecords(trx, row.userId, restored, now());
          await recordArchiveEntry(trx, row.id, {
            ...base,
            outcome: done.added > 0 ? 'imported' : 'duplicate',
            message: done.gearLeftOut.length > 0 ? ARCHIVE_MESSAGES.gearLeftOut(done.gearLeftOut.join(', ')) : null,
            activityId: null,
          });
          return done;
        });
        handled.add(key);
        gearIds = result.gearIds;
        const photo = entries.get(DATA_EXPORT_ENTRIES.photo);
        if (restored.photo && photo) {
          await restoreProfilePhoto(db, row.userId, await readBytes(zip, photo, ARCHIVE_MAX_ENTRY_BYTES), now());
        }
        await moved();
      }
    }
    const activitiesEntry = entries.get(DATA_EXPORT_ENTRIES.activities);
    if (!activitiesEntry) {
      return 'done';
    }
    // The new ids of activities handled before (a resumed import), for the links between them.
    const ids = new Map<string, string>();
    for (const entry of await listArchiveEntries(db, row.id)) {
      if (entry.entryKey.startsWith(ACTIVITY_KEY) && entry.activityId) {
        ids.set(entry.entryKey.slice(ACTIVITY_KEY.length), entry.activityId);
      }
    }
    const laterLinks: { id: string; duplicateOf: string }[] = [];
    const restoreLine = async (line: string, index: number) => {
      const text = line.trim().replace(/,$/, '');
      if (text === '' || text === '[' || text === ']') {
        return;
      }
      let parsed: ReturnType<typeof exportedActivitySchema.safeParse>;
      try {
        parsed = exportedActivitySchema.safeParse(JSON.parse(text));
      } catch {
        parsed = exportedActivitySchema.safeParse(null);
      }
      const position = index + 1;
      if (!parsed.success) {
        const key = `stride:line:${position}`;
        if (!handled.has(key)) {
          await mark({
            entryKey: key,
            position,
            name: `${DATA_EXPORT_ENTRIES.activities} line ${position}`,
            outcome: 'refused',
            message: ARCHIVE_MESSAGES.activityUnreadable,
            activityId: null,
          });
        }
        return;
      }
      const activity = parsed.data;
      const key = `${ACTIVITY_KEY}${activity.id}`;
      if (handled.has(key)) {
        return;
      }
      const base = { entryKey: key, position, name: activity.file ?? `${activity.name} (${activity.startDate})` };
      const existing = await findSameActivity(db, row.userId, activity);
      if (existing) {
        ids.set(activity.id, existing.id);
        await mark({ ...base, outcome: 'duplicate', message: null, activityId: existing.id });
        return;
      }
      const trackAt = activity.track ? entries.get(activity.track) : undefined;
      // An original kept as it was stored; a multisport file only with the leg that held it.
      const ownFile = activity.file?.startsWith(`activities/${activity.id}.`) && activity.file.endsWith(GZIP_SUFFIX);
      const fileAt = ownFile && activity.file ? entries.get(activity.file) : undefined;
      const track = trackAt ? await readBytes(zip, trackAt, ARCHIVE_MAX_ENTRY_BYTES) : undefined;
      const file = fileAt ? await readBytes(zip, fileAt, ARCHIVE_MAX_ENTRY_BYTES) : undefined;
      const id = randomUUID();
      const duplicateOf = activity.duplicateOf === null ? null : (ids.get(activity.duplicateOf) ?? null);
      if (activity.duplicateOf !== null && duplicateOf === null) {
        laterLinks.push({ id, duplicateOf: activity.duplicateOf });
      }
      await db.transaction().execute(async (trx) => {
        await insertExportedActivity(trx, {
          id,
          userId: row.userId,
          activity,
          links: {
            gearId: activity.gearId === null ? null : (gearIds.get(activity.gearId) ?? null),
            // The legs of one file share a new id, the same on a resumed run.
            multisportId: activity.multisportId === null ? null : sameUuid(row.id, activity.multisportId),
            duplicateOf,
          },
          track,
          file,
        });
        // Its report row commits with it; the mark below then only counts it as handled.
        await recordArchiveEntry(trx, row.id, { ...base, outcome: 'imported', message: null, activityId: id });
      });
      ids.set(activity.id, id);
      await mark({ ...base, outcome: 'imported', message: null, activityId: id });
    };
    const { source, unpacked } = await streamEntry(
      zip,
      activitiesEntry,
      budget,
      Number.MAX_SAFE_INTEGER,
      ARCHIVE_MESSAGES.entryTooLarge,
    );
    let rest = '';
    let index = 0;
    for await (const chunk of unpacked) {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (signal.aborted) {
          source.destroy();
          return 'stopped';
        }
        await restoreLine(line, index);
        index += 1;
      }
    }
    await restoreLine(rest, index);
    for (const link of laterLinks) {
      const target = ids.get(link.duplicateOf);
      if (target) {
        await linkDuplicate(db, row.userId, link.id, target);
      }
    }
    return 'done';
  } finally {
    zip.close();
  }
}
