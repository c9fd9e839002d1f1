/**
 * What the load benchmark's scenarios share (load.bench.ts lists them): the app servers in their own
 * processes (load-server.ts), the dashboard's requests, autocannon's fire, the CPU split of the
 * machine (app servers, PostgreSQL, the load generator, other work) and a bench database on
 * PostgreSQL created and dropped around a run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import autocannon from 'autocannon';
import pg from 'pg';
import type { BenchReport } from './bench.ts';

export const CONNECTIONS = 50;

/** The browser's zone the web app sends with its day-based reads (web/src/lib/time-zone.ts). */
const TIME_ZONE = 'timeZone=Europe%2FBerlin';

/** Page 1 of the list as the web app asks for it (ActivityDataProvider: RECENT_ACTIVITIES_SIZE, no filters). */
export const LIST_PATH = '/api/activities?limit=10';

/**
 * What web/src asks for when the dashboard opens: the session (auth), the profile, the Strava
 * status card, the list page of the activity provider, the medal check's one-activity page, the
 * unseen medals badge, the sport totals, today's training tasks, readiness and the weather card
 * (the runner has a location).
 */
export const DASHBOARD_PATHS = [
  '/api/auth/get-session',
  '/api/profile',
  '/api/strava/status',
  LIST_PATH,
  '/api/activities?limit=1',
  '/api/medals/unseen',
  '/api/activities/totals',
  `/api/training/today?${TIME_ZONE}`,
  `/api/readiness?${TIME_ZONE}`,
  '/api/weather',
];

export interface Server {
  url: string;
  /** The first seeded runner's session cookie ('' for a server that seeded none). */
  cookie: string;
  /** Every seeded runner's (BENCH_RUNNERS). */
  cookies: string[];
  child: ChildProcess;
}

/** What a running scenario is given: the database and the app servers' shared settings. */
export interface LoadContext {
  /** PostgreSQL's admin URL, undefined when PostgreSQL is skipped. */
  postgresUrl: string | undefined;
  /** Runs `work` on a new PostgreSQL database (dropped after it); only when `postgresUrl` is set. */
  withPostgresDatabase: <T>(work: (url: string) => Promise<T>) => Promise<T>;
  /** The environment every app server of the run shares (its APP_SECRET, the built web app). */
  serverEnv: Record<string, string>;
}

/** One scenario of the load benchmark: its table, targets and notes. */
export interface LoadScenario {
  /** BENCH_LOAD_SCENARIO=<id> runs it alone. */
  id: string;
  title: string;
  run(context: LoadContext): Promise<BenchReport>;
}

/** CPU time a process has used so far, in ms (Linux /proc; undefined elsewhere). */
export function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export function totalCpuMs(servers: readonly Server[]): number | undefined {
  const each = servers.map((server) => cpuMs(server.child.pid));
  return each.some((value) => value === undefined)
    ? undefined
    : each.reduce<number>((sum, value) => sum + (value ?? 0), 0);
}

/** The CPU time of every process named `postgres` (the database's server processes), in ms. */
function postgresCpuMs(): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        sum += cpuMs(Number(entry)) ?? 0;
      }
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return sum;
}

/** The machine's CPU time so far, in ms over all cores: busy, and busy plus idle (/proc/stat). */
function machineCpuMs(): { busy: number; all: number } | undefined {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal, in ticks of 10 ms.
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    const busy = user + nice + system + irq + softirq + steal;
    return { busy: busy * 10, all: (busy + idle + iowait) * 10 };
  } catch {
    return undefined;
  }
}

/** Where the machine's CPU went during one scenario, in cores (out of the machine's all). */
export interface CpuSplit {
  servers: number;
  postgres: number;
  loadGenerator: number;
  other: number;
  cores: number;
}

/** Starts counting; the returned function gives the split since then. */
export function startCpuSplit(processes: readonly Server[]): () => CpuSplit | undefined {
  const machine = machineCpuMs();
  const app = totalCpuMs(processes);
  const database = postgresCpuMs();
  const generator = process.cpuUsage();
  const started = performance.now();
  return () => {
    const machineAfter = machineCpuMs();
    const appAfter = totalCpuMs(processes);
    if (!machine || !machineAfter || app === undefined || appAfter === undefined) {
      return undefined;
    }
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(generator);
    const cores = (ms: number) => ms / wallMs;
    const servers = cores(appAfter - app);
    // A database process that ended during the run takes its CPU time with it: never below zero.
    const postgres = cores(Math.max(0, postgresCpuMs() - database));
    const loadGenerator = cores((used.user + used.system) / 1000);
    const busy = cores(machineAfter.busy - machine.busy);
    return {
      servers,
      postgres,
      loadGenerator,
      other: Math.max(0, busy - servers - postgres - loadGenerator),
      cores: cores(machineAfter.all - machine.all),
    };
  };
}

/** A whole number the environment may set (`name`), `fallback` when it does not, from 1 to `most`. */
export function wholeNumberSetting(name: string, fallback: number, most: number): number {
  const value = Number(process.env[name] ?? String(fallback));
  if (!Number.isInteger(value) || value < 1 || value > most) {
    throw new Error(`${name} must be a whole number between 1 and ${most.toLocaleString('en')}`);
  }
  return value;
}

export function loadSeconds(): number {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? '20');
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 120) {
    throw new Error('BENCH_LOAD_SECONDS must be a number of seconds between 1 and 120');
  }
  return seconds;
}

export async function startServerProcess(env: Record<string, string>): Promise<Server> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
      path.join(import.meta.dirname, 'load-server.ts'),
    ],
    // The server's database is the one `env` names: BENCH_DATABASE_URL of the bench itself is the
    // admin URL new databases are made from, never a server's.
    { env: { ...process.env, BENCH_DATABASE_URL: '', ...env }, stdio: ['ignore', 'ignore', 'inherit', 'pipe', 'ipc'] },
  );
  const ready = child.stdio[3] as Readable;
  const line = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    ready.setEncoding('utf8');
    ready.on('data', (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end >= 0) {
        resolve(buffered.slice(0, end));
      }
    });
    child.once('exit', (code) => reject(new Error(`The bench server exited with ${code} before it was ready`)));
  });
  const { url, cookie, cookies } = JSON.parse(line) as { url: string; cookie: string; cookies: string[] };
  return { url, cookie, cookies, child };
}

/** An app server's read cache (answers, users, estimated bytes) and resident memory, asked over IPC. */
export function serverStats(
  server: Server,
): Promise<{ cache: { answers: number; users: number; bytes: number }; rssBytes: number }> {
  return new Promise((resolve) => {
    server.child.once('message', (message) => resolve(message as Awaited<ReturnType<typeof serverStats>>));
    server.child.send('stats');
  });
}

/** The split as the tables show it: app · PG · load · other / all, in cores. */
export function formatSplit(split: CpuSplit | undefined): string {
  return split === undefined
    ? '–'
    : [split.servers, split.postgres, split.loadGenerator, split.other].map((cores) => cores.toFixed(2)).join(' · ') +
        ` / ${split.cores.toFixed(1)}`;
}

export async function stopServerProcess(server: Server): Promise<void> {
  if (server.child.exitCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/**
 * One autocannon run against `url` with `connections`, cycling through `paths`, for `seconds`
 * (BENCH_LOAD_SECONDS by default) or until `stop()`; as fast as the connections go, or at `rate`
 * requests a second in all.
 */
export function fire(
  url: string,
  cookie: string,
  paths: readonly string[],
  connections: number,
  { seconds = loadSeconds(), rate }: { seconds?: number; rate?: number } = {},
): { result: Promise<autocannon.Result>; stop(): void } {
  let instance: autocannon.Instance | undefined;
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        ...(rate === undefined ? {} : { overallRate: rate }),
        headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
        requests: paths.map((requestPath) => ({ method: 'GET', path: requestPath })),
      },
      (error: unknown, finished) => {
        if (error) {
          reject(error instanceof Error ? error : new Error('autocannon failed'));
        } else {
          resolve(finished);
        }
      },
    );
  });
  return { result, stop: () => instance?.stop() };
}

/** A short warm-up, so the JIT and the connection pools are not part of the figures. */
export async function warmUp(servers: readonly Server[], cookie: string): Promise<void> {
  await Promise.all(
    servers.map((server) => autocannon({ url: server.url, connections: 5, amount: 200, headers: { cookie } })),
  );
}

export async function withPostgresDatabase<T>(
  adminUrl: string,
  work: (url: string) => Promise<T>,
  prefix = 'stride_bench',
): Promise<T> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
