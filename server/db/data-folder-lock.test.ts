import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireDataFolderLock,
  DATA_FOLDER_LOCK_FILE,
  DataFolderInUseError,
  processStartOf,
  readDataFolderLock,
} from './data-folder-lock.ts';

let dataDir: string;
/** A process that runs for the whole file: a live holder that is not this process. */
let other: ChildProcess;

beforeAll(async () => {
  other = spawn('sleep', ['600'], { stdio: 'ignore' });
  await new Promise((resolve) => other.once('spawn', resolve));
});

afterAll(() => {
  other.kill('SIGKILL');
});

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'stride-lock-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function writeLock(record: Record<string, unknown>): void {
  writeFileSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE), JSON.stringify(record));
}

function lockFileRecord(): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')) as Record<string, unknown>;
}

/** The pid of a process that has run and ended. */
async function endedPid(): Promise<number> {
  const child = spawn('true', { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

describe('acquireDataFolderLock', () => {
  it('writes the holder into the lock file and removes it on release', async () => {
    const lock = await acquireDataFolderLock(dataDir);
    expect(lockFileRecord()).toMatchObject({ pid: process.pid, processStart: processStartOf(process.pid) });
    expect(await readDataFolderLock(dataDir)).toMatchObject({ pid: process.pid, startedAt: lock.record.startedAt });
    await lock.release();
    expect(existsSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false);
    expect(await readDataFolderLock(dataDir)).toBeNull();
    // Nothing is left beside it (the file written before the link, a stale one moved aside).
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a folder a running process holds, with its pid, and leaves its lock in place', async () => {
    const holder = { pid: other.pid, startedAt: '2026-01-01T00:00:00.000Z', processStart: processStartOf(other.pid!) };
    writeLock(holder);
    const refusal = await acquireDataFolderLock(dataDir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataFolderInUseError);
    expect((refusal as DataFolderInUseError).pid).toBe(other.pid);
    expect((refusal as Error).message).toBe(
      `Another Stride server (process ${other.pid}) is using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );
    expect(lockFileRecord()).toEqual(holder);
    expect(await readDataFolderLock(dataDir)).toEqual(holder);
    expect(readdirSync(dataDir)).toEqual([DATA_FOLDER_LOCK_FILE]);
  });

  it('refuses a second holder in the same process until the first releases', async () => {
    const first = await acquireDataFolderLock(dataDir);
    await expect(acquireDataFolderLock(dataDir)).rejects.toThrow(`(process ${process.pid})`);
    await first.release();
    const second = await acquireDataFolderLock(dataDir);
    await second.release();
  });

  it('takes over the lock of a process that has ended', async () => {
    const pid = await endedPid();
    writeLock({ pid, startedAt: '2026-01-01T00:00:00.000Z', processStart: '12345' });
    expect(await readDataFolderLock(dataDir)).toBeNull();
    const lock = await acquireDataFolderLock(dataDir);
    expect(lock.replaced).toMatchObject({ pid, startedAt: '2026-01-01T00:00:00.000Z' });
    expect(lockFileRecord()).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('takes over the lock of a pid that now belongs to a process started at another time', async () => {
    writeLock({ pid: other.pid, startedAt: '2026-01-01T00:00:00.000Z', processStart: '1' });
    expect(await readDataFolderLock(dataDir)).toBeNull();
    const lock = await acquireDataFolderLock(dataDir);
    expect(lock.replaced?.pid).toBe(other.pid);
    await lock.release();
  });

  it("takes over a lock with this process's pid that this process does not hold (a container's pid 1 again)", async () => {
    writeLock({ pid: process.pid, startedAt: '2026-01-01T00:00:00.000Z', processStart: processStartOf(process.pid) });
    const lock = await acquireDataFolderLock(dataDir);
    expect(lock.replaced?.pid).toBe(process.pid);
    await lock.release();
  });

  it('takes over a lock file cut short (power loss while it was written)', async () => {
    writeFileSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE), '{"pid":');
    const lock = await acquireDataFolderLock(dataDir);
    expect(lock.replaced).toBeUndefined();
    expect(lockFileRecord()).toMatchObject({ pid: process.pid });
    await lock.release();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('publishes the fields the holder sets, beside an identity they cannot change', async () => {
    const lock = await acquireDataFolderLock(dataDir, { port: 44123 });
    await lock.update({ controlSocket: '/run/stride.sock', pid: 1 });
    expect(await readDataFolderLock(dataDir)).toMatchObject({
      pid: process.pid,
      port: 44123,
      controlSocket: '/run/stride.sock',
    });
    await lock.release();
    await expect(lock.update({ port: 1 })).rejects.toThrow('no longer held by this process');
  });

  it('leaves a lock that another holder took in its place on release', async () => {
    const lock = await acquireDataFolderLock(dataDir);
    const taker = { pid: other.pid, startedAt: '2026-01-01T00:00:00.000Z', processStart: processStartOf(other.pid!) };
    writeLock(taker);
    await lock.release();
    expect(lockFileRecord()).toEqual(taker);
  });
});
