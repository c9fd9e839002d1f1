/**
 * One server per embedded data folder. PGlite is a single-process database: two servers on one
 * folder each keep their own copy in memory and overwrite each other's files, and what one of them
 * wrote is lost. A server on PGlite therefore holds DATA_DIR/server.lock while it runs.
 *
 * The lock file holds the holder's pid and its start time as the OS records it (/proc/<pid>/stat,
 * where there is one), so a lock whose process has ended (kill -9, power loss) or whose pid now
 * belongs to another process is recognised as stale and taken over. The file is created whole and
 * atomically (written under a unique name, then hard-linked to its place, which fails when the name
 * exists), so of two servers started at the same instant exactly one wins.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { REAL_CLOCK } from '../clock.ts';
import { ensurePrivateDirectory } from '../security/private-directory.ts';

export const DATA_FOLDER_LOCK_FILE = 'server.lock';

/** What the lock file holds: the holder's identity, and whatever else it chose to publish. */
export interface DataFolderLockRecord {
  pid: number;
  /** When the holder took the lock (ISO 8601). */
  startedAt: string;
  /** The process's start time in clock ticks since boot (Linux /proc/<pid>/stat), null elsewhere. */
  processStart: string | null;
  hostname: string;
  /** Tells this holding apart from any earlier one of the same process. */
  token: string;
  /** Fields the holder added: its port, a control socket… */
  [field: string]: unknown;
}

/** Fields a holder may publish in its lock file beside its identity. */
export type DataFolderLockFields = Record<string, string | number | boolean | null>;

export interface DataFolderLock {
  readonly dataDir: string;
  readonly record: DataFolderLockRecord;
  /** The stale lock this one replaced (a crashed server's), if there was one. */
  readonly replaced: DataFolderLockRecord | undefined;
  /** Adds or changes published fields (the file is replaced whole, never seen half written). */
  update(fields: DataFolderLockFields): Promise<void>;
  /** Removes the lock file if it is still this holder's; a second call does nothing. */
  release(): Promise<void>;
}

export function dataFolderInUseMessage(pid: number, dataDir: string): string {
  return `Another Stride server (process ${pid}) is using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`;
}

export class DataFolderInUseError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(dataFolderInUseMessage(pid, dataDir));
    this.name = 'DataFolderInUseError';
  }
}

/**
 * Folders this process holds (with its holding's token) or is taking (null): a second taker in this
 * process is refused at once, and a lock file with this process's pid is live only with that token.
 */
const heldByThisProcess = new Map<string, string | null>();

function lockPath(dataDir: string): string {
  return path.join(dataDir, DATA_FOLDER_LOCK_FILE);
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces), or null. */
export function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether a process with this pid exists (EPERM: it does, under another user). */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote `record` still runs (the same process, not a later one with its pid). */
function holderIsAlive(record: DataFolderLockRecord, dataDir: string): boolean {
  if (record.pid === process.pid) {
    return heldByThisProcess.get(dataDir) === record.token;
  }
  if (!processIsRunning(record.pid)) {
    return false;
  }
  const start = processStartOf(record.pid);
  return start === null || record.processStart === null || start === record.processStart;
}

function parseRecord(text: string): DataFolderLockRecord | null {
  try {
    const value = JSON.parse(text) as Partial<DataFolderLockRecord>;
    return typeof value.pid === 'number' && Number.isInteger(value.pid) && value.pid > 0
      ? (value as DataFolderLockRecord)
      : null;
  } catch {
    return null;
  }
}

/** The lock file's text, or null when there is none. */
async function readLockText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return null;
    }
    throw error;
  }
}

/** Writes `text` under a unique name beside `file` and returns that name. */
async function writeBeside(file: string, text: string): Promise<string> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, text, { mode: 0o600, flag: 'wx' });
  return temporary;
}

/**
 * The live holder of the data folder's lock, or null when there is none (no file, an unreadable
 * one, or a stale one).
 */
export async function readDataFolderLock(dataDir: string): Promise<DataFolderLockRecord | null> {
  const folder = path.resolve(dataDir);
  const text = await readLockText(lockPath(folder));
  const record = text === null ? null : parseRecord(text);
  return record && holderIsAlive(record, folder) ? record : null;
}

/**
 * Takes the data folder (creating it if needed) for this process, or throws
 * {@link DataFolderInUseError} when a live server holds it. A stale lock is replaced; the returned
 * lock names it in `replaced`.
 */
export async function acquireDataFolderLock(
  dataDir: string,
  fields: DataFolderLockFields = {},
): Promise<DataFolderLock> {
  const folder = path.resolve(dataDir);
  if (heldByThisProcess.has(folder)) {
    throw new DataFolderInUseError(process.pid, folder);
  }
  heldByThisProcess.set(folder, null);
  try {
    return await takeFolder(folder, fields);
  } catch (error) {
    heldByThisProcess.delete(folder);
    throw error;
  }
}

async function takeFolder(folder: string, fields: DataFolderLockFields): Promise<DataFolderLock> {
  ensurePrivateDirectory(folder);
  const file = lockPath(folder);
  const identity = {
    pid: process.pid,
    startedAt: new Date(REAL_CLOCK.now()).toISOString(),
    processStart: processStartOf(process.pid),
    hostname: hostname(),
    token: randomBytes(12).toString('hex'),
  };
  let record: DataFolderLockRecord = { ...fields, ...identity };
  const text = JSON.stringify(record);
  let replaced: DataFolderLockRecord | undefined;
  const temporary = await writeBeside(file, text);
  try {
    for (;;) {
      try {
        await link(temporary, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw error;
        }
      }
      const existing = await readLockText(file);
      if (existing === null) {
        continue;
      }
      const holder = parseRecord(existing);
      if (holder && holderIsAlive(holder, folder)) {
        throw new DataFolderInUseError(holder.pid, folder);
      }
      // Stale (or unreadable, as a write cut short by power loss leaves it). It is moved aside
      // rather than deleted, so a server that took the folder in the meantime is found and put
      // back instead of being removed unseen.
      const aside = `${file}.stale.${process.pid}.${randomBytes(6).toString('hex')}`;
      try {
        await rename(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          continue;
        }
        throw error;
      }
      const moved = await readFile(aside, 'utf8');
      if (moved === existing) {
        await unlink(aside);
        replaced = holder ?? undefined;
      } else {
        await link(aside, file).catch(() => undefined);
        await unlink(aside);
      }
    }
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  heldByThisProcess.set(folder, identity.token);
  let released = false;
  /** Whether the file still holds this holding's token (nothing replaced it behind this process's back). */
  const stillOurs = async () => parseRecord((await readLockText(file)) ?? '')?.token === identity.token;
  return {
    dataDir: folder,
    get record() {
      return record;
    },
    replaced,
    update: async (extra) => {
      if (released || !(await stillOurs())) {
        throw new Error(`the lock on ${folder} is no longer held by this process`);
      }
      record = { ...record, ...extra, ...identity };
      await rename(await writeBeside(file, JSON.stringify(record)), file);
    },
    release: async () => {
      if (released) {
        return;
      }
      released = true;
      heldByThisProcess.delete(folder);
      if (await stillOurs()) {
        await unlink(file).catch(() => undefined);
      }
    },
  };
}
