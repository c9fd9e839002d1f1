/**
 * Load scenario "cold caches, long histories": a runner with BENCH_COLD_ACTIVITIES activities
 * (default 10,000 over ten years, long-history.ts), her reads asked one at a time of an app server
 * in its own process with the read cache off (READ_CACHE=off), so every answer comes from the
 * database. Each read is asked BENCH_COLD_REPEATS times (default 10) after one warm-up; its cost is
 * the server's CPU time over those requests (the app process, all threads; on PostgreSQL plus the
 * database's own processes serving this database) divided by them. The reads: what the dashboard
 * asks for, the Charts page's periods and personal bests, and the activity list filtered and sorted
 * every way the web app offers. Every read query is logged with its parameters (BENCH_QUERY_LOG of
 * load-server.ts); afterwards each distinct one is planned with sequential scans discouraged (a
 * sequential scan left on a table of the runner's history means no index serves it), and the
 * slowest three reads' slowest queries are printed with EXPLAIN ANALYZE. On PGlite, and on
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '../../server/db/pglite-open.ts';
import type { BenchCheck, BenchReport } from './bench.ts';
import {
  cpuMs,
  DASHBOARD_PATHS,
  startServerProcess,
  stopServerProcess,
  type LoadContext,
  type Server,
  wholeNumberSetting,
} from './load-support.ts';
import { median } from './server-fixture.ts';

const TARGETS_MS = { dashboard: 50, charts: 200, list: 50 } as const;
type Group = keyof typeof TARGETS_MS;
const TIME_ZONE = 'timeZone=Europe%2FBerlin';
/** The tables that grow with a runner's history: a sequential scan of one reads every runner's rows. */
const HISTORY_TABLES = ['activities', 'best_efforts', 'activity_loads', 'activity_tracks', 'user_medals'];

const activities = () => wholeNumberSetting('BENCH_COLD_ACTIVITIES', 10_000, 100_000);
const repeats = () => wholeNumberSetting('BENCH_COLD_REPEATS', 10, 1000);

/** The reads measured, each with the target its group has. */
export function coldReads(): { group: Group; path: string }[] {
  const lastYear = new Date(Date.now() - 365 * 24 * 3600_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const list = [
    ...['date', 'distance', 'time', 'pace'].flatMap((sort) =>
      ['desc', 'asc'].map((order) => `/api/activities?sort=${sort}&order=${order}`),
    ),
    '/api/activities?type=run&sort=distance&order=desc',
    '/api/activities?type=ride',
    '/api/activities?source=upload&sort=pace&order=asc',
    `/api/activities?from=${lastYear}&to=${today}&sort=time&order=desc`,
    '/api/activities?q=run%2012',
    '/api/activities?page=150',
  ];
  return [
    ...DASHBOARD_PATHS.map((read) => ({ group: 'dashboard' as const, path: read })),
    ...['12w', '12m', 'year', 'all'].map((period) => ({
      group: 'charts' as const,
      path: `/api/charts?period=${period}&${TIME_ZONE}`,
    })),
    ...['5k', '1k', 'half'].map((distance) => ({
      group: 'charts' as const,
      path: `/api/personal-bests?distance=${distance}`,
    })),
    ...list.map((read) => ({ group: 'list' as const, path: read })),
  ];
}

interface LoggedQuery {
  sql: string;
  parameters: unknown[];
  ms: number;
}

interface ReadCost {
  group: Group;
  path: string;
  appCpuMs: number;
  databaseCpuMs: number | undefined;
  medianMs: number;
  queries: LoggedQuery[];
}

/** The CPU time of PostgreSQL's processes serving `database` now (its backends, from pg_stat_activity). */
async function backendsCpuMs(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    database,
  ]);
  return rows.reduce((sum, row) => sum + (cpuMs(row.pid) ?? 0), 0);
}

async function readLog(file: string): Promise<LoggedQuery[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LoggedQuery);
}

async function measureReads(
  server: Server,
  logFile: string,
  database: { admin: pg.Client; name: string } | undefined,
): Promise<ReadCost[]> {
  const count = repeats();
  const costs: ReadCost[] = [];
  const ask = async (read: string) => {
    const started = performance.now();
    const response = await fetch(`${server.url}${read}`, { headers: { cookie: server.cookie } });
    await response.arrayBuffer();
    if (!response.ok) {
      throw new Error(`GET ${read} answered ${response.status}`);
    }
    return performance.now() - started;
  };
  for (const read of coldReads()) {
    // The first answer may store what later ones read (the runner's training loads), and warms the JIT.
    await ask(read.path);
    const logged = (await readLog(logFile)).length;
    const appBefore = cpuMs(server.child.pid) ?? 0;
    const databaseBefore = database ? await backendsCpuMs(database.admin, database.name) : undefined;
    const times: number[] = [];
    for (let time = 0; time < count; time += 1) {
      times.push(await ask(read.path));
    }
    const appAfter = cpuMs(server.child.pid) ?? 0;
    const databaseAfter = database ? await backendsCpuMs(database.admin, database.name) : undefined;
    costs.push({
      ...read,
      appCpuMs: (appAfter - appBefore) / count,
      databaseCpuMs:
        databaseBefore === undefined || databaseAfter === undefined
          ? undefined
          : Math.max(0, databaseAfter - databaseBefore) / count,
      medianMs: median(times),
      queries: (await readLog(logFile)).slice(logged),
    });
  }
  return costs;
}

/** Plans queries on the seeded database once the server has stopped (PGlite) or beside it (PostgreSQL). */
interface Explainer {
  explain(sql: string, parameters: readonly unknown[], analyze: boolean): Promise<string[]>;
  close(): Promise<void>;
}

type PlanRows = { rows: { 'QUERY PLAN': string }[] };

/** EXPLAIN through `query`; without ANALYZE with sequential scans off, so only a missing index leaves one. */
function explainer(
  query: (text: string, parameters?: unknown[]) => Promise<PlanRows>,
  close: () => Promise<void>,
): Explainer {
  return {
    async explain(sql, parameters, analyze) {
      await query(`set enable_seqscan = ${analyze ? 'on' : 'off'}`);
      const result = await query(`explain ${analyze ? '(analyze, buffers)' : ''} ${sql}`, [...parameters]);
      return result.rows.map((row) => row['QUERY PLAN']);
    },
    close,
  };
}

async function pgliteExplainer(dataDir: string): Promise<Explainer> {
  const pglite = await openPglite({ pgliteDir: path.join(dataDir, 'pglite') });
  return explainer(
    (text, parameters) => pglite.query<{ 'QUERY PLAN': string }>(text, parameters),
    () => pglite.close(),
  );
}

async function postgresExplainer(url: string): Promise<Explainer> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return explainer(
    (text, parameters) => client.query<{ 'QUERY PLAN': string }>(text, parameters),
    () => client.end(),
  );
}

const serverCpu = (cost: ReadCost) => cost.appCpuMs + (cost.databaseCpuMs ?? 0);

/** The distinct queries of the runs (by SQL text), each with its slowest logged time. */
function distinctQueries(costs: readonly ReadCost[]): LoggedQuery[] {
  const bySql = new Map<string, LoggedQuery>();
  for (const query of costs.flatMap((cost) => cost.queries)) {
    const known = bySql.get(query.sql);
    if (!known || known.ms < query.ms) {
      bySql.set(query.sql, query);
    }
  }
  return [...bySql.values()];
}

interface SetupResult {
  setup: string;
  costs: ReadCost[];
  /** Queries whose plan still reads a history table whole with sequential scans discouraged. */
  unindexed: { sql: string; tables: string[] }[];
  /** EXPLAIN ANALYZE of the slowest query of each of the slowest three reads. */
  plans: string[];
}

async function runSetup(setup: string, databaseUrl: string | undefined): Promise<SetupResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'stride-bench-cold-'));
  const logFile = path.join(dir, 'queries.jsonl');
  const server = await startServerProcess({
    BENCH_ROLE: 'seed',
    BENCH_ACTIVITIES: String(activities()),
    BENCH_HISTORY: 'long',
    READ_CACHE: 'off',
    BENCH_QUERY_LOG: logFile,
    BENCH_DATA_DIR: path.join(dir, 'data'),
    BENCH_APP_SECRET: randomBytes(32).toString('hex'),
    ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
  });
  let admin: pg.Client | undefined;
  let costs: ReadCost[];
  try {
    let database: { admin: pg.Client; name: string } | undefined;
    if (databaseUrl) {
      const adminUrl = new URL(databaseUrl);
      adminUrl.pathname = '/postgres';
      admin = new pg.Client({ connectionString: adminUrl.toString() });
      await admin.connect();
      database = { admin, name: new URL(databaseUrl).pathname.slice(1) };
    }
    costs = await measureReads(server, logFile, database);
  } finally {
    await admin?.end();
    await stopServerProcess(server);
  }
  const explainer = databaseUrl ? await postgresExplainer(databaseUrl) : await pgliteExplainer(path.join(dir, 'data'));
  try {
    const unindexed: SetupResult['unindexed'] = [];
    for (const query of distinctQueries(costs)) {
      const plan = (await explainer.explain(query.sql, query.parameters, false)).join('\n');
      const tables = HISTORY_TABLES.filter((table) => new RegExp(`Seq Scan on ${table}\\b`).test(plan));
      if (tables.length > 0) {
        unindexed.push({ sql: query.sql, tables });
      }
    }
    const plans: string[] = [];
    for (const cost of [...costs].sort((a, b) => serverCpu(b) - serverCpu(a)).slice(0, 3)) {
      const slowest = [...cost.queries].sort((a, b) => b.ms - a.ms)[0];
      if (slowest) {
        const plan = await explainer.explain(slowest.sql, slowest.parameters, true);
        plans.push(
          `${setup}, ${cost.path} (${serverCpu(cost).toFixed(1)} ms CPU): its slowest query (${slowest.ms.toFixed(1)} ms):\n${slowest.sql}\n${plan.join('\n')}`,
        );
      }
    }
    return { setup, costs, unindexed, plans };
  } finally {
    await explainer.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** A PostgreSQL database of its own for one run, dropped afterwards. */
const GROUP_LABELS: Record<Group, string> = {
  dashboard: "each of the dashboard's reads",
  charts: 'the Charts periods and personal bests',
  list: 'the activity list filtered and sorted each way',
};

export async function coldCachesScenario({ postgresUrl, withPostgresDatabase }: LoadContext): Promise<BenchReport> {
  const loadBefore = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
  const results = [await runSetup('PGlite', undefined)];
  const notes: string[] = [];
  if (postgresUrl) {
    results.push(await withPostgresDatabase((url) => runSetup('PostgreSQL', url)));
  } else {
    notes.push('Cold reads on PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).');
  }
  const checks: BenchCheck[] = [];
  for (const result of results) {
    for (const group of Object.keys(TARGETS_MS) as Group[]) {
      const costs = result.costs.filter((cost) => cost.group === group);
      const worst = costs.reduce((most, cost) => (serverCpu(cost) > serverCpu(most) ? cost : most));
      checks.push({
        label: `${result.setup}: ${GROUP_LABELS[group]} cold ≤ ${TARGETS_MS[group]} ms of server CPU`,
        measured: `the most ${serverCpu(worst).toFixed(1)} ms (${worst.path})`,
        passed: serverCpu(worst) <= TARGETS_MS[group],
      });
    }
    checks.push({
      label: `${result.setup}: every read query's plan reads the runner's history through an index`,
      measured:
        result.unindexed.length === 0
          ? `all ${distinctQueries(result.costs).length} distinct queries`
          : result.unindexed.map((query) => `${query.tables.join(', ')}: ${query.sql.slice(0, 160)}`).join(' | '),
      passed: result.unindexed.length === 0,
    });
  }
  notes.push(
    `${activities().toLocaleString('en')} activities over ten years (BENCH_COLD_ACTIVITIES), the read cache off (READ_CACHE=off); each read asked ${repeats()} times one after another (BENCH_COLD_REPEATS) after one warm-up. Server CPU: the app process's (all threads; PGlite runs inside it) plus, on PostgreSQL, its backends serving the bench database, per request (/proc, 10 ms ticks). Load average before: ${loadBefore}.`,
    'Plans: each distinct read query planned with enable_seqscan off; a sequential scan left on activities, best_efforts, activity_loads, activity_tracks or user_medals means no index serves it.',
    ...results.flatMap((result) => result.plans),
  );
  return {
    headers: ['setup', 'read', 'server CPU/request', 'of it database', 'median wall', 'queries'],
    rows: results.flatMap((result) =>
      result.costs.map((cost) => [
        result.setup,
        cost.path,
        `${serverCpu(cost).toFixed(1)} ms`,
        cost.databaseCpuMs === undefined ? '(in process)' : `${cost.databaseCpuMs.toFixed(1)} ms`,
        `${cost.medianMs.toFixed(1)} ms`,
        String(Math.round(cost.queries.length / repeats())),
      ]),
    ),
    checks,
    notes,
  };
}
