/**
 * Load scenario "memory": the built server (`dist/server/main.js`, what `npm start` runs, after
 * `npm run build:server`) on PGlite, its resident memory from /proc:
 * - idle on an empty data folder, once it answers and has settled;
 * - idle after a runner with BENCH_COLD_ACTIVITIES activities (default 10,000, ten years; seeded
 *   beforehand by load-server.ts into the same folder) opened the dashboard, the Charts page's
 *   whole history and the activity list;
 * - the peak during the import of a Strava export of BENCH_ARCHIVE_ACTIVITIES activities (default
 *   5,000; archive.bench.ts writes it), sampled every 100 ms, nothing else asking.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startOpenMeteoStandIn } from '../service-stand-ins/open-meteo.ts';
import { archiveActivities, importArchive, importCheck, residentKb, writeArchive } from './archive.bench.ts';
import type { BenchCheck, BenchReport } from './bench.ts';
import { DASHBOARD_PATHS, startServerProcess, stopServerProcess, type Server } from './load-support.ts';
import { signUp } from './server-fixture.ts';
import { freePort, spawnBuiltServer, untilAnswering } from './startup.bench.ts';

const TARGETS_MB = { idle: 200, importPeak: 600 };
const ROOT = path.resolve(import.meta.dirname, '../..');
/** How long an idle server is left before its memory is read: its start-up work and timers settle. */
const SETTLE_MS = 5000;

/** The built server on `dataDir`, answering; `url`, a cookie to fill in, and its process. */
async function startBuilt(dataDir: string, secret: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawnBuiltServer(port, dataDir, secret, { env, logLevel: 'warn', stdout: 'ignore' });
  await untilAnswering(child, port);
  return { url: `http://127.0.0.1:${port}`, cookie: '', cookies: [], child };
}

const settledMb = async (server: Server) => {
  await delay(SETTLE_MS);
  return (residentKb(server.child.pid)?.rss ?? Number.NaN) / 1024;
};

async function idleEmpty(dir: string): Promise<number> {
  const server = await startBuilt(path.join(dir, 'empty'), randomBytes(32).toString('hex'), {});
  try {
    return await settledMb(server);
  } finally {
    await stopServerProcess(server);
  }
}

/** Seeds the long history with load-server.ts, then opens its reads on the built server. */
async function idleAfterDashboard(dir: string): Promise<{ mb: number; activities: number }> {
  const dataDir = path.join(dir, 'history');
  const secret = randomBytes(32).toString('hex');
  const activities = Number(process.env.BENCH_COLD_ACTIVITIES ?? '10000');
  const meteo = await startOpenMeteoStandIn();
  try {
    const seeding = await startServerProcess({
      BENCH_ROLE: 'seed',
      BENCH_ACTIVITIES: String(activities),
      BENCH_HISTORY: 'long',
      BENCH_DATA_DIR: dataDir,
      BENCH_APP_SECRET: secret,
    });
    const { cookie } = seeding;
    await stopServerProcess(seeding);
    const server = await startBuilt(dataDir, secret, {
      WEATHER_URL: meteo.url,
      WEATHER_ARCHIVE_URL: meteo.url,
      WEATHER_GEOCODING_URL: meteo.url,
    });
    try {
      const reads = [
        ...DASHBOARD_PATHS,
        '/api/charts?period=all&timeZone=Europe%2FBerlin',
        '/api/personal-bests?distance=5k',
        '/api/activities?sort=pace&order=asc',
      ];
      for (const read of reads) {
        const response = await fetch(`${server.url}${read}`, { headers: { cookie } });
        await response.arrayBuffer();
        if (!response.ok) {
          throw new Error(`GET ${read} answered ${response.status}`);
        }
      }
      return { mb: await settledMb(server), activities };
    } finally {
      await stopServerProcess(server);
    }
  } finally {
    await meteo.close();
  }
}

async function importPeak(dir: string) {
  const archive = await writeArchive(dir, archiveActivities());
  const server = await startBuilt(path.join(dir, 'import'), randomBytes(32).toString('hex'), {});
  try {
    const runner = await signUp(server.url, {
      name: 'Archive Runner',
      email: 'archive@example.com',
      password: 'memory-bench-password',
    });
    const beforeMb = (residentKb(server.child.pid)?.rss ?? Number.NaN) / 1024;
    const imported = await importArchive(server, runner, archive);
    return { archive, imported, beforeMb };
  } finally {
    await stopServerProcess(server);
  }
}

export async function memoryScenario(): Promise<BenchReport> {
  execSync('npm run build:server', { cwd: ROOT, stdio: 'ignore' });
  const loadBefore = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
  const dir = await mkdtemp(path.join(tmpdir(), 'stride-bench-memory-'));
  try {
    const empty = await idleEmpty(dir);
    const history = await idleAfterDashboard(dir);
    const { archive, imported, beforeMb } = await importPeak(dir);
    const peakMb = imported.peakKb / 1024;
    const checks: BenchCheck[] = [
      {
        label: `Idle RSS on PGlite, empty data folder ≤ ${TARGETS_MB.idle} MB`,
        measured: `${empty.toFixed(0)} MB`,
        passed: empty <= TARGETS_MB.idle,
      },
      {
        label: `Idle RSS on PGlite after a ${history.activities.toLocaleString('en')}-activity runner's dashboard ≤ ${TARGETS_MB.idle} MB`,
        measured: `${history.mb.toFixed(0)} MB`,
        passed: history.mb <= TARGETS_MB.idle,
      },
      {
        label: `Peak RSS during a ${archive.activities.toLocaleString('en')}-activity archive import ≤ ${TARGETS_MB.importPeak} MB`,
        measured: `${peakMb.toFixed(0)} MB (${beforeMb.toFixed(0)} MB before it)`,
        passed: peakMb <= TARGETS_MB.importPeak,
      },
      ...importCheck(imported, archive.activities),
    ];
    return {
      headers: ['built server on PGlite', 'RSS'],
      rows: [
        ['idle, empty data folder', `${empty.toFixed(0)} MB`],
        [
          `idle, after the dashboard of ${history.activities.toLocaleString('en')} activities`,
          `${history.mb.toFixed(0)} MB`,
        ],
        ['before the archive import (one runner)', `${beforeMb.toFixed(0)} MB`],
        [`peak during the archive import`, `${peakMb.toFixed(0)} MB`],
      ],
      checks,
      notes: [
        `Idle: read ${SETTLE_MS / 1000} s after the last answer. The import: ${archive.activities.toLocaleString('en')} activities (BENCH_ARCHIVE_ACTIVITIES), ${(archive.zipBytes / 1024 / 1024).toFixed(0)} MB ZIP, ${imported.totalSeconds.toFixed(0)} s, RSS sampled every 100 ms (the PGlite WebAssembly heap is part of it). Load average before: ${loadBefore}.`,
      ],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
