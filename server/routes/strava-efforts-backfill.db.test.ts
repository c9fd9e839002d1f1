/**
 * Strava runs' best efforts filled in the background after a sync, over HTTP against the simulator:
 * every synced run's detail is read once, newest first, on the general job queue (pg-boss on this
 * database); the Charts personal bests then rank Strava runs, say how far the back-fill is while it
 * runs, and a server stopped part-way leaves the rest to the next one, which asks for no finished
 * run again.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../core/activity/schemas.ts';
import { stravaEffortsProgressText, type PersonalBests } from '../../core/running/best-efforts-api.ts';
import {
  createStravaSimulator,
  type LoggedRequest,
  type StravaSimulator,
} from '../../tools/strava-simulator/strava-simulator.ts';
import { openDatabase } from '../db/database.ts';
import { registerUser, signedInClient } from '../test-support/factories.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import {
  connectStrava,
  connectedRunner,
  recordingClock,
  startStravaTestServer,
  stravaConfigFor,
  waitForSync,
  waitUntil,
  type ConnectedRunner,
} from '../test-support/strava.ts';
import { createTestDatabase, startTestServer, type TestServer } from '../test-support/test-server.ts';

const RUNS_WANTED = 12;

/** The simulator's `GET /api/v3/activities/{id}` requests (details, not streams), in order. */
function detailRequests(simulator: StravaSimulator): LoggedRequest[] {
  return simulator.state.requests.filter(
    (request) => request.method === 'GET' && /^\/api\/v3\/activities\/\d+$/.test(request.path),
  );
}

const idOf = (request: LoggedRequest) => request.path.split('/').at(-1) ?? '';

async function personalBests(client: ApiClient): Promise<PersonalBests> {
  const response = await client.get<PersonalBests>('/api/personal-bests?distance=5k');
  expect(response.status).toBe(200);
  return response.body;
}

/** Polls the personal bests until every Strava run has been read. */
function waitForEveryRun(client: ApiClient, timeoutMs = 60_000): Promise<PersonalBests> {
  return waitUntil(
    async () => {
      const bests = await personalBests(client);
      return bests.stravaEfforts.runs > 0 && bests.stravaEfforts.read === bests.stravaEfforts.runs && bests;
    },
    'every Strava run’s best efforts',
    timeoutMs,
  );
}

async function stravaRuns(client: ApiClient): Promise<{ id: string; stravaId: string; startDate: string }[]> {
  const page = await client.get<ActivityPage>('/api/activities?source=strava&type=run&limit=200');
  expect(page.status).toBe(200);
  return page.body.items
    .filter((item) => item.type === 'run')
    .map((item) => ({ id: item.id, stravaId: item.stravaId ?? '', startDate: item.startDate }));
}

describe('the back-fill after a sync', () => {
  let server: TestServer;
  let strava: StravaSimulator;
  let runner: ConnectedRunner;

  beforeAll(async () => {
    ({ server, strava } = await startStravaTestServer({
      simulator: { enforceRateLimits: false },
      strava: { effortsBackfill: true },
      clock: recordingClock(),
    }));
    runner = await connectedRunner(server, strava, 30);
  });

  afterAll(async () => {
    await server?.stop();
    await strava?.stop();
  });

  it('reads every synced run’s detail once, newest first, and ranks Strava runs in the personal bests', async () => {
    const bests = await waitForEveryRun(runner.client);
    const runs = await stravaRuns(runner.client);
    expect(runs.length).toBeGreaterThanOrEqual(RUNS_WANTED);
    expect(bests.stravaEfforts).toEqual({ read: runs.length, runs: runs.length });
    expect(stravaEffortsProgressText(bests.stravaEfforts)).toBeNull();

    // One detail request per run, none for rides or walks, newest run first.
    const asked = detailRequests(strava).map(idOf);
    const newestFirst = [...runs].sort((a, b) => b.startDate.localeCompare(a.startDate)).map((run) => run.stravaId);
    expect(asked).toEqual(newestFirst);

    // The 5K ranking now holds Strava runs, with Strava's own 5K time of that run.
    const fiveK = bests.distances.find((distance) => distance.distanceId === '5k');
    const best = fiveK?.efforts[0];
    expect(best).toBeDefined();
    const run = runs.find((candidate) => candidate.id === best?.activityId);
    expect(run).toBeDefined();
    const simulated = await runner.client.get<{ efforts: { distanceId: string; seconds: number }[] }>(
      `/api/activities/${run?.id ?? ''}/best-efforts`,
    );
    expect(simulated.body.efforts.find((effort) => effort.distanceId === '5k')?.seconds).toBe(best?.seconds);
    expect(bests.progression.steps.length).toBeGreaterThan(0);
    // Opening the runs asked Strava for nothing more about their details (they are a day fresh).
    expect(detailRequests(strava)).toHaveLength(runs.length);
  });

  it('a sync that brings nothing new asks Strava for no detail again', async () => {
    const before = detailRequests(strava).length;
    const synced = await runner.client.post('/api/strava/sync', {});
    expect(synced.status).toBe(202);
    await waitForSync(runner.client);
    // The queue is drained once the job the sync queued has run: wait for it through pg-boss's table.
    await waitUntil(
      async () =>
        Number(
          (
            await server.database.executeSql(
              `select count(*)::int as open from pgboss.job where name = 'strava-best-efforts' and state < 'completed'`,
            )
          ).rows[0]?.open,
        ) === 0,
      'the back-fill job the sync queued',
    );
    expect(detailRequests(strava)).toHaveLength(before);
  });
});

describe('a server stopped in the middle of the back-fill', () => {
  it('leaves the rest to the next server, which asks for no finished run again', async () => {
    const database = await createTestDatabase({ persistent: true });
    const simulator = await createStravaSimulator({ seed: 7, enforceRateLimits: false });
    const appSecret = randomBytes(30).toString('base64url');
    const start = () =>
      startTestServer(
        { appSecret, strava: stravaConfigFor(simulator, { effortsBackfill: true }) },
        { database, stravaClock: recordingClock() },
      );
    let first: TestServer | undefined;
    let second: TestServer | undefined;
    try {
      first = await start();
      const user = await registerUser(first);
      simulator.addAthlete({ activities: 30, signIn: true });
      // Strava answers four details, then stops answering: the fifth hangs in flight while the server stops.
      simulator.setFault('hang', { match: '/api/v3/activities/', after: 4 });
      expect((await connectStrava(user.client)).status).toBe(200);
      await waitForSync(user.client);
      await waitUntil(async () => (await personalBests(user.client)).stravaEfforts.read >= 4, 'four runs read');
      await waitUntil(() => detailRequests(simulator).some((request) => request.status === 0), 'a hanging request');
      const progress = (await personalBests(user.client)).stravaEfforts;
      expect(progress.read).toBeLessThan(progress.runs);
      expect(stravaEffortsProgressText(progress)).toBe(
        `Best efforts from ${progress.read} of ${progress.runs} Strava runs so far; the others are still being read from Strava.`,
      );
      const firstServer = first;
      first = undefined;
      await firstServer.stop();
      simulator.clearFaults();

      // What the first server finished, read from the database between the two servers.
      const handle = await openDatabase({
        databaseUrl: database.databaseUrl,
        pgliteDir: database.pgliteDir ?? undefined,
      });
      const finished = await handle.db
        .selectFrom('activities')
        .select('stravaId')
        .where('userId', '=', user.id)
        .where('stravaDetail', 'is not', null)
        .execute();
      await handle.close();
      expect(finished.length).toBe(progress.read);
      const askedByFirst = detailRequests(simulator).length;

      second = await start();
      const client = await signedInClient(second, user.credentials);
      const bests = await waitForEveryRun(client);
      expect(bests.stravaEfforts.read).toBe(bests.stravaEfforts.runs);

      const counts = new Map<string, number>();
      for (const request of detailRequests(simulator)) {
        counts.set(idOf(request), (counts.get(idOf(request)) ?? 0) + 1);
      }
      // Every run finished before the stop was asked for exactly once, by the first server.
      for (const run of finished) {
        expect(counts.get(run.stravaId ?? '')).toBe(1);
      }
      const askedBySecond = detailRequests(simulator).slice(askedByFirst).map(idOf);
      expect(askedBySecond.filter((id) => finished.some((run) => run.stravaId === id))).toEqual([]);
      // The second server read exactly the runs left: the one hanging at the stop and those after it.
      expect(askedBySecond).toHaveLength(bests.stravaEfforts.runs - finished.length);
    } finally {
      await first?.stop();
      await second?.stop();
      await simulator.stop();
      await database.destroy();
    }
  }, 120_000);
});
