/**
 * Checking and restoring a backup (backups.ts writes them; docs/backups.md). A restore goes into an
 * empty data folder only, all or nothing: it is built in a folder beside the target, checked (the
 * checksums before, the rows per table after) and renamed into place.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { countRowsPerTable, databaseIsEmpty } from '../db/backup-repository.ts';
import { processIsRunning } from '../db/data-folder-lock.ts';
import { openDatabase } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { pgRestore, programAvailable } from '../db/pg-dump.ts';
import { ensurePrivateDirectory } from '../security/private-directory.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  MANIFEST_ENTRY,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  SECRET_ENTRY,
  type BackupManifest,
} from './backups.ts';

/** An error's message as a clause inside a sentence (no full stop of its own). */
function clause(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.+$/, '');
}

function notABackup(file: string, reason: string): BackupError {
  return new BackupError(`${file} is not a complete Stride backup (${reason}). Nothing was restored.`);
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return zip.openReadStreamPromise(entry);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Every entry of a ZIP by name (from its central directory). */
function allEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function isManifest(value: unknown): value is BackupManifest {
  const manifest = value as Partial<BackupManifest> | null;
  return (
    typeof manifest === 'object' &&
    manifest !== null &&
    manifest.format === BACKUP_FORMAT &&
    typeof manifest.migration === 'string' &&
    typeof manifest.strideVersion === 'string' &&
    (manifest.database === 'pglite' || manifest.database === 'postgres') &&
    typeof manifest.tables === 'object' &&
    typeof manifest.files === 'object'
  );
}

export interface VerifiedBackup {
  manifest: BackupManifest;
  /** The database part, read whole (PGlite's image) or written to `dumpFile` (pg_dump's). */
  database: Blob | null;
  secret: string;
}

/**
 * Opens a backup file and checks it whole: a ZIP with a Stride manifest this version can restore,
 * every entry it lists present with its size and SHA-256. The database part of a PostgreSQL backup
 * is written to `dumpFile`; PGlite's is returned in memory (what PGlite loads it from).
 */
export async function verifyBackup(file: string, dumpFile: string): Promise<VerifiedBackup> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(`There is no file ${file}.`);
    }
    throw notABackup(file, `it cannot be read as a ZIP file: ${clause(error)}`);
  }
  try {
    const entries = await allEntries(zip).catch((error: unknown) => {
      throw notABackup(file, `its list of entries cannot be read: ${clause(error)}`);
    });
    const manifestEntry = entries.get(MANIFEST_ENTRY);
    if (!manifestEntry) {
      throw notABackup(file, `it has no ${MANIFEST_ENTRY}`);
    }
    let manifest: unknown;
    try {
      manifest = JSON.parse((await readAll(await readEntry(zip, manifestEntry))).toString('utf8'));
    } catch (error) {
      throw notABackup(file, `its manifest cannot be read: ${clause(error)}`);
    }
    if (!isManifest(manifest)) {
      throw notABackup(file, 'its manifest is not a Stride backup manifest');
    }
    const formatVersion: unknown = manifest.formatVersion;
    if (formatVersion !== BACKUP_FORMAT_VERSION) {
      throw new BackupError(
        `${file} is a backup of format ${String(formatVersion)}; this Stride reads format ${BACKUP_FORMAT_VERSION}. Nothing was restored.`,
      );
    }
    if (!(manifest.migration in migrations)) {
      throw new BackupError(
        `${file} was made by a newer Stride (${manifest.strideVersion}, migration ${manifest.migration}). Upgrade Stride, then restore it. Nothing was restored.`,
      );
    }
    let database: Blob | null = null;
    let secret = '';
    for (const [name, expected] of Object.entries(manifest.files)) {
      const entry = entries.get(name);
      if (!entry) {
        throw notABackup(file, `${name} is missing`);
      }
      const hash = createHash('sha256');
      let bytes = 0;
      const chunks: Buffer[] = [];
      const keep = name !== POSTGRES_ENTRY;
      const sink = name === POSTGRES_ENTRY ? createWriteStream(dumpFile, { mode: 0o600 }) : null;
      try {
        for await (const chunk of await readEntry(zip, entry)) {
          const buffer = chunk as Buffer;
          hash.update(buffer);
          bytes += buffer.length;
          if (keep) {
            chunks.push(buffer);
          } else if (sink && !sink.write(buffer)) {
            await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
          }
        }
      } catch (error) {
        sink?.destroy();
        throw new BackupError(
          `The backup ${file} is damaged: ${name} cannot be read (${clause(error)}). Nothing was restored.`,
        );
      }
      if (sink) {
        await new Promise<void>((resolve, reject) =>
          sink.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
      }
      if (bytes !== expected.bytes || hash.digest('hex') !== expected.sha256) {
        throw new BackupError(
          `The backup ${file} is damaged: ${name} does not match its checksum. Nothing was restored.`,
        );
      }
      if (name === PGLITE_ENTRY) {
        database = new Blob(chunks);
      } else if (name === SECRET_ENTRY) {
        secret = Buffer.concat(chunks).toString('utf8').trim();
      }
    }
    const databaseEntry = manifest.database === 'pglite' ? PGLITE_ENTRY : POSTGRES_ENTRY;
    if (!(databaseEntry in manifest.files) || !(SECRET_ENTRY in manifest.files)) {
      throw notABackup(file, `its manifest lists no ${databaseEntry} or no ${SECRET_ENTRY}`);
    }
    return { manifest, database, secret };
  } finally {
    zip.close();
  }
}

/** The rows restored differ from the manifest's: the table and both counts, or null when all match. */
export function firstCountMismatch(
  expected: Record<string, number>,
  actual: Record<string, number>,
): { table: string; expected: number; actual: number } | null {
  for (const table of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    if ((expected[table] ?? 0) !== (actual[table] ?? 0)) {
      return { table, expected: expected[table] ?? 0, actual: actual[table] ?? 0 };
    }
  }
  return null;
}

function countMismatchError(file: string, mismatch: { table: string; expected: number; actual: number }) {
  return new BackupError(
    `The backup ${file} did not restore whole: table ${mismatch.table} has ${mismatch.actual} rows where its manifest says ${mismatch.expected}. Nothing was restored.`,
  );
}

/** What a data folder holds that makes it no restore target: null when it is empty or absent. */
async function folderContents(dir: string): Promise<string[] | null> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return null;
    }
    throw error;
  }
}

/** `DATA_DIR.restoring-<pid>`: a restore in progress beside its target folder. */
const RESTORING_NAME = /\.restoring-(\d+)$/;

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** Where the PGlite database goes inside the data folder (`pglite`). */
  pgliteFolder: string;
  /** PostgreSQL: restore into this (empty) database instead of a data folder. */
  databaseUrl?: string | undefined;
  /** The file names a stale holder of the data folder left (its lock), which an empty folder may still hold. */
  ignorable: readonly string[];
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Rows per table, counted in the restored database. */
  tables: Record<string, number>;
}

/**
 * Restores a backup into an empty (or absent) data folder: checks the file, builds the folder
 * beside the target (`DATA_DIR.restoring-<pid>`), opens the restored database and counts its rows
 * against the manifest, then renames it into place. Stopped at any point, the target is as it was;
 * what a killed restore left beside it is removed by the next one. The caller has checked that no
 * server holds the folder.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const parent = path.dirname(dataDir);
  await mkdir(parent, { recursive: true });
  // What an earlier, killed restore left beside the target.
  for (const name of await readdir(parent)) {
    const pid = Number(RESTORING_NAME.exec(name)?.[1] ?? 0);
    if (name.startsWith(`${path.basename(dataDir)}.restoring-`) && pid > 0 && !processIsRunning(pid)) {
      await rm(path.join(parent, name), { recursive: true, force: true });
    }
  }
  const contents = await folderContents(dataDir);
  const blocking = (contents ?? []).filter((name) => !options.ignorable.includes(name));
  if (blocking.length > 0) {
    throw new BackupError(
      `The data folder ${dataDir} is not empty. A backup restores into an empty data folder only: set DATA_DIR to a new folder, or move this one's contents away. Nothing was restored.`,
    );
  }
  const staging = `${dataDir}.restoring-${process.pid}`;
  // pg_dump's part waits here for pg_restore; it is removed before the folder is renamed into place.
  const dumpFile = path.join(staging, 'postgres.dump');
  try {
    ensurePrivateDirectory(staging);
    const verified = await verifyBackup(options.file, dumpFile);
    const { manifest } = verified;
    let tables: Record<string, number>;
    if (manifest.database === 'pglite') {
      if (options.databaseUrl) {
        throw new BackupError(
          `${options.file} is a backup of the embedded database (PGlite); unset DATABASE_URL to restore it into DATA_DIR. Nothing was restored.`,
        );
      }
      const handle = await openDatabase({
        pgliteDir: path.join(staging, options.pgliteFolder),
        pgliteTemplate: verified.database ?? new Blob([]),
      });
      try {
        tables = await countRowsPerTable(handle.db);
      } finally {
        await handle.close();
      }
    } else {
      if (!options.databaseUrl) {
        throw new BackupError(
          `${options.file} is a backup of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into. Nothing was restored.`,
        );
      }
      tables = await restorePostgres(options.file, options.databaseUrl, dumpFile);
    }
    const mismatch = firstCountMismatch(manifest.tables, tables);
    if (mismatch) {
      throw countMismatchError(options.file, mismatch);
    }
    await rm(dumpFile, { force: true });
    await writeFile(path.join(staging, SECRET_ENTRY), `${verified.secret}\n`, { mode: 0o600 });
    for (const name of contents ?? []) {
      await rm(path.join(dataDir, name), { force: true });
    }
    if (contents) {
      await rmdir(dataDir);
    }
    try {
      await rename(staging, dataDir);
    } catch (error) {
      throw new BackupError(
        `The data folder ${dataDir} was taken while restoring (${clause(error)}). Nothing was restored.`,
      );
    }
    return { manifest, tables };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function restorePostgres(file: string, databaseUrl: string, dumpFile: string): Promise<Record<string, number>> {
  if (!(await programAvailable('pg_restore'))) {
    throw new BackupError('pg_restore is not installed on this machine (docs/backups.md). Nothing was restored.');
  }
  const handle = await openDatabase({ databaseUrl });
  try {
    if (!(await databaseIsEmpty(handle.db))) {
      throw new BackupError(
        `The database in DATABASE_URL is not empty. A backup restores into an empty database only. Nothing was restored.`,
      );
    }
    try {
      await pgRestore(databaseUrl, dumpFile);
    } catch (error) {
      throw new BackupError(`pg_restore could not restore ${file}: ${clause(error)}. Nothing was restored.`);
    }
    return await countRowsPerTable(handle.db);
  } finally {
    await handle.close();
  }
}
