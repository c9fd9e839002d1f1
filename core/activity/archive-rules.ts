/**
 * The rules of importing a whole export archive: the ZIP of a Strava bulk export (`activities.csv`
 * plus `activities/*.gpx|.tcx|.fit`, each possibly `.gz`) or of a Garmin Connect export (its
 * `DI_CONNECT/…/UploadedFiles_*.zip`, a ZIP inside the ZIP holding the FIT files). Which entries
 * are activities, how `activities.csv` reads, the limits that stop a zip bomb, and every sentence
 * the per-file report says. Stride's own data export is laid out the same way; with its
 * `stride/manifest.json` it is put back whole from `stride/*` instead (server/services/archive-import.ts,
 * docs/data-export.md), and an older one without a manifest gives its gear from `stride/gear.json`.
 *
 * Its length is one concern: every rule and every sentence of the archive import (the survey, the
 * CSV reader, the zip-bomb limits, the report) in one place.
 */
import { formatNumber } from '../format.ts';
import { z } from 'zod';
import { DATA_EXPORT_ENTRIES, DATA_EXPORT_FORMAT_VERSION } from '../data-export.ts';
import { GEAR_LIMITS, gearInputSchema, type GearInput } from '../gear.ts';
import { manualActivitySchema, type ManualActivityInput } from './activity-edit.ts';
import type { UploadActivityType } from './parsed.ts';
import { activityTypeFromSport } from './sport-type.ts';
import { localDateTime } from './time-zone.ts';
import { ACTIVITY_FILE_FORMATS, GZIP_SUFFIX, MAX_UPLOAD_FILE_BYTES, type ActivityFileFormat } from './upload-rules.ts';

const GB = 1024 ** 3;

/** The archive as uploaded: several years of a runner's files fit well under it. */
export const ARCHIVE_MAX_BYTES = 4 * GB;
/** All entries together, unpacked (nested ZIPs and .gz counted by what they unpack to). */
export const ARCHIVE_MAX_UNPACKED_BYTES = 32 * GB;
/** Entries read, nested ones included. */
export const ARCHIVE_MAX_ENTRIES = 100_000;
/**
 * How many times its packed size an entry may unpack to. GPX and TCX shrink about 10-20× in a ZIP;
 * far beyond that is a bomb, stopped as the bytes flow, whatever the entry's header claims.
 */
export const ARCHIVE_MAX_ENTRY_RATIO = 100;
/** Below this many unpacked bytes the ratio is not judged (a tiny file's header alone skews it). */
export const ARCHIVE_RATIO_GRACE_BYTES = 1024 * 1024;
/** One activity file unpacked: the upload's own limit (spec §9, 50 MB). */
export const ARCHIVE_MAX_ENTRY_BYTES = MAX_UPLOAD_FILE_BYTES;
/** A ZIP inside the archive is opened (Garmin's UploadedFiles_*.zip); a ZIP inside that one is not. */
export const ARCHIVE_MAX_NESTING = 1;
/** activities.csv unpacks to at most this much (it is read as it unpacks, never whole). */
export const ARCHIVE_MAX_CSV_BYTES = 64 * 1024 * 1024;

export const ARCHIVE_CSV_NAME = 'activities.csv';

/** Rows of activities.csv without a file in the archive read from one archive, at most. */
export const ARCHIVE_MAX_CSV_ROWS_WITHOUT_FILE = 50_000;
/** Below this many, the cap does not depend on the archive's size (a runner of manual entries only). */
export const ARCHIVE_CSV_ROWS_FLOOR = 1_000;

/**
 * How many rows without a file in the archive (manual activities, files missing) activities.csv
 * may bring: twice the archive's entries, at least {@link ARCHIVE_CSV_ROWS_FLOOR}, at most
 * {@link ARCHIVE_MAX_CSV_ROWS_WITHOUT_FILE}. A small ZIP with a huge CSV is work for hours otherwise.
 */
export function archiveCsvRowCap(entryCount: number): number {
  return Math.min(ARCHIVE_MAX_CSV_ROWS_WITHOUT_FILE, Math.max(ARCHIVE_CSV_ROWS_FLOOR, entryCount * 2));
}

const count = (value: number) => formatNumber(value);

export const ARCHIVE_MESSAGES = {
  tooLarge: 'The archive is too large. Maximum size is 4 GB.',
  empty: 'No archive received: choose the ZIP of a Strava or Garmin export.',
  notZip: 'This file is not a ZIP archive: choose the ZIP of a Strava or Garmin export.',
  alreadyRunning: 'An archive import is already running. Please wait for it to finish, then try again.',
  noneYet: 'No archive has been imported yet.',
  tooManyEntries: `The archive holds more than ${count(ARCHIVE_MAX_ENTRIES)} files: Stride stopped there.`,
  unpacksTooLarge: `The archive unpacks to more than ${ARCHIVE_MAX_UNPACKED_BYTES / GB} GB: Stride stopped there.`,
  noActivities: 'No activities found in this archive: it holds neither activities.csv nor activity files.',
  /** Per entry, in the report beside its name. */
  pathOutside: 'Not imported: its name points outside the archive.',
  entryTooLarge: 'Not imported: it unpacks to more than 50MB, the most one activity file may have.',
  entryRatio: `Not imported: it unpacks to more than ${ARCHIVE_MAX_ENTRY_RATIO} times its packed size (a zip bomb).`,
  entryEmpty: 'Not imported: the file is empty (0 bytes).',
  entryDamaged: 'Not imported: it could not be unpacked from the archive (damaged).',
  gzipDamaged: 'Not imported: it could not be decompressed: it is not a complete gzip file.',
  nestedTooDeep: 'Not imported: a ZIP inside a ZIP inside the archive is not opened.',
  encrypted: 'Not imported: the file is encrypted.',
  csvTooLarge: 'activities.csv is larger than 64 MB: names, types and manual activities were not read from it.',
  /** A row of activities.csv without a file, which becomes a manual activity. */
  rowNoDate: 'Not imported: its Activity Date is missing or not a date.',
  rowNoDistance: 'Not imported: an activity without a file needs a distance and a moving time.',
  rowInvalid: (reason: string) => `Not imported: ${reason}`,
  missingFile: 'Not imported: activities.csv names this file, but the archive does not hold it.',
  csvRowsCapped: (cap: string, row: string) =>
    `Not imported from row ${row} on: activities.csv holds more than ${cap} rows without a file in this archive, the most Stride reads from one archive.`,
  /** Stride's own export (stride/manifest.json, core/data-export.ts). */
  newerFormat: (version: number) =>
    `Made by a newer Stride (data format ${version}; this server reads format ${DATA_EXPORT_FORMAT_VERSION}): only its activity files and activities.csv were imported. Update Stride to import the rest.`,
  manifestUnreadable: 'Not imported: stride/manifest.json is not a Stride data export manifest.',
  recordsUnreadable: 'Not imported: stride/records.json does not hold Stride records this server can read.',
  activityUnreadable: 'Not imported: this line of stride/activities.json is not an activity this server can read.',
  gearLeftOut: (names: string) =>
    `Imported without the gear ${names}: you already keep ${GEAR_LIMITS.maxGear} pieces of gear, the most allowed.`,
} as const;

/** What the report says of each entry. */
export const ARCHIVE_OUTCOMES = ['imported', 'duplicate', 'refused'] as const;
export type ArchiveOutcome = (typeof ARCHIVE_OUTCOMES)[number];

export type ArchiveEntryKind =
  | { kind: 'activity'; format: ActivityFileFormat; gzipped: boolean }
  | { kind: 'csv' }
  | { kind: 'gear' }
  | { kind: 'manifest' }
  | { kind: 'nested-zip' }
  | { kind: 'ignored' }
  | { kind: 'refused'; message: string };

/**
 * A name that would leave the folder it is unpacked into: absolute ("/etc/x", "C:\x", "\\host"),
 * or with a ".." segment. ZIPs written on Windows use backslashes as well.
 */
export function isUnsafeEntryName(name: string): boolean {
  const normal = name.replaceAll('\\', '/');
  if (normal.startsWith('/') || /^[a-zA-Z]:/.test(normal) || normal.includes('\0')) {
    return true;
  }
  return normal.split('/').some((segment) => segment === '..');
}

/**
 * An entry's name as the report shows it: bytes that were not UTF-8 are already U+FFFD, and
 * control characters (NUL among them, which the database cannot store) become U+FFFD too.
 */
export function printableEntryName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  return name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');
}

function activityFormat(name: string): { format: ActivityFileFormat; gzipped: boolean } | null {
  const lower = name.toLowerCase();
  const gzipped = lower.endsWith(GZIP_SUFFIX);
  const bare = gzipped ? lower.slice(0, -GZIP_SUFFIX.length) : lower;
  const format = ACTIVITY_FILE_FORMATS.find((candidate) => bare.endsWith(`.${candidate}`));
  return format ? { format, gzipped } : null;
}

/**
 * What an entry of the archive is. `depth` is 0 for the archive's own entries and 1 inside a nested
 * ZIP (where every activity file counts, wherever it sits).
 */
export function classifyArchiveEntry(name: string, depth = 0): ArchiveEntryKind {
  if (isUnsafeEntryName(name)) {
    return { kind: 'refused', message: ARCHIVE_MESSAGES.pathOutside };
  }
  const normal = name.replaceAll('\\', '/');
  if (normal.endsWith('/')) {
    return { kind: 'ignored' };
  }
  const lower = normal.toLowerCase();
  const base = lower.split('/').at(-1) ?? '';
  if (lower.endsWith('.zip')) {
    const garmin = lower.startsWith('di_connect/') && base.startsWith('uploadedfiles_');
    if (!garmin) {
      return { kind: 'ignored' };
    }
    return depth < ARCHIVE_MAX_NESTING
      ? { kind: 'nested-zip' }
      : { kind: 'refused', message: ARCHIVE_MESSAGES.nestedTooDeep };
  }
  if (depth === 0 && lower === ARCHIVE_CSV_NAME) {
    return { kind: 'csv' };
  }
  if (depth === 0 && lower === DATA_EXPORT_ENTRIES.gear) {
    return { kind: 'gear' };
  }
  if (depth === 0 && lower === DATA_EXPORT_ENTRIES.manifest) {
    return { kind: 'manifest' };
  }
  const format = activityFormat(base);
  if (!format) {
    return { kind: 'ignored' };
  }
  // Strava keeps the files under activities/; Garmin's nested ZIP holds them anywhere.
  if (depth === 0 && !lower.startsWith('activities/')) {
    return { kind: 'ignored' };
  }
  return { kind: 'activity', ...format };
}

/** The stored name of an activity entry: its last segment without `.gz` ("activities/12.fit.gz" → "12.fit"). */
export function archiveFileName(entryName: string): string {
  const base = entryName.replaceAll('\\', '/').split('/').at(-1) ?? entryName;
  return base.toLowerCase().endsWith(GZIP_SUFFIX) ? base.slice(0, -GZIP_SUFFIX.length) : base;
}

/** Whether an entry unpacked so far has passed the ratio limit (judged as the bytes flow). */
export function exceedsEntryRatio(unpackedBytes: number, packedBytes: number): boolean {
  return (
    unpackedBytes > ARCHIVE_RATIO_GRACE_BYTES && unpackedBytes > Math.max(packedBytes, 1) * ARCHIVE_MAX_ENTRY_RATIO
  );
}

// ---------------------------------------------------------------------------------------------
// activities.csv

/** One row of activities.csv, with the columns Stride reads (unknown columns are ignored). */
export interface ArchiveCsvRow {
  /** 1-based row number after the header, for the report ("activities.csv row 3"). */
  row: number;
  activityId: string;
  /** ms since epoch (UTC), null when missing or unreadable. */
  startMs: number | null;
  name: string;
  /** Strava's type as written ("Run", "Ride", "Yoga"). */
  type: string;
  elapsedTime: number | null;
  /** Metres (the CSV's first Distance column is kilometres). */
  distance: number | null;
  movingTime: number | null;
  description: string;
  privateNotes: string;
  /** Metres climbed; null when blank. */
  elevationGain: number | null;
  /** "activities/<id>.<ext>" as in the archive, or "" for an activity without a file. */
  filename: string;
  gear: string;
}

/**
 * RFC 4180 records read a piece at a time (quoted fields hold commas, doubled quotes and line
 * breaks): `push` gives the records each piece completes, `end` the last one. Blank records are
 * left out. A record cut between two pieces is held until the next, so memory is one record.
 */
export function createCsvRecordReader() {
  let record: string[] = [];
  let field = '';
  let quoted = false;
  /** A quote inside a quoted field whose next character (a second quote, or not) is still to come. */
  let pendingQuote = false;
  /** A CR whose LF may open the next piece. */
  let afterCr = false;
  let started = false;
  const out: string[][] = [];
  const endRecord = () => {
    record.push(field);
    field = '';
    if (record.some((value) => value.trim() !== '')) {
      out.push(record);
    }
    record = [];
  };
  return {
    push(text: string): string[][] {
      let index = 0;
      if (!started && text.length > 0) {
        started = true;
        index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
      }
      for (; index < text.length; index += 1) {
        const char = text[index] as string;
        if (afterCr) {
          afterCr = false;
          if (char === '\n') {
            continue;
          }
        }
        if (pendingQuote) {
          pendingQuote = false;
          if (char === '"') {
            field += '"';
            continue;
          }
          quoted = false;
        }
        if (quoted) {
          if (char === '"') {
            pendingQuote = true;
          } else {
            field += char;
          }
        } else if (char === '"') {
          quoted = true;
        } else if (char === ',') {
          record.push(field);
          field = '';
        } else if (char === '\n' || char === '\r') {
          endRecord();
          afterCr = char === '\r';
        } else {
          field += char;
        }
      }
      return out.splice(0);
    },
    end(): string[][] {
      if (field !== '' || record.length > 0) {
        endRecord();
      }
      return out.splice(0);
    },
  };
}

/** RFC 4180 records of a whole text (see {@link createCsvRecordReader}). */
export function parseCsvRecords(text: string): string[][] {
  const reader = createCsvRecordReader();
  return [...reader.push(text), ...reader.end()];
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Strava's "Activity Date", in UTC: "Nov 26, 2026, 7:00:00 AM" (older exports omit the second
 * comma); an ISO "2026-11-26 07:00:00" is read too. Null when it is neither.
 */
export function parseStravaDate(value: string): number | null {
  const text = value.trim();
  const strava = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2}):(\d{2}) ?([AP]M)$/i.exec(text);
  if (strava) {
    const [, monthName, day, year, hour, minute, second, half] = strava as unknown as string[];
    const month = MONTHS.indexOf((monthName ?? '').toLowerCase());
    let hours = Number(hour);
    if (month < 0 || hours < 1 || hours > 12) {
      return null;
    }
    hours = (hours % 12) + ((half ?? '').toUpperCase() === 'PM' ? 12 : 0);
    return checkedUtc(Number(year), month, Number(day), hours, Number(minute), Number(second));
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})Z?$/.exec(text);
  if (iso) {
    const [, year, month, day, hours, minute, second] = iso.map(Number);
    return checkedUtc(year ?? 0, (month ?? 0) - 1, day ?? 0, hours ?? 0, minute ?? 0, second ?? 0);
  }
  return null;
}

function checkedUtc(year: number, month: number, day: number, hours: number, minutes: number, seconds: number) {
  const ms = Date.UTC(year, month, day, hours, minutes, seconds);
  const date = new Date(ms);
  const valid =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month &&
    date.getUTCDate() === day &&
    minutes < 60 &&
    seconds < 60;
  return valid ? ms : null;
}

/** A number as Strava writes it ("1,234.5" in some locales' exports is "1234.5"); null when blank. */
function csvNumber(value: string | undefined): number | null {
  const text = (value ?? '').trim().replaceAll(',', '');
  if (text === '') {
    return null;
  }
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/**
 * The rows of activities.csv read a record at a time: the first record is the header, each later
 * one a row (see {@link parseActivitiesCsv}). Null until the header came; a header without an
 * "Activity ID" column reads no rows.
 */
export function createActivitiesCsvReader() {
  let columns: Record<
    | 'id'
    | 'date'
    | 'name'
    | 'type'
    | 'description'
    | 'notes'
    | 'elapsed'
    | 'distance'
    | 'moving'
    | 'elevation'
    | 'filename'
    | 'gear',
    number
  > | null = null;
  let usable = false;
  let count = 0;
  const cell = (fields: readonly string[], index: number) => (index < 0 ? '' : (fields[index] ?? '')).trim();
  return {
    /** The row of a record, or null (the header, or any record of a file without "Activity ID"). */
    read(fields: readonly string[]): ArchiveCsvRow | null {
      if (columns === null) {
        const column = (name: string) => fields.findIndex((title) => title.trim().toLowerCase() === name.toLowerCase());
        columns = {
          id: column('Activity ID'),
          date: column('Activity Date'),
          name: column('Activity Name'),
          type: column('Activity Type'),
          description: column('Activity Description'),
          notes: column('Activity Private Note'),
          elapsed: column('Elapsed Time'),
          distance: column('Distance'),
          moving: column('Moving Time'),
          elevation: column('Elevation Gain'),
          filename: column('Filename'),
          gear: column('Activity Gear'),
        };
        usable = columns.id >= 0;
        return null;
      }
      if (!usable) {
        return null;
      }
      count += 1;
      const distanceKm = csvNumber(cell(fields, columns.distance));
      return {
        row: count,
        activityId: cell(fields, columns.id),
        startMs: parseStravaDate(cell(fields, columns.date)),
        name: cell(fields, columns.name),
        type: cell(fields, columns.type),
        // Free text keeps its line breaks; only the edges are trimmed.
        description: cell(fields, columns.description),
        privateNotes: cell(fields, columns.notes),
        elapsedTime: csvNumber(cell(fields, columns.elapsed)),
        distance: distanceKm === null ? null : Math.round(distanceKm * 1000 * 10) / 10,
        movingTime: csvNumber(cell(fields, columns.moving)),
        elevationGain: csvNumber(cell(fields, columns.elevation)),
        filename: cell(fields, columns.filename).replaceAll('\\', '/'),
        gear: cell(fields, columns.gear),
      };
    },
  };
}

/**
 * The rows of activities.csv. Strava repeats some headers ("Distance" in km, then in metres;
 * "Elapsed Time" twice): the first of each is read. A file without an "Activity ID" header holds no rows.
 */
export function parseActivitiesCsv(text: string): ArchiveCsvRow[] {
  const reader = createActivitiesCsvReader();
  return parseCsvRecords(text).flatMap((fields) => reader.read(fields) ?? []);
}

/** The Stride type of a CSV row's "Activity Type": the file's own sport words, else "other". */
export function archiveRowType(row: Pick<ArchiveCsvRow, 'type'>): UploadActivityType {
  return activityTypeFromSport(row.type) ?? 'other';
}

/**
 * What a row of activities.csv gives the activity of the file it names: its name, and its type when
 * the row has one (as {@link archiveRowType}: Strava's "Workout" or "Yoga" is "other", whatever the
 * file's sport says). A blank cell leaves the file's own.
 */
export function archiveRowNaming(row: Pick<ArchiveCsvRow, 'name' | 'type'>): {
  name?: string;
  type?: UploadActivityType;
} {
  return {
    ...(row.name === '' ? {} : { name: row.name }),
    ...(row.type === '' ? {} : { type: archiveRowType(row) }),
  };
}

/** The report's name for a row without a file: "activities.csv row 3 (Evening Swim)". */
export function manualRowLabel(row: Pick<ArchiveCsvRow, 'row' | 'name'>): string {
  return row.name === '' ? `${ARCHIVE_CSV_NAME} row ${row.row}` : `${ARCHIVE_CSV_NAME} row ${row.row} (${row.name})`;
}

/**
 * A row without a file as a manual activity: its name, type, distance, moving and elapsed time,
 * description and private notes, and its date (UTC in the CSV) on the runner's wall clock in `timeZone`. The same checks as a
 * manual activity typed in by hand.
 */
export function manualActivityFromRow(
  row: ArchiveCsvRow,
  timeZone: string,
): { ok: true; input: ManualActivityInput } | { ok: false; message: string } {
  if (row.startMs === null) {
    return { ok: false, message: ARCHIVE_MESSAGES.rowNoDate };
  }
  if (!row.distance || !row.movingTime || row.distance <= 0 || row.movingTime <= 0) {
    return { ok: false, message: ARCHIVE_MESSAGES.rowNoDistance };
  }
  const movingTime = Math.round(row.movingTime);
  const elapsed = row.elapsedTime === null ? null : Math.round(row.elapsedTime);
  const parsed = manualActivitySchema.safeParse({
    ...(row.name === '' ? {} : { name: row.name }),
    type: archiveRowType(row),
    distance: row.distance,
    movingTime,
    ...(elapsed !== null && elapsed >= movingTime ? { elapsedTime: elapsed } : {}),
    startDateLocal: localDateTime(row.startMs, timeZone).slice(0, 19),
    timeZone,
    ...(row.description === '' ? {} : { description: row.description }),
    ...(row.privateNotes === '' ? {} : { privateNotes: row.privateNotes }),
  });
  if (!parsed.success) {
    return { ok: false, message: ARCHIVE_MESSAGES.rowInvalid(parsed.error.issues[0]?.message ?? 'invalid row') };
  }
  return { ok: true, input: parsed.data };
}

/** The CSV rows keyed by the archive entry they name ("activities/12.gpx.gz"), lower-cased. */
export function rowsByFilename(rows: readonly ArchiveCsvRow[]): Map<string, ArchiveCsvRow> {
  const byName = new Map<string, ArchiveCsvRow>();
  for (const row of rows) {
    if (row.filename !== '') {
      byName.set(row.filename.toLowerCase(), row);
    }
  }
  return byName;
}

/** A gear of Stride's own export (`stride/gear.json`), as the import adds it. */
export type ArchiveGear = GearInput & { retired: boolean };

const archiveGearFields = gearInputSchema.extend({ retired: z.boolean() });

/**
 * The gear of `stride/gear.json`: each item's name, kind, brand, model, first day, starting and
 * retirement distances and whether retired (its id, figures and defaults are not taken). An item
 * that is not a valid gear is left out, and so is all of a file that is not such a list; at most as
 * many as a runner may keep.
 */
export function parseArchiveGear(text: string): ArchiveGear[] {
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(items)) {
    return [];
  }
  const gear: ArchiveGear[] = [];
  for (const item of items as unknown[]) {
    if (typeof item !== 'object' || item === null) {
      continue;
    }
    const { kind, name, brand, model, startDate, startingDistance, retirementDistance, retired } = item as Record<
      string,
      unknown
    >;
    const parsed = archiveGearFields.safeParse({
      kind,
      name,
      brand,
      model,
      startDate,
      startingDistance,
      retirementDistance,
      retired: retired ?? false,
    });
    if (parsed.success) {
      gear.push(parsed.data);
    }
  }
  return gear.slice(0, GEAR_LIMITS.maxGear);
}

/** The live line of the upload screen: "1,240 of 3,812 files, 3 refused". */
export interface ArchiveProgress {
  done: number;
  total: number;
  refused: number;
}

/**
 * The archive import's screen (reached from the upload dialog). Counts come already formatted for
 * the reader's locale ("1,240").
 */
export const ARCHIVE_SCREEN_TEXTS = {
  openHint: 'A whole Strava or Garmin export?',
  open: 'Import an export archive',
  title: 'Import an export archive',
  intro:
    'Choose the ZIP of a Strava or Garmin Connect export, or of Stride’s own data export. Every activity in it is imported; files already here are skipped as duplicates.',
  choose: 'Choose a ZIP',
  fileLabel: 'Export archive',
  start: 'Import',
  sending: (percent: string) => `Sending the archive: ${percent}%`,
  queued: 'Waiting for its turn…',
  progress: (done: string, total: string, refused: string) => `${done} of ${total} files, ${refused} refused`,
  seeWhy: 'see why',
  hideWhy: 'hide',
  finished: (imported: string, duplicates: string, refused: string) =>
    `Import finished: ${imported} imported, ${duplicates} duplicates, ${refused} refused.`,
  refusedList: 'Files not imported',
  again: 'Import another',
} as const;
