/**
 * Reading ZIP archives (yauzl), one entry at a time: the central directory first, then each
 * entry's bytes streamed, the zip-bomb limits (core/activity/archive-rules.ts) enforced on the
 * bytes as they flow, not on the headers. An entry that cannot be read is refused alone
 * (EntryRefusal); an archive that unpacks to too much, or holds too many entries, stops whole
 * (ArchiveStop).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import yauzl from 'yauzl';
import {
  ARCHIVE_MAX_ENTRIES,
  ARCHIVE_MAX_ENTRY_BYTES,
  ARCHIVE_MAX_UNPACKED_BYTES,
  ARCHIVE_MESSAGES,
  archiveFileName,
  exceedsEntryRatio,
  printableEntryName,
} from '../../core/activity/archive-rules.ts';
import type { SpooledFile } from '../spooled-file.ts';

export type ZipFile = yauzl.ZipFile;
export type ZipEntry = yauzl.Entry;

/** A reason one entry is not imported; the import goes on with the next. */
export class EntryRefusal extends Error {
  override name = 'EntryRefusal';
}

/** A reason the whole import stops (the archive unpacks to too much, holds too many entries). */
export class ArchiveStop extends Error {
  override name = 'ArchiveStop';
}

export function openZip(file: string): Promise<ZipFile> {
  // Names are decoded here, not by yauzl (which would end the whole read on one hostile name).
  return yauzl.openPromise(file, {
    lazyEntries: true,
    autoClose: false,
    decodeStrings: false,
    validateEntrySizes: true,
  });
}

export function entryName(entry: ZipEntry): string {
  const raw = entry.fileName as unknown as Buffer;
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
}

/** Each entry of a ZIP in order, the next read only when the previous one's work is done. */
export async function* entriesOf(zip: ZipFile): AsyncGenerator<ZipEntry> {
  const next = () =>
    new Promise<ZipEntry | null>((resolve, reject) => {
      const onEntry = (entry: ZipEntry) => {
        cleanup();
        resolve(entry);
      };
      const onEnd = () => {
        cleanup();
        resolve(null);
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const cleanup = () => {
        zip.off('entry', onEntry);
        zip.off('end', onEnd);
        zip.off('error', onError);
      };
      zip.on('entry', onEntry);
      zip.on('end', onEnd);
      zip.on('error', onError);
      zip.readEntry();
    });
  for (let entry = await next(); entry; entry = await next()) {
    yield entry;
  }
}

/** The running totals the whole archive is held to (entries and unpacked bytes). */
export interface Budget {
  entries: number;
  unpackedBytes: number;
}

/** A budget of its own, for an entry read beside the archive's count (the manifest, activities.csv). */
export function newBudget(): Budget {
  return { entries: 0, unpackedBytes: 0 };
}

export function countEntry(budget: Budget): void {
  budget.entries += 1;
  if (budget.entries > ARCHIVE_MAX_ENTRIES) {
    throw new ArchiveStop(ARCHIVE_MESSAGES.tooManyEntries);
  }
}

/**
 * Counts an entry's bytes as they leave the inflater: past the per-entry ratio or size, or the
 * archive's total, the stream stops there.
 */
export function meter(entry: ZipEntry, budget: Budget, maxBytes: number, tooLarge: string): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      budget.unpackedBytes += chunk.length;
      if (budget.unpackedBytes > ARCHIVE_MAX_UNPACKED_BYTES) {
        callback(new ArchiveStop(ARCHIVE_MESSAGES.unpacksTooLarge));
      } else if (exceedsEntryRatio(bytes, entry.compressedSize)) {
        callback(new EntryRefusal(ARCHIVE_MESSAGES.entryRatio));
      } else if (bytes > maxBytes) {
        callback(new EntryRefusal(tooLarge));
      } else {
        callback(null, chunk);
      }
    },
  });
}

export async function openEntry(zip: ZipFile, entry: ZipEntry): Promise<Readable> {
  if (entry.isEncrypted()) {
    throw new EntryRefusal(ARCHIVE_MESSAGES.encrypted);
  }
  try {
    return await zip.openReadStreamPromise(entry);
  } catch {
    throw new EntryRefusal(ARCHIVE_MESSAGES.entryDamaged);
  }
}

/** A refusal as it is, a stop as it is, any other failure of the bytes as the given sentence. */
function asRefusal(error: unknown, sentence: string): Error {
  return error instanceof EntryRefusal || error instanceof ArchiveStop ? error : new EntryRefusal(sentence);
}

/**
 * Unpacks an activity entry (and its .gz) into a spool file as an upload leaves one: the activity
 * file's bytes counted and hashed, kept gzip-compressed.
 */
export async function spoolEntry(
  zip: ZipFile,
  entry: ZipEntry,
  name: string,
  gzipped: boolean,
  spoolDir: string,
  budget: Budget,
): Promise<SpooledFile> {
  const file: SpooledFile = {
    index: 0,
    name: printableEntryName(archiveFileName(name)),
    mimeType: 'application/octet-stream',
    size: 0,
    sha256: '',
    path: path.join(spoolDir, `entry-${randomUUID()}.gz`),
  };
  const hash = createHash('sha256');
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      file.size += chunk.length;
      if (file.size > ARCHIVE_MAX_ENTRY_BYTES) {
        callback(new EntryRefusal(ARCHIVE_MESSAGES.entryTooLarge));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const source = await openEntry(zip, entry);
  const unpacked = meter(
    entry,
    budget,
    gzipped ? Number.MAX_SAFE_INTEGER : ARCHIVE_MAX_ENTRY_BYTES,
    ARCHIVE_MESSAGES.entryTooLarge,
  );
  try {
    if (gzipped) {
      // The gzip's own output is held to the ratio too (a small .gz inside a stored entry).
      const inflated = meter(
        entry,
        { entries: 0, unpackedBytes: 0 },
        ARCHIVE_MAX_ENTRY_BYTES,
        ARCHIVE_MESSAGES.entryTooLarge,
      );
      const gunzip = createGunzip();
      await pipeline(
        source,
        unpacked,
        gunzip,
        inflated,
        counter,
        createGzip({ level: 1 }),
        createWriteStream(file.path),
      ).catch((error: unknown) => {
        // zlib's own errors (Z_DATA_ERROR, a stream cut short) are the .gz's; the rest the entry's.
        const zlib = error instanceof Error && 'code' in error && String(error.code).startsWith('Z_');
        throw zlib ? new EntryRefusal(ARCHIVE_MESSAGES.gzipDamaged) : asRefusal(error, ARCHIVE_MESSAGES.entryDamaged);
      });
    } else {
      await pipeline(source, unpacked, counter, createGzip({ level: 1 }), createWriteStream(file.path)).catch(
        (error: unknown) => {
          throw asRefusal(error, ARCHIVE_MESSAGES.entryDamaged);
        },
      );
    }
  } catch (error) {
    await rm(file.path, { force: true });
    throw error;
  }
  if (file.size === 0) {
    await rm(file.path, { force: true });
    throw new EntryRefusal(ARCHIVE_MESSAGES.entryEmpty);
  }
  file.sha256 = hash.digest('hex');
  return file;
}

/** Reads an entry whole into memory, up to `limit` bytes (past it the entry is refused with `tooLarge`). */
export async function readEntryBytes(
  zip: ZipFile,
  entry: ZipEntry,
  budget: Budget,
  limit: number,
  tooLarge: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const source = await openEntry(zip, entry);
  await pipeline(source, meter(entry, budget, limit, tooLarge), async (stream: AsyncIterable<Buffer>) => {
    for await (const chunk of stream) {
      chunks.push(chunk);
    }
  });
  return Buffer.concat(chunks);
}

/** Reads a text entry whole (activities.csv, the manifest, gear.json), up to `limit` bytes. */
export async function readEntryText(zip: ZipFile, entry: ZipEntry, budget: Budget, limit: number): Promise<string> {
  return (await readEntryBytes(zip, entry, budget, limit, ARCHIVE_MESSAGES.csvTooLarge)).toString('utf8');
}

/**
 * An entry's bytes as they unpack, held to `limit` (a piece at a time, never whole in memory);
 * destroy `source` to stop early.
 */
export async function streamEntry(
  zip: ZipFile,
  entry: ZipEntry,
  budget: Budget,
  limit: number,
  tooLarge: string,
): Promise<{ source: Readable; unpacked: AsyncIterable<Buffer> & Readable }> {
  const source = await openEntry(zip, entry);
  return { source, unpacked: source.pipe(meter(entry, budget, limit, tooLarge)) };
}

/** Unpacks a nested ZIP entry (Garmin's UploadedFiles_*.zip) to a file of its own. */
export async function unpackNestedZip(
  zip: ZipFile,
  entry: ZipEntry,
  spoolDir: string,
  budget: Budget,
): Promise<string> {
  const target = path.join(spoolDir, `nested-${randomUUID()}.zip`);
  const source = await openEntry(zip, entry);
  try {
    await pipeline(
      source,
      meter(entry, budget, Number.MAX_SAFE_INTEGER, ARCHIVE_MESSAGES.entryTooLarge),
      createWriteStream(target),
    );
  } catch (error) {
    await rm(target, { force: true });
    throw asRefusal(error, ARCHIVE_MESSAGES.entryDamaged);
  }
  return target;
}
