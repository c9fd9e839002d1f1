/**
 * Backups of the whole instance and their restore (docs/backups.md). A backup is one ZIP file:
 *
 * - `database/pglite.tar`: PGlite's own image of its data folder (DatabaseHandle.snapshot), or
 *   `database/postgres.dump`: pg_dump's custom format, on PostgreSQL;
 * - `app-secret`: the secret that signs sessions and encrypts Strava tokens at rest;
 * - `manifest.json`, last: Stride's version, the last migration, rows per table and the size and
 *   SHA-256 of each other entry.
 *
 * Account photos and original uploaded files are rows of the database (bytea), so they are in it.
 * A backup is written under a hidden `.partial` name and renamed when whole, so a file with the
 * backup name is always complete; partial files of a process that is gone are removed at the next
 * backup and at start-up. A restore goes into an empty data folder only, all or nothing: it is
 * built in a folder beside the target, checked (the checksums before, the rows per table after)
 * and renamed into place.
 *
 * Its length is one concern: the backup format is written, checked and read back in one place, so
 * the three cannot drift apart.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { Clock } from '../clock.ts';
import type { DatabaseKind } from '../config.ts';
import { countRowsPerTable, databaseIsEmpty, exportSnapshot } from '../db/backup-repository.ts';
import { processIsRunning } from '../db/data-folder-lock.ts';
import { currentMigration, openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { pgDump, pgRestore, programAvailable } from '../db/pg-dump.ts';
import { runInBackground } from '../db/query-priority.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { ensurePrivateDirectory } from '../security/private-directory.ts';

export const BACKUP_FORMAT = 'stride-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const SECRET_ENTRY = 'app-secret';
export const PGLITE_ENTRY = 'database/pglite.tar';
export const POSTGRES_ENTRY = 'database/postgres.dump';
/** `stride-backup-2026-11-28T23-20-00-000Z.zip`: the time it was taken, in UTC. */
const BACKUP_NAME = /^stride-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.zip$/;
/** `.stride-backup-….zip.<pid>.partial`: a backup being written by process <pid>. */
const PARTIAL_NAME = /^\.stride-backup-.+\.(\d+)\.partial$/;
/** The daily backup's period, and how often a server looks whether one is due. */
export const BACKUP_PERIOD_MS = 24 * 60 * 60 * 1000;
export const BACKUP_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const BACKUP_QUEUE = 'backup';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: typeof BACKUP_FORMAT_VERSION;
  strideVersion: string;
  /** The last migration applied to the database in the backup. */
  migration: string;
  database: DatabaseKind;
  /** ISO time the backup was taken. */
  createdAt: string;
  /** Rows per table of Stride's schema, counted in the same snapshot as the dump. */
  tables: Record<string, number>;
  /** Every other entry: its size and SHA-256 (hex). */
  files: Record<string, { bytes: number; sha256: string }>;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/** A backup or restore that cannot go on, with the sentence that says why. */
export class BackupError extends Error {}

export function backupFileName(ms: number): string {
  return `stride-backup-${new Date(ms).toISOString().replace(/[:.]/g, '-')}.zip`;
}

/** The time a backup was taken, from its file name; null for any other name. */
export function backupTimeOf(name: string): number | null {
  const match = BACKUP_NAME.exec(name);
  if (!match) {
    return null;
  }
  const [, day, hours, minutes, seconds, ms] = match;
  return Date.parse(`${day}T${hours}:${minutes}:${seconds}.${ms}Z`);
}

/** Removes the partial backups in `dir` whose writing process is gone (killed mid-backup); returns their names. */
export async function removeStalePartialBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const stale = names.filter((name) => {
    const pid = Number(PARTIAL_NAME.exec(name)?.[1] ?? 0);
    return pid > 0 && (pid === process.pid ? false : !processIsRunning(pid));
  });
  await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
  return stale;
}

/** The complete backups in `dir`, oldest first. */
export async function listBackups(dir: string): Promise<{ name: string; takenAt: number }[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .map((name) => ({ name, takenAt: backupTimeOf(name) }))
    .filter((entry): entry is { name: string; takenAt: number } => entry.takenAt !== null)
    .sort((a, b) => a.takenAt - b.takenAt);
}

async function sha256OfStream(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

export interface WriteBackupOptions {
  database: DatabaseHandle;
  /** PostgreSQL: the connection string pg_dump connects with. */
  databaseUrl?: string | undefined;
  appSecret: string;
  strideVersion: string;
  dir: string;
  now: number;
}

/** The database's part of a backup: a file or an in-memory image, and the rows per table it holds. */
interface DatabasePart {
  entry: string;
  source: { blob: Blob } | { file: string };
  tables: Record<string, number>;
}

async function pgliteDatabasePart(database: DatabaseHandle): Promise<DatabasePart> {
  if (!database.snapshot) {
    throw new BackupError('This database cannot be imaged: PGlite only.');
  }
  // The rows are counted on the connection the image is taken on, with nothing in between.
  const { image, read } = await database.snapshot((db) => countRowsPerTable(db));
  return { entry: PGLITE_ENTRY, source: { blob: image }, tables: read };
}

async function postgresDatabasePart(
  database: DatabaseHandle,
  databaseUrl: string,
  file: string,
): Promise<DatabasePart> {
  if (!(await programAvailable('pg_dump'))) {
    throw new BackupError(
      'pg_dump is not installed on this machine: install PostgreSQL client programs of the server version (docs/backups.md).',
    );
  }
  // pg_dump reads the snapshot this transaction exported, so its dump holds the rows counted here.
  const tables = await database.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const snapshot = await exportSnapshot(trx);
      const counts = await countRowsPerTable(trx);
      await pgDump(databaseUrl, file, snapshot);
      return counts;
    });
  return { entry: POSTGRES_ENTRY, source: { file }, tables };
}

/**
 * Writes one backup of the whole instance into `dir` (created 0700) and returns it. Safe while the
 * server runs and runners write: the database part is one snapshot.
 */
export async function writeBackup(options: WriteBackupOptions): Promise<BackupResult> {
  const { database, dir } = options;
  ensurePrivateDirectory(dir);
  await removeStalePartialBackups(dir);
  const name = backupFileName(options.now);
  const partial = path.join(dir, `.${name}.${process.pid}.partial`);
  const dumpFile = `${partial}.dump`;
  try {
    const migration = await currentMigration(database.db);
    const part =
      database.kind === 'postgres' && options.databaseUrl
        ? await postgresDatabasePart(database, options.databaseUrl, dumpFile)
        : await pgliteDatabasePart(database);
    const open = () =>
      'blob' in part.source
        ? (Readable.fromWeb(part.source.blob.stream() as never) as NodeJS.ReadableStream)
        : createReadStream(part.source.file);
    const bytes = 'blob' in part.source ? part.source.blob.size : (await stat(part.source.file)).size;
    const secret = Buffer.from(`${options.appSecret}\n`, 'utf8');
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      strideVersion: options.strideVersion,
      migration,
      database: database.kind,
      createdAt: new Date(options.now).toISOString(),
      tables: part.tables,
      files: {
        [part.entry]: { bytes, sha256: await sha256OfStream(open()) },
        [SECRET_ENTRY]: { bytes: secret.length, sha256: createHash('sha256').update(secret).digest('hex') },
      },
    };
    const zip = new yazl.ZipFile();
    // pg_dump's custom format is compressed already; PGlite's tar is not. Deflate's fastest level
    // makes it a third of a second per 20 MB, against three times that at the default for 15% less.
    zip.addReadStream(open() as Readable, part.entry, { compressionLevel: 'blob' in part.source ? 1 : 0 });
    zip.addBuffer(secret, SECRET_ENTRY, { mode: 0o100600 });
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY);
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
    const file = path.join(dir, name);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, manifest };
  } finally {
    await rm(partial, { force: true });
    await rm(dumpFile, { force: true });
  }
}

/** Keeps the newest `keep` backups in `dir`; returns the names removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const backups = await listBackups(dir);
  const removed = backups.slice(0, Math.max(0, backups.length - keep)).map((backup) => backup.name);
  await Promise.all(removed.map((name) => rm(path.join(dir, name), { force: true })));
  return removed;
}

// ---- Reading and restoring ----

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

/** One line per table with its rows, for the commands' reports. */
export function describeTables(tables: Record<string, number>): string {
  const width = Math.max(...Object.keys(tables).map((name) => name.length), 5);
  return Object.entries(tables)
    .map(([name, rows]) => `  ${name.padEnd(width)} ${rows.toLocaleString('en-US')}`)
    .join('\n');
}

// ---- The daily backup ----

export interface BackupsDeps {
  database: DatabaseHandle;
  databaseUrl: string | undefined;
  appSecret: string;
  strideVersion: string;
  dir: string;
  keep: number;
  clock: Clock;
  logger: Logger;
  jobs: JobQueue;
}

/**
 * The daily backup: every hour a server asks the job queue for a `backup` job (one waiting at a
 * time however many servers ask); the job writes a backup when the newest in BACKUP_DIR is a day
 * old or there is none, then keeps the newest BACKUP_KEEP. Backups asked for through the control
 * channel (`npm run backup` beside a running server) go one at a time with it.
 */
export function createBackups(deps: BackupsDeps) {
  const logger = deps.logger.child({ module: 'backups' });
  const stopping = new AbortController();
  let loop: Promise<void> | undefined;
  let inHand: Promise<unknown> = Promise.resolve();

  /** Runs backups one after another in this process. */
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const next = inHand.then(work, work);
    inHand = next.catch(() => undefined);
    return next;
  }

  const backupNow = (dir = deps.dir) =>
    serially(() =>
      writeBackup({
        database: deps.database,
        databaseUrl: deps.databaseUrl,
        appSecret: deps.appSecret,
        strideVersion: deps.strideVersion,
        dir,
        now: deps.clock.now(),
      }),
    );

  async function scheduledBackup(): Promise<BackupResult | null> {
    const newest = (await listBackups(deps.dir)).at(-1);
    if (newest && deps.clock.now() - newest.takenAt < BACKUP_PERIOD_MS) {
      return null;
    }
    const result = await backupNow();
    const removed = await pruneBackups(deps.dir, deps.keep);
    logger.info({ file: result.file, bytes: result.bytes, removed }, 'daily backup written');
    return result;
  }

  deps.jobs.define<{ scheduled: true }>({
    name: BACKUP_QUEUE,
    policy: 'short',
    retryLimit: 2,
    retryDelaySeconds: 600,
    expireInSeconds: 3600,
    handler: async () => {
      await scheduledBackup();
      return undefined;
    },
  });

  /** Asks for the daily backup's job; it writes one only when one is due. */
  const checkSchedule = () => deps.jobs.send(BACKUP_QUEUE, { scheduled: true }, { singletonKey: 'daily' });

  return {
    backupNow,
    checkSchedule,
    /** Removes partial backups a killed process left (start-up). */
    removeStalePartials: () => removeStalePartialBackups(deps.dir),
    /** After the job queue started: looks whether a backup is due now and every hour. */
    start(): void {
      loop ??= (async () => {
        while (!stopping.signal.aborted) {
          await runInBackground(checkSchedule).catch((error: unknown) =>
            logger.warn({ err: error }, 'the daily backup could not be asked for'),
          );
          await deps.clock.sleep(BACKUP_CHECK_INTERVAL_MS, stopping.signal).catch(() => undefined);
        }
      })();
    },
    async stop(): Promise<void> {
      stopping.abort(new Error('Stride is stopping'));
      await loop;
      await inHand;
    },
  };
}

export type Backups = ReturnType<typeof createBackups>;
