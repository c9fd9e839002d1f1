/**
 * Start-up: the built server (`dist/server/main.js`, what `npm start` runs) on a data folder that
 * already holds a migrated PGlite database, timed from the spawn to the first 200 from /api/health,
 * the median of BENCH_STARTUP_RUNS starts (default 3). The first start, which creates and migrates
 * the database, is reported beside it. Target: the first answer on existing data within 1.5 s.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Bench } from './bench.ts';

const TARGET_MS = 1500;
/** How often the health probe is asked while the server starts. */
const POLL_MS = 10;
const ROOT = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function runs(): number {
  const count = Number(process.env.BENCH_STARTUP_RUNS ?? '3');
  if (!Number.isInteger(count) || count < 1 || count > 20) {
    throw new Error('BENCH_STARTUP_RUNS must be a whole number between 1 and 20');
  }
  return count;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Starts the built server on `dataDir`; resolves with the ms from the spawn to the first 200 from /api/health. */
async function timeToFirstAnswer(dataDir: string, secret: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_SECRET: secret,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`The server exited with ${child.exitCode} before answering`);
      }
      const answered = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (answered) {
        return performance.now() - started;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await stop(child);
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export const startupBench: Bench = {
  name: 'Start-up: first answer on an existing data folder',
  id: 'startup',
  async run() {
    execSync('npm run build:server', { cwd: ROOT, stdio: 'inherit' });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stride-startup-'));
    const secret = randomBytes(32).toString('hex');
    try {
      const first = await timeToFirstAnswer(dataDir, secret);
      const again: number[] = [];
      for (let run = 0; run < runs(); run += 1) {
        again.push(await timeToFirstAnswer(dataDir, secret));
      }
      const existing = median(again);
      return {
        headers: ['start', 'first 200 from /api/health'],
        rows: [
          ['new data folder (creates and migrates the database)', `${first.toFixed(0)} ms`],
          [`existing data folder (median of ${again.length})`, `${existing.toFixed(0)} ms`],
        ],
        checks: [
          {
            label: `First answer on an existing data folder ≤ ${TARGET_MS} ms`,
            measured: `${existing.toFixed(0)} ms (each: ${again.map((ms) => ms.toFixed(0)).join(', ')})`,
            passed: existing <= TARGET_MS,
          },
        ],
        notes: [
          'The built server (npm run build:server) in its own process, PGlite in DATA_DIR/pglite, timed from the spawn to the first 200.',
        ],
      };
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
