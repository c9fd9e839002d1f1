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
import { cpuMs, wholeNumberSetting } from './load-support.ts';

const TARGET_MS = 1500;
/** How often the health probe is asked while the server starts. */
const POLL_MS = 10;
const ROOT = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const runs = () => wholeNumberSetting('BENCH_STARTUP_RUNS', 3, 20);

/**
 * The built server (`dist/server/main.js`, what `npm start` runs) on `dataDir` and `port`, as the
 * benches run it: on PGlite, no daily backup in the middle of a measurement, `env` added.
 */
export function spawnBuiltServer(
  port: number,
  dataDir: string,
  secret: string,
  options: { env?: Record<string, string>; logLevel: 'info' | 'warn'; stdout: 'pipe' | 'ignore' },
): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: options.logLevel,
      DATA_DIR: dataDir,
      BACKUP_KEEP: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_SECRET: secret,
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', options.stdout, 'inherit'],
  });
}

/** Resolves once the server on `port` answers /api/health; fails when it exits first. */
export async function untilAnswering(child: ChildProcess, port: number): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The built server exited with ${child.exitCode} before answering`);
    }
    const answered = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (answered) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Startup {
  /** From the spawn to the first 200 from /api/health. */
  ms: number;
  /** The server process's CPU time (user and system) at that moment, from /proc. */
  cpuMs: number | undefined;
  /** The server's own account, from its "listening" log line (server/server.ts). */
  phases:
    | {
        modulesMs: number;
        databaseMs: number;
        appMs: number;
        modulesCpuMs?: number;
        databaseCpuMs?: number;
        appCpuMs?: number;
      }
    | undefined;
}

/** The median of some figures (the lower middle of an even count). */
function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;
}

/** Min and median of one figure over the starts, e.g. "1210 ms (min 1105)". */
function minAndMedian(values: readonly (number | undefined)[]): string {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === 0 ? '–' : `${median(known).toFixed(0)} ms (min ${Math.min(...known).toFixed(0)})`;
}

/** Starts the built server on `dataDir` and times it to its first answer. */
async function timeToFirstAnswer(dataDir: string, secret: string): Promise<Startup> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnBuiltServer(port, dataDir, secret, { logLevel: 'info', stdout: 'pipe' });
  let phases: Startup['phases'];
  let output = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    output += chunk;
    for (const line of output.split('\n')) {
      if (line.includes('"Stride is listening"')) {
        phases = (JSON.parse(line) as { startup?: Startup['phases'] }).startup;
      }
    }
    output = output.slice(output.lastIndexOf('\n') + 1);
  });
  try {
    await untilAnswering(child, port);
    return { ms: performance.now() - started, cpuMs: cpuMs(child.pid), phases };
  } finally {
    await stop(child);
  }
}

export const startupBench: Bench = {
  name: 'Start-up: first answer on an existing data folder',
  id: 'startup',
  async run() {
    execSync('npm run build:server', { cwd: ROOT, stdio: 'inherit' });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stride-startup-'));
    const secret = randomBytes(32).toString('hex');
    try {
      const first = await timeToFirstAnswer(dataDir, secret);
      const again: Startup[] = [];
      for (let run = 0; run < runs(); run += 1) {
        again.push(await timeToFirstAnswer(dataDir, secret));
      }
      const phase = (pick: (phases: NonNullable<Startup['phases']>) => number | undefined) =>
        minAndMedian(again.map((startup) => (startup.phases ? pick(startup.phases) : undefined)));
      const row = (label: string, starts: readonly Startup[]) => [
        label,
        minAndMedian(starts.map((startup) => startup.ms)),
        minAndMedian(starts.map((startup) => startup.cpuMs)),
      ];
      const middle = median(again.map((startup) => startup.ms));
      return {
        headers: ['start', 'first 200 from /api/health', 'server CPU by then (user + sys)'],
        rows: [
          row('new data folder (creates and migrates the database)', [first]),
          row(`existing data folder (median of ${again.length})`, again),
          ['  loading the modules', phase((phases) => phases.modulesMs), phase((phases) => phases.modulesCpuMs)],
          ['  opening the database', phase((phases) => phases.databaseMs), phase((phases) => phases.databaseCpuMs)],
          ['  building the app until it listens', phase((phases) => phases.appMs), phase((phases) => phases.appCpuMs)],
        ],
        checks: [
          {
            label: `First answer on an existing data folder ≤ ${TARGET_MS} ms`,
            measured: `${middle.toFixed(0)} ms (each: ${again.map((startup) => startup.ms.toFixed(0)).join(', ')})`,
            passed: middle <= TARGET_MS,
          },
        ],
        notes: [
          'The built server (npm run build:server) in its own process, PGlite in DATA_DIR/pglite, timed from the spawn to the first 200.',
          'The phases are the server’s own account from its "Stride is listening" line: loading the modules (the process’s time until start-up begins), opening and migrating the database, then building the app until it listens.',
          'CPU time counts every thread of the server (the compiler’s too) and barely moves when other work shares the machine; the clock does.',
        ],
      };
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
