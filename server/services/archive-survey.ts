/**
 * What an export archive holds, read before any entry is imported (archive-import.ts): its
 * activity entries counted from the central directory, Stride's manifest and gear, and the rows of
 * activities.csv. activities.csv is read as it unpacks, a piece at a time (never whole in memory):
 * the rows naming a file the archive holds, and at most archiveCsvRowCap rows naming none (manual
 * activities, or files missing); past that cap it stops reading, and the report says so once.
 */
import {
  ARCHIVE_MAX_CSV_BYTES,
  ARCHIVE_MESSAGES,
  archiveCsvRowCap,
  classifyArchiveEntry,
  createActivitiesCsvReader,
  createCsvRecordReader,
  parseArchiveGear,
  type ArchiveCsvRow,
  type ArchiveGear,
} from '../../core/activity/archive-rules.ts';
import { dataExportManifestSchema, type DataExportManifest } from '../../core/data-export.ts';
import {
  entriesOf,
  entryName,
  newBudget,
  openZip,
  readEntryText,
  streamEntry,
  type ZipEntry,
  type ZipFile,
} from '../integrations/archive-zip.ts';

const MANIFEST_MAX_BYTES = 64 * 1024;

export interface ArchiveSurvey {
  /** The activity entries, refused ones included (nested ZIPs are counted when they are reached). */
  activities: number;
  /** Stride's manifest; 'unreadable' when the entry is not one, null when there is none. */
  manifest: DataExportManifest | 'unreadable' | null;
  gear: ArchiveGear[];
  rows: ArchiveCsvRow[];
  /** Where activities.csv stopped being read: past the cap of rows without a file. */
  csvCapped: { cap: number; row: number } | null;
}

/** The manifest of Stride's own export; 'unreadable' when the entry is not one. */
function readManifest(text: string): DataExportManifest | 'unreadable' {
  try {
    const parsed = dataExportManifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/**
 * Surveys the ZIP at `zipPath` (the archive at depth 0, or a nested one at depth 1). A gear file or
 * activities.csv that cannot be read is left out and told to `warn`; a file that is no ZIP throws.
 */
export async function surveyArchive(
  zipPath: string,
  depth: number,
  warn: (error: unknown, what: string) => void,
): Promise<ArchiveSurvey> {
  const survey: ArchiveSurvey = { activities: 0, manifest: null, gear: [], rows: [], csvCapped: null };
  const zip = await openZip(zipPath);
  let csvEntry: ZipEntry | undefined;
  const files = new Set<string>();
  try {
    for await (const entry of entriesOf(zip)) {
      const kind = classifyArchiveEntry(entryName(entry), depth);
      if (kind.kind === 'activity') {
        files.add(entryName(entry).toLowerCase());
      }
      if (kind.kind === 'activity' || kind.kind === 'refused') {
        survey.activities += 1;
      } else if (kind.kind === 'csv') {
        csvEntry = entry;
      } else if (kind.kind === 'manifest') {
        survey.manifest = readManifest(
          await readEntryText(zip, entry, newBudget(), MANIFEST_MAX_BYTES).catch(() => ''),
        );
      } else if (kind.kind === 'gear') {
        try {
          survey.gear = parseArchiveGear(await readEntryText(zip, entry, newBudget(), ARCHIVE_MAX_CSV_BYTES));
        } catch (error) {
          warn(error, 'stride/gear.json');
          survey.gear = [];
        }
      }
    }
    if (csvEntry) {
      try {
        await readCsvRows(zip, csvEntry, files, survey);
      } catch (error) {
        warn(error, 'activities.csv');
        survey.rows = [];
      }
    }
  } finally {
    zip.close();
  }
  return survey;
}

/** Reads activities.csv into the survey's rows, up to the cap of rows naming no file the archive holds. */
async function readCsvRows(zip: ZipFile, entry: ZipEntry, files: Set<string>, survey: ArchiveSurvey): Promise<void> {
  const cap = archiveCsvRowCap(zip.entryCount);
  const records = createCsvRecordReader();
  const reader = createActivitiesCsvReader();
  const decoder = new TextDecoder('utf-8');
  let withoutFile = 0;
  const take = (fields: readonly string[]): boolean => {
    const csvRow = reader.read(fields);
    if (csvRow === null) {
      return true;
    }
    if (csvRow.filename === '' || !files.has(csvRow.filename.toLowerCase())) {
      withoutFile += 1;
      if (withoutFile > cap) {
        survey.csvCapped = { cap, row: csvRow.row };
        return false;
      }
    }
    survey.rows.push(csvRow);
    return true;
  };
  const { source, unpacked } = await streamEntry(
    zip,
    entry,
    newBudget(),
    ARCHIVE_MAX_CSV_BYTES,
    ARCHIVE_MESSAGES.csvTooLarge,
  );
  try {
    for await (const chunk of unpacked) {
      if (!records.push(decoder.decode(chunk, { stream: true })).every(take)) {
        return;
      }
    }
    if (records.push(decoder.decode()).every(take)) {
      records.end().every(take);
    }
  } finally {
    source.destroy();
    unpacked.destroy();
  }
}
