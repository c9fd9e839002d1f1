/**
 * Load: 50 connections for BENCH_LOAD_SECONDS (default 20) against real app servers on loopback,
 * each server in its own process (load-server.ts), side by side in one run: the health probe, one of
 * the built web app's scripts (after `npm run build:web`), page 1 of the activity list of a runner
 * with 1,000 activities as the web app asks for it, and the requests the dashboard makes when it
 * opens (weather from a local stand-in). On PGlite, on PostgreSQL (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL; skipped with the reason when neither is set), and with two app servers on one
 * PostgreSQL database. BENCH_CPU_PROF=folder writes a V8 CPU profile of every server process into
 * that folder; BENCH_LOAD_SCENARIO=list|dashboard|health|static runs one read scenario, and
 * BENCH_LOAD_SCENARIO=<id> one of `loadScenarios()` (`writes`: load-writes.ts, `club`: load-club.ts,
 * `cold`: load-cold.ts, `uploads`: load-uploads.ts, `memory`: load-memory.ts).
 *
 * Each scenario is a {@link LoadScenario} in `loadScenarios()`, run in turn: the first one's table is the
 * report's, each further one's a section of it. A new scenario is a module exporting one, listed
 * there; what they share is load-support.ts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Bench, BenchCheck, BenchReport } from './bench.ts';
import { clubOnPostgres } from './load-club.ts';
import { coldCachesScenario } from './load-cold.ts';
import { memoryScenario } from './load-memory.ts';
import { uploadsBesideReadersScenario } from './load-uploads.ts';
import {
  CONNECTIONS,
  type CpuSplit,
  DASHBOARD_PATHS,
  fire,
  formatSplit,
  LIST_PATH,
  type LoadContext,
  loadSeconds,
  type LoadScenario,
  type Server,
  startCpuSplit,
  startServerProcess,
  stopServerProcess,
  totalCpuMs,
  warmUp,
  withPostgresDatabase,
} from './load-support.ts';
import { readsWithWrites } from './load-writes.ts';

const ACTIVITIES = 1000;
/** Targets (spec of the load work): checks that report pass or fail, never test assertions. */
const TARGETS = {
  pgliteMixRps: 500,
  pgliteMixP99Ms: 150,
  pgliteListRps: 1000,
  postgresMixRps: 700,
  twoServersFactor: 1.6,
};

const WEB_DIR = path.resolve(import.meta.dirname, '../../dist/web');

/** One of the built web app's scripts, as the browser asks for it; undefined before `npm run build:web`. */
function staticAssetPath(): string | undefined {
  const assets = path.join(WEB_DIR, 'assets');
  const script = existsSync(assets) ? readdirSync(assets).find((name) => name.endsWith('.js')) : undefined;
  return script === undefined ? undefined : `/assets/${script}`;
}

function scenarios(): { name: string; paths: readonly string[] }[] {
  const asset = staticAssetPath();
  return [
    { name: 'health', paths: ['/api/health'] },
    ...(asset ? [{ name: 'static asset', paths: [asset] }] : []),
    { name: 'activity list, page 1', paths: [LIST_PATH] },
    { name: 'dashboard mix', paths: DASHBOARD_PATHS },
  ];
}

interface Measured {
  setup: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The servers' CPU time (all threads) per answered request: steadier than req/s on a shared machine. */
  cpuMsPerRequest: number | undefined;
  /** Where the machine's CPU went meanwhile. */
  split: CpuSplit | undefined;
}

/** Runs every scenario with the 50 connections split evenly over the servers, all at once. */
async function measure(setup: string, servers: readonly Server[], cookie: string): Promise<Measured[]> {
  const measured: Measured[] = [];
  // BENCH_LOAD_SCENARIO=list (any part of a scenario's name) runs that one alone, e.g. to profile it.
  const only = process.env.BENCH_LOAD_SCENARIO?.toLowerCase();
  for (const scenario of scenarios().filter((candidate) => !only || candidate.name.includes(only))) {
    await warmUp(servers, cookie);
    const cpuBefore = totalCpuMs(servers);
    const split = startCpuSplit(servers);
    const results = await Promise.all(
      servers.map((server) => fire(server.url, cookie, scenario.paths, CONNECTIONS / servers.length).result),
    );
    const cpuAfter = totalCpuMs(servers);
    const spent = split();
    const answered = results.reduce((sum, result) => sum + result.requests.total, 0);
    measured.push({
      setup,
      scenario: scenario.name,
      rps: results.reduce((sum, result) => sum + result.requests.average, 0),
      // Across servers: the worse of the two, so two servers never look better than they are.
      p50: Math.max(...results.map((result) => result.latency.p50)),
      p99: Math.max(...results.map((result) => result.latency.p99)),
      non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
      errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
      cpuMsPerRequest:
        cpuBefore === undefined || cpuAfter === undefined || answered === 0
          ? undefined
          : (cpuAfter - cpuBefore) / answered,
      split: spent,
    });
  }
  return measured;
}

async function run(
  setup: string,
  count: 1 | 2,
  serverEnv: Record<string, string>,
  databaseUrl?: string,
): Promise<Measured[]> {
  const env = {
    ...serverEnv,
    BENCH_ACTIVITIES: String(ACTIVITIES),
    ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
  };
  const first = await startServerProcess({ ...env, BENCH_ROLE: 'seed' });
  const servers = [first];
  try {
    if (count === 2) {
      servers.push(await startServerProcess({ ...env, BENCH_ROLE: 'join' }));
    }
    return await measure(setup, servers, first.cookie);
  } finally {
    await Promise.all(servers.map(stopServerProcess));
  }
}

/** The reads alone: health, a static asset, the list and the dashboard, one runner, autocannon. */
const readsAlone: LoadScenario = {
  id: 'reads',
  title: 'Reads',
  async run({ postgresUrl, withPostgresDatabase: onPostgres, serverEnv }) {
    const notes: string[] = [];
    const measured = await run('PGlite, 1 server', 1, serverEnv);
    if (postgresUrl) {
      measured.push(...(await onPostgres((url) => run('PostgreSQL, 1 server', 1, serverEnv, url))));
      measured.push(...(await onPostgres((url) => run('PostgreSQL, 2 servers', 2, serverEnv, url))));
    } else {
      notes.push(
        'PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a database whose role may CREATE DATABASE.',
      );
    }
    const find = (setup: string, scenario: string) =>
      measured.find((row) => row.setup === setup && row.scenario === scenario);
    const checks: BenchCheck[] = [];
    const LIST = 'activity list, page 1';
    const MIX = 'dashboard mix';
    const pgliteMix = find('PGlite, 1 server', MIX);
    if (pgliteMix) {
      checks.push({
        label: `Dashboard mix on PGlite ≥ ${TARGETS.pgliteMixRps} req/s with p99 ≤ ${TARGETS.pgliteMixP99Ms} ms`,
        measured: `${pgliteMix.rps.toFixed(0)} req/s, p99 ${pgliteMix.p99} ms`,
        passed: pgliteMix.rps >= TARGETS.pgliteMixRps && pgliteMix.p99 <= TARGETS.pgliteMixP99Ms,
      });
    }
    const pgliteList = find('PGlite, 1 server', LIST);
    if (pgliteList) {
      checks.push({
        label: `Activity list page 1 on PGlite ≥ ${TARGETS.pgliteListRps} req/s`,
        measured: `${pgliteList.rps.toFixed(0)} req/s, p99 ${pgliteList.p99} ms`,
        passed: pgliteList.rps >= TARGETS.pgliteListRps,
      });
    }
    const oneMix = find('PostgreSQL, 1 server', MIX);
    if (oneMix) {
      checks.push({
        label: `Dashboard mix on PostgreSQL, one app server ≥ ${TARGETS.postgresMixRps} req/s`,
        measured: `${oneMix.rps.toFixed(0)} req/s, p99 ${oneMix.p99} ms`,
        passed: oneMix.rps >= TARGETS.postgresMixRps,
      });
    }
    const twoMix = find('PostgreSQL, 2 servers', MIX);
    if (oneMix && twoMix) {
      checks.push({
        label: `Dashboard mix with two app servers ≥ ${TARGETS.twoServersFactor}× one`,
        measured: `${twoMix.rps.toFixed(0)} req/s (${(twoMix.rps / oneMix.rps).toFixed(2)}×)`,
        passed: twoMix.rps >= TARGETS.twoServersFactor * oneMix.rps,
      });
    }
    for (const row of measured) {
      if (row.non2xx > 0 || row.errors > 0) {
        checks.push({
          label: `${row.setup}, ${row.scenario}: every answer 2xx`,
          measured: `${row.non2xx} non-2xx, ${row.errors} errors`,
          passed: false,
        });
      }
    }
    notes.push(
      `${CONNECTIONS} connections for ${loadSeconds()} s a scenario (BENCH_LOAD_SECONDS), ${ACTIVITIES} activities, the load generator on the same machine as the servers (and PostgreSQL).`,
      'With two servers the connections are split between them, req/s is the sum and p50/p99 the worse of the two.',
      "Server CPU/request: the app servers' CPU time (all their threads, not PostgreSQL's) over the run divided by the answers; it moves far less than req/s when other work shares the machine.",
      'CPU cores used: where the machine went during the scenario, in cores of all it has: the app servers, PostgreSQL, the load generator (this process), and other work on the machine; a sum near all the cores means the machine, not Stride, set the pace.',
    );
    return {
      headers: [
        'setup',
        'scenario',
        'req/s',
        'p50',
        'p99',
        'server CPU/request',
        'CPU cores used: app · PG · load · other / all',
      ],
      rows: measured.map((row) => [
        row.setup,
        row.scenario,
        row.rps.toFixed(0),
        `${row.p50} ms`,
        `${row.p99} ms`,
        row.cpuMsPerRequest === undefined ? '–' : `${row.cpuMsPerRequest.toFixed(2)} ms`,
        formatSplit(row.split),
      ]),
      checks,
      notes,
    };
  },
};

/**
 * The load scenarios, in the order they run; each further one is a line here. A function, as the
 * scenarios' modules import this one's helpers.
 */
const loadScenarios = (): LoadScenario[] => [
  readsAlone,
  readsWithWrites,
  clubOnPostgres,
  { id: 'cold', title: 'Cold caches, a ten-year history', run: coldCachesScenario },
  { id: 'uploads', title: 'Uploads beside readers', run: uploadsBesideReadersScenario },
  { id: 'memory', title: 'Memory', run: memoryScenario },
];

export const loadBench: Bench = {
  name: `Load: ${CONNECTIONS} connections on reads, reads with writes, a club on PostgreSQL, cold caches, uploads beside readers, memory`,
  id: 'load',
  async run() {
    const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    const context: LoadContext = {
      postgresUrl,
      withPostgresDatabase: <T>(work: (url: string) => Promise<T>) => {
        if (!postgresUrl) {
          throw new Error('PostgreSQL is not configured: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
        }
        return withPostgresDatabase(postgresUrl, work, 'bench_lw');
      },
      serverEnv: {
        BENCH_APP_SECRET: randomBytes(32).toString('hex'),
        ...(existsSync(WEB_DIR) ? { BENCH_WEB_DIR: WEB_DIR } : {}),
      },
    };
    // BENCH_LOAD_SCENARIO=<id> runs that scenario alone; any other value filters the reads.
    const only = process.env.BENCH_LOAD_SCENARIO?.toLowerCase();
    const all = loadScenarios();
    const byId = all.find((scenario) => scenario.id === only);
    const selected = only === undefined ? all : [byId ?? readsAlone];
    const reports: { title: string; report: BenchReport }[] = [];
    for (const scenario of selected) {
      reports.push({ title: scenario.title, report: await scenario.run(context) });
    }
    const [first, ...further] = reports;
    if (!first) {
      throw new Error('No load scenario selected');
    }
    return {
      ...first.report,
      checks: reports.flatMap(({ report }) => report.checks),
      notes: reports.flatMap(({ report }) => report.notes),
      sections: further.map(({ title, report }) => ({ title, headers: report.headers, rows: report.rows })),
    };
  },
};
