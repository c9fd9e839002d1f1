/**
 * `npm run backup` and `npm run restore -- FILE` (docs/backups.md): what they do, and the report
 * they print. backup-main.ts and restore-main.ts run them from the environment.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REAL_CLOCK } from './clock.ts';
import { dataDirOf, type Config } from './config.ts';
import { requestBackup } from './control-channel.ts';
import { acquireDataFolderLock, DATA_FOLDER_LOCK_FILE, readDataFolderLock } from './db/data-folder-lock.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { packageVersion } from './server.ts';
import { restoreBackup, type RestoreResult } from './services/backup-restore.ts';
import { BackupError, describeTables, writeBackup, type BackupResult } from './services/backups.ts';

/** PGlite's folder inside DATA_DIR, as the server opens it. */
const PGLITE_FOLDER = 'pglite';

/**
 * Writes a backup into BACKUP_DIR. On PGlite a running server (the live holder of the data-folder
 * lock) is asked to write it through its control channel; with no server running the command takes
 * the lock and opens the folder itself. On PostgreSQL it runs pg_dump.
 */
export async function backupCommand(config: Config): Promise<BackupResult> {
  if (config.databaseUrl) {
    return backupOf(config, await openDatabase({ databaseUrl: config.databaseUrl }));
  }
  const holder = await readDataFolderLock(config.dataDir);
  if (holder) {
    if (typeof holder.controlSocket !== 'string') {
      throw new BackupError(
        `The Stride server (process ${holder.pid}) using ${config.dataDir} has no control channel for backups (see its log). Stop it and run npm run backup again.`,
      );
    }
    return requestBackup(holder.controlSocket, config.backup.dir);
  }
  const lock = await acquireDataFolderLock(config.dataDir);
  try {
    const pgliteDir = path.join(config.dataDir, PGLITE_FOLDER);
    if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
      throw new BackupError(`There is no Stride database in ${config.dataDir}: nothing to back up.`);
    }
    return await backupOf(config, await openDatabase({ pgliteDir }));
  } finally {
    await lock.release();
  }
}

/** Writes the backup of a database this command opened, then closes it. */
async function backupOf(config: Config, database: DatabaseHandle): Promise<BackupResult> {
  try {
    return await writeBackup({
      database,
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
      appSecret: config.appSecret,
      strideVersion: packageVersion(),
      dir: config.backup.dir,
      now: REAL_CLOCK.now(),
    });
  } finally {
    await database.close();
  }
}

export function backupReport(result: BackupResult): string {
  const { manifest } = result;
  return [
    `Backup written: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB)`,
    `Stride ${manifest.strideVersion}, migration ${manifest.migration}, ${manifest.database}, taken ${manifest.createdAt}`,
    'Rows per table:',
    describeTables(manifest.tables),
  ].join('\n');
}

/**
 * Restores FILE into DATA_DIR (PGlite) or into the empty database of DATABASE_URL, and the app
 * secret into DATA_DIR; refuses a data folder a running server holds.
 */
export async function restoreCommand(env: NodeJS.ProcessEnv, file: string): Promise<RestoreResult> {
  const dataDir = dataDirOf(env);
  const holder = await readDataFolderLock(dataDir);
  if (holder) {
    throw new BackupError(
      `A running Stride server (process ${holder.pid}) holds the data folder ${dataDir}. Stop it first: a backup restores into an empty data folder only. Nothing was restored.`,
    );
  }
  return restoreBackup({
    file: path.resolve(file),
    dataDir,
    pgliteFolder: PGLITE_FOLDER,
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    ignorable: [DATA_FOLDER_LOCK_FILE],
  });
}

export function restoreReport(file: string, dataDir: string, result: RestoreResult, env: NodeJS.ProcessEnv): string {
  const { manifest } = result;
  const into = manifest.database === 'pglite' ? dataDir : `the database of DATABASE_URL (app secret in ${dataDir})`;
  return [
    `Restored ${file} into ${into}`,
    `Stride ${manifest.strideVersion}, migration ${manifest.migration}, taken ${manifest.createdAt}`,
    'Rows per table (each as the manifest says):',
    describeTables(result.tables),
    env.APP_SECRET?.trim()
      ? `APP_SECRET is set: the backup's secret is in ${path.join(dataDir, 'app-secret')}; set APP_SECRET to it, or Strava connections must be made again.`
      : `The app secret is in ${path.join(dataDir, 'app-secret')}.`,
  ].join('\n');
}
