/**
 * `npm start` as a service manager runs it: npm, the shell npm runs the script with, and the server
 * in tools/start.mjs. A SIGTERM to the npm process (what a service manager or a container runtime
 * sends) ends every process of it, frees the port and gives the data folder back.
 *
 * The app folder is a copy of what `npm start` reads (package.json and tools/start.mjs as they
 * are, node_modules linked) with the server built into it once, so npm finds nothing to rebuild.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../tools/build-server.ts';
import { DATA_FOLDER_LOCK_FILE } from './db/data-folder-lock.ts';
import { freePort, portIsFree } from './test-support/free-port.ts';
import { waitUntil } from './test-support/strava.ts';
import { testDatabaseKind } from './test-support/test-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** A build and a start: slow on a busy machine. */
const TIMEOUT_MS = 240_000;

let appDir: string;
let dataDir: string;

/** The processes whose process group is `group` (Linux /proc). */
async function processesOfGroup(group: number): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) {
      continue;
    }
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // Fields after the command name: state, ppid, pgrp, …
    const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    if (pgrp === group) {
      pids.push(Number(name));
    }
  }
  return pids;
}

beforeAll(async () => {
  appDir = await mkdtemp(path.join(tmpdir(), 'stride-npm-start-'));
  dataDir = path.join(appDir, 'data');
  await mkdir(path.join(appDir, 'tools'));
  await copyFile(path.join(ROOT, 'package.json'), path.join(appDir, 'package.json'));
  await copyFile(path.join(ROOT, 'tools/start.mjs'), path.join(appDir, 'tools/start.mjs'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(appDir, 'node_modules'));
  await buildServer(path.join(appDir, 'dist/server'));
  await mkdir(path.join(appDir, 'dist/web'));
  await writeFile(path.join(appDir, 'dist/web/index.html'), '<!doctype html><title>Stride</title>');
  // start.mjs rebuilds what its sources' fingerprint says changed; this folder holds none of them.
  const nothing = createHash('sha256').digest('hex');
  await writeFile(path.join(appDir, 'dist/.stamp-server'), nothing);
  await writeFile(path.join(appDir, 'dist/.stamp-web'), nothing);
}, TIMEOUT_MS);

afterAll(async () => {
  if (appDir) {
    await rm(appDir, { recursive: true, force: true });
  }
});

// The processes, not the database, are the point: PGlite, whose data folder `npm start` locks.
const pgliteOnly = testDatabaseKind() === 'pglite' ? describe : () => undefined;
pgliteOnly('SIGTERM to `npm start`', () => {
  it(
    'ends npm and the server, frees the port and the data folder, and npm exits 0',
    async () => {
      const port = await freePort();
      const npm = spawn('npm', ['start'], {
        cwd: appDir,
        // Its own process group, as a service manager gives it: every process of it can be found.
        detached: true,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          APP_SECRET: 'npm-start-test-secret-0123456789abcdef0123456789',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        npm.once('exit', (code, signal) => resolve({ code, signal })),
      );
      const group = npm.pid!;
      try {
        await waitUntil(
          async () =>
            (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status === 200 || undefined,
          'npm start to answer',
          120_000,
        );
        // npm and the server (through the shell npm runs the script with).
        expect((await processesOfGroup(group)).length).toBeGreaterThanOrEqual(2);
        expect(existsSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(true);

        npm.kill('SIGTERM');
        expect(await exited).toEqual({ code: 0, signal: null });
        expect(await processesOfGroup(group)).toEqual([]);
        expect(await portIsFree(port)).toBe(true);
        expect(existsSync(path.join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false);
      } finally {
        for (const pid of await processesOfGroup(group)) {
          process.kill(pid, 'SIGKILL');
        }
      }
    },
    TIMEOUT_MS,
  );
});
