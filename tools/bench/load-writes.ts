/**
 * Load scenario "reads with writes": 50 connections over BENCH_WRITES_RUNNERS runners (20), each
 * with BENCH_WRITES_ACTIVITIES activities (1,000), first reading the dashboard alone, then with
 * BENCH_WRITES_SHARE of the requests (0.1) a write: a rename, an edit of the distance, a manual
 * entry, a gear change or a check-in. Each write is followed at once by the read that must show it
 * (the list page, the totals, the gear list, the readiness); one that does not is a stale read.
 * Side by side in one run, on PGlite and on PostgreSQL.
 *
 * Two connections never write the same row: each has its own activity (one of its runner's page 1)
 * and its own shoe, only one connection of a runner checks in, and a manual entry is checked by the
 * sport's count having grown, which other writers can only make larger.
 */
import { CHECK_INS_PER_DAY } from '../../core/wellbeing/wellbeing-api.ts';
import type { BenchCheck, BenchReport } from './bench.ts';
import { drive, Latencies, randomSource, send, target, timed, type Target } from './load-generator.ts';
import {
  CONNECTIONS,
  DASHBOARD_PATHS,
  formatSplit,
  loadSeconds,
  startCpuSplit,
  startServerProcess,
  stopServerProcess,
  type CpuSplit,
  type LoadContext,
  type LoadScenario,
  type Server,
  wholeNumberSetting,
} from './load-support.ts';

const TARGETS = { readShare: 0.5, readsP99Ms: 150, writesP99Ms: 300, stale: 0 };
const ZONE = 'timeZone=Europe%2FBerlin';
const LIST_PATH = '/api/activities?limit=10';

const runners = () => wholeNumberSetting('BENCH_WRITES_RUNNERS', 20, 1000);
const activities = () => wholeNumberSetting('BENCH_WRITES_ACTIVITIES', 1000, 100_000);

/** The share of requests that write (BENCH_WRITES_SHARE, 0.1): above 0, at most 1. */
function writeShare(): number {
  const value = Number(process.env.BENCH_WRITES_SHARE ?? '0.1');
  if (!Number.isFinite(value) || value <= 0 || value > 1) {
    throw new Error('BENCH_WRITES_SHARE must be a share above 0 and at most 1');
  }
  return value;
}

interface Connection {
  cookie: string;
  /** Its own activity (on its runner's page 1) to rename and edit, and its own shoe. */
  activityId: string;
  gearId: string;
  /**
   * Only one connection of a runner checks in (the readiness shows the runner's latest), and no
   * more often than a runner may in a day.
   */
  checksIn: boolean;
  checkIns: number;
  writes: number;
  reads: number;
}

interface Measured {
  run: string;
  reads: Latencies;
  writes: Latencies;
  readRps: number;
  writeRps: number;
  stale: number;
  staleExamples: string[];
  split: CpuSplit | undefined;
}

type Kind = 'rename' | 'edit' | 'manual entry' | 'gear change' | 'check-in';
const KINDS: readonly Kind[] = ['rename', 'edit', 'manual entry', 'gear change', 'check-in'];

async function prepare(to: Target, cookies: readonly string[]): Promise<Connection[]> {
  const connections: Connection[] = [];
  for (let index = 0; index < CONNECTIONS; index += 1) {
    const cookie = cookies[index % cookies.length] ?? '';
    const slot = Math.floor(index / cookies.length);
    const page = await send(to, 'GET', LIST_PATH, cookie, { read: true });
    const { items } = JSON.parse(page.body) as { items: { id: string }[] };
    const activityId = items[slot]?.id;
    const shoe = await send(to, 'POST', '/api/gear', cookie, {
      body: { kind: 'shoe', name: `Shoe ${index}` },
      read: true,
    });
    if (activityId === undefined || shoe.status !== 201) {
      throw new Error(`Preparing connection ${index}: no activity on page 1, or the gear answered ${shoe.status}`);
    }
    const { id: gearId } = JSON.parse(shoe.body) as { id: string };
    connections.push({ cookie, activityId, gearId, checksIn: slot === 0, checkIns: 0, writes: 0, reads: 0 });
  }
  return connections;
}

/** A write of the connection's next kind and the read that must show it; a description when it does not. */
async function writeAndCheck(
  to: Target,
  connection: Connection,
  index: number,
  reads: Latencies,
  writes: Latencies,
): Promise<string | undefined> {
  const kinds = KINDS.filter(
    (kind) => kind !== 'check-in' || (connection.checksIn && connection.checkIns < CHECK_INS_PER_DAY),
  );
  const kind = kinds[connection.writes % kinds.length] as Kind;
  connection.writes += 1;
  const n = connection.writes;
  const { cookie, activityId } = connection;
  const write = (method: string, path: string, body: unknown) =>
    timed(writes, () => send(to, method, path, cookie, { body, read: true }));
  const read = async <T>(path: string): Promise<T | undefined> => {
    const answer = await timed(reads, () => send(to, 'GET', path, cookie, { read: true }));
    return answer && answer.status === 200 ? (JSON.parse(answer.body) as T) : undefined;
  };
  type Page = { items: { id: string; name: string; distance: number }[] };
  switch (kind) {
    case 'rename': {
      const name = `Renamed ${index}-${n}`;
      await write('PATCH', `/api/activities/${activityId}`, { name });
      const shown = (await read<Page>(LIST_PATH))?.items.find((item) => item.id === activityId)?.name;
      return shown === name ? undefined : `rename: the list shows "${shown}", not "${name}"`;
    }
    case 'edit': {
      const distance = 5000 + (n % 2 === 0 ? 1000 : 2000) + index;
      await write('PATCH', `/api/activities/${activityId}`, { distance });
      const shown = (await read<Page>(LIST_PATH))?.items.find((item) => item.id === activityId)?.distance;
      return shown === distance ? undefined : `edit: the list shows ${shown} m, not ${distance} m`;
    }
    case 'manual entry': {
      type Totals = { sports: { type: string; activities: number }[] };
      const walks = (totals: Totals | undefined) => totals?.sports.find((sport) => sport.type === 'walk')?.activities;
      const before = walks(await read<Totals>('/api/activities/totals')) ?? 0;
      await write('POST', '/api/activities/manual', {
        type: 'walk',
        distance: 3000,
        movingTime: 1800,
        startDateLocal: '2019-06-01T07:00',
        timeZone: 'Europe/Berlin',
      });
      const after = walks(await read<Totals>('/api/activities/totals')) ?? 0;
      return after > before ? undefined : `manual entry: the totals show ${after} walks, as before it`;
    }
    case 'gear change': {
      const name = `Shoe ${index}-${n}`;
      await write('PATCH', `/api/gear/${connection.gearId}`, { name });
      const gear = await read<{ gear: { id: string; name: string }[] }>('/api/gear');
      const shown = gear?.gear.find((item) => item.id === connection.gearId)?.name;
      return shown === name ? undefined : `gear change: the gear list shows "${shown}", not "${name}"`;
    }
    case 'check-in': {
      connection.checkIns += 1;
      const level = n % 2 === 0 ? 'high' : 'low';
      const answers = Object.fromEntries(
        [
          'sleepQuality',
          'energyLevel',
          'stressLevel',
          'soreness',
          'hydration',
          'nutrition',
          'moodRating',
          'injuryFeeling',
        ].map((question) => [question, level]),
      );
      const saved = await write('POST', `/api/wellbeing/check-ins?${ZONE}`, answers);
      const score = saved?.status === 201 ? (JSON.parse(saved.body) as { wellbeingScore: number }).wellbeingScore : -1;
      const shown = (await read<{ score: number | null }>(`/api/readiness?${ZONE}`))?.score;
      return shown === score ? undefined : `check-in: the readiness shows ${shown}, not ${score}`;
    }
  }
}

async function measure(
  run: string,
  server: Server,
  to: Target,
  connections: Connection[],
  writeShare: number,
  seconds: number,
): Promise<Measured> {
  const reads = new Latencies();
  const writes = new Latencies();
  const random = randomSource(1);
  let stale = 0;
  const staleExamples: string[] = [];
  const split = startCpuSplit([server]);
  const wall = await drive(connections.length, seconds, async (index) => {
    const connection = connections[index] as Connection;
    if (random() < writeShare) {
      const problem = await writeAndCheck(to, connection, index, reads, writes);
      if (problem !== undefined) {
        stale += 1;
        if (staleExamples.length < 3) {
          staleExamples.push(problem);
        }
      }
      return;
    }
    const path = DASHBOARD_PATHS[(connection.reads + index) % DASHBOARD_PATHS.length] as string;
    connection.reads += 1;
    await timed(reads, () => send(to, 'GET', path, connection.cookie));
  });
  return {
    run,
    reads,
    writes,
    readRps: reads.count / wall,
    writeRps: writes.count / wall,
    stale,
    staleExamples,
    split: split(),
  };
}

async function runSetup(setup: string, env: Record<string, string>): Promise<{ setup: string; rows: Measured[] }> {
  const server = await startServerProcess({
    ...env,
    BENCH_ROLE: 'seed',
    BENCH_RUNNERS: String(runners()),
    BENCH_ACTIVITIES: String(activities()),
  });
  try {
    const to = target(server.url, CONNECTIONS);
    const connections = await prepare(to, server.cookies);
    const share = writeShare();
    // A short run first, so the JIT, the pools and the caches are not part of the figures.
    await measure('warm-up', server, to, connections, share, 2);
    const alone = await measure('reads alone', server, to, connections, 0, loadSeconds());
    const mixed = await measure(
      `reads + ${Math.round(share * 100)} % writes`,
      server,
      to,
      connections,
      share,
      loadSeconds(),
    );
    to.agent.destroy();
    return { setup, rows: [alone, mixed] };
  } finally {
    await stopServerProcess(server);
  }
}

export const readsWithWrites: LoadScenario = {
  id: 'writes',
  title: 'Reads with writes',
  async run(context: LoadContext): Promise<BenchReport> {
    const setups = [await runSetup('PGlite, 1 server', context.serverEnv)];
    const notes: string[] = [];
    if (context.postgresUrl) {
      setups.push(
        await context.withPostgresDatabase((url) =>
          runSetup('PostgreSQL, 1 server', { ...context.serverEnv, BENCH_DATABASE_URL: url }),
        ),
      );
    } else {
      notes.push('Reads with writes on PostgreSQL skipped: no BENCH_DATABASE_URL or TEST_DATABASE_URL.');
    }
    const checks: BenchCheck[] = [];
    for (const { setup, rows } of setups) {
      const [alone, mixed] = rows as [Measured, Measured];
      const share = mixed.readRps / alone.readRps;
      checks.push(
        {
          label: `${setup}: reads with writes ≥ ${TARGETS.readShare * 100} % of reads alone`,
          measured: `${mixed.readRps.toFixed(0)} against ${alone.readRps.toFixed(0)} req/s (${(share * 100).toFixed(0)} %)`,
          passed: share >= TARGETS.readShare,
        },
        {
          label: `${setup}: with writes, reads p99 ≤ ${TARGETS.readsP99Ms} ms and writes p99 ≤ ${TARGETS.writesP99Ms} ms`,
          measured: `reads ${mixed.reads.percentile(0.99)} ms, writes ${mixed.writes.percentile(0.99)} ms`,
          passed:
            mixed.reads.percentile(0.99) <= TARGETS.readsP99Ms && mixed.writes.percentile(0.99) <= TARGETS.writesP99Ms,
        },
        {
          label: `${setup}: no stale read after a write`,
          measured: `${mixed.stale} stale of ${mixed.writes.count} checked${mixed.staleExamples.length > 0 ? ` (${mixed.staleExamples.join('; ')})` : ''}`,
          passed: mixed.stale === TARGETS.stale,
        },
      );
      const failed = rows.reduce((sum, row) => sum + row.reads.failed + row.writes.failed, 0);
      if (failed > 0) {
        checks.push({ label: `${setup}: every answer 2xx`, measured: `${failed} failed`, passed: false });
      }
    }
    notes.push(
      `${CONNECTIONS} connections over ${runners()} runners of ${activities()} activities, ${loadSeconds()} s a run; a write is a rename, an edit, a manual entry, a gear change or a check-in in turn, each followed by the read that must show it (counted with the reads).`,
    );
    return {
      headers: [
        'setup',
        'run',
        'reads req/s',
        'reads p50',
        'reads p99',
        'writes req/s',
        'writes p99',
        'stale',
        'CPU cores',
      ],
      rows: setups.flatMap(({ setup, rows }) =>
        rows.map((row) => [
          setup,
          row.run,
          row.readRps.toFixed(0),
          `${row.reads.percentile(0.5)} ms`,
          `${row.reads.percentile(0.99)} ms`,
          row.writeRps.toFixed(0),
          row.writes.count === 0 ? '–' : `${row.writes.percentile(0.99)} ms`,
          String(row.stale),
          formatSplit(row.split),
        ]),
      ),
      checks,
      notes,
    };
  },
};
