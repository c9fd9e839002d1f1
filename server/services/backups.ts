/**
 * Backups of the whole instance (docs/backups.md; checked and restored by backup-restore.ts). A
 * backup is one ZIP file:
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
 * backup and at start-up.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { DatabaseKind } from '../config.ts';
import { countRowsPerTable, exportSnapshot } from '../db/backup-repository.ts';
import { processIsRunning } from '../db/data-folder-lock.ts';
import { currentMigration, type DatabaseHandle } from '../db/database.ts';
import { pgDump, programAvailable } from '../db/pg-dump.ts';
import { runInBackground } from '../db/query-priority.ts';
import { ensurePrivateDirectory } from '../security/private-directory.ts';
import type { WiringContext } from './service-context.ts';

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

/** One line per table with its rows, for the commands' reports. */
export function describeTables(tables: Record<string, number>): string {
  const width = Math.max(...Object.keys(tables).map((name) => name.length), 5);
  return Object.entries(tables)
    .map(([name, rows]) => `  ${name.padEnd(width)} ${rows.toLocaleString('en-US')}`)
    .join('\n');
}

// ---- The daily backup ----

export type BackupsDeps = Pick<WiringContext, 'clock' | 'logger' | 'jobs'> & {
  database: DatabaseHandle;
  databaseUrl: string | undefined;
  appSecret: string;
  strideVersion: string;
  dir: string;
  keep: number;
};

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
