/**
 * The Strava sync over HTTP against the simulator: a full sync of 1,000
 * activities across pages, idempotent re-syncs, edits on Strava, incremental syncs, the limiter's
 * spacing, and a server restart in the middle of a sync.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INCREMENTAL_LOOKBACK_MS } from '../services/strava/sync-worker.ts';
import type { ActivityDetail, ActivityPage, ActivitySummary } from '../../core/activity/schemas.ts';
import type { StravaStatus, SyncProgress } from '../../core/strava/api.ts';
import { utcOffsetSeconds } from '../../tools/strava-simulator/strava-time.ts';
import { createStravaSimulator, type StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { createSecretBox } from '../security/secret-box.ts';
import { registerUser, signedInClient } from '../test-support/factories.ts';
import { cookieHeader } from '../test-support/uploads.ts';
import {
  connectStrava,
  connectedRunner,
  integrationRow,
  listRequests,
  loggedRequests,
  recordingClock,
  startStravaTestServer,
  stravaConfigFor,
  syncAndWait,
  updateIntegrationRow,
  waitForSync,
  type ConnectedRunner,
} from '../test-support/strava.ts';
import { createTestDatabase, startTestServer, type TestServer } from '../test-support/test-server.ts';

let server: TestServer;
let strava: StravaSimulator;

/**
 * A server with a simulator of its own that enforces no rate limits. Its Strava clock moves on over
 * each wait (retries, the limiter's 15-minute window once the file's syncs have used it up)
 * instead of the test sitting through it.
 */
const steppingClock = () => recordingClock(0);
const startSyncServer = () =>
  startStravaTestServer({ simulator: { enforceRateLimits: false }, clock: steppingClock() });

beforeAll(async () => {
  ({ server, strava } = await startSyncServer());
});

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
});

async function stravaRows(target: TestServer, userId: string) {
  return target.database.db
    .selectFrom('activities')
    .select(['id', 'stravaId', 'name', 'distance', 'startDate', 'source', 'detailCachedAt'])
    .where('userId', '=', userId)
    .where('source', '=', 'strava')
    .execute();
}

const simulatedIds = (simulator: StravaSimulator, athleteId: number) =>
  [...simulator.state.activities.values()]
    .filter((activity) => activity.athleteId === athleteId)
    .map((activity) => String(activity.id))
    .sort();

describe('a full sync of 1,000 activities', () => {
  let runner: ConnectedRunner;
  let wallMs: number;

  beforeAll(async () => {
    const user = await registerUser(server);
    const athlete = strava.addAthlete({ activities: 1000, signIn: true });
    const started = Date.now();
    const connected = await connectStrava(user.client);
    expect(connected.status).toBe(200);
    const status = await waitForSync(user.client, 120_000);
    wallMs = Date.now() - started;
    runner = { ...user, athlete, status };
  }, 180_000);

  it('pages athlete/activities 100 at a time until the short 11th page', async () => {
    const sealed = (await integrationRow(server, runner.id))?.accessToken ?? '';
    const bearer = `Bearer ${createSecretBox(server.config.appSecret).open(sealed, 'strava:access-token')}`;
    // 1,000 activities fill ten pages; the 11th comes back empty and ends the sync.
    const requests = listRequests(strava).filter((request) => request.authorization === bearer);
    expect(requests.map((request) => request.query)).toEqual(
      Array.from({ length: 11 }, (_unused, index) => ({ page: String(index + 1), per_page: '100' })),
    );
    expect(requests.every((request) => request.status === 200)).toBe(true);
    console.info(`[strava] full sync of 1,000 activities, ${requests.length} pages: ${wallMs} ms wall time`);
  });

  it('ends done with every page and activity counted', () => {
    expect(runner.status.sync).toMatchObject({
      kind: 'full',
      state: 'done',
      pages: 11,
      activities: 1000,
      imported: 1000,
      error: null,
      resumesAt: null,
    });
    expect(runner.status.sync?.finishedAt).not.toBeNull();
    expect(runner.status.activityCount).toBe(1000);
    expect(runner.status.lastSyncAt).toBe(runner.status.sync?.finishedAt);
  });

  it('stores each Strava activity once, as a Strava activity', async () => {
    const rows = await stravaRows(server, runner.id);
    expect(rows).toHaveLength(1000);
    expect(rows.map((row) => row.stravaId).sort()).toEqual(simulatedIds(strava, runner.athlete.id));

    const page = await runner.client.get<ActivityPage>('/api/activities?limit=200');
    expect(page.body.total).toBe(1000);
    expect(page.body.items.every((item) => item.source === 'strava' && item.stravaId !== null)).toBe(true);
    const starts = page.body.items.map((item) => item.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    expect((await runner.client.get<ActivityPage>('/api/activities?source=strava')).body.total).toBe(1000);
  });

  it("normalises Strava's fields into each listed activity", async () => {
    const listed: ActivitySummary[] = [];
    for (let page = 1, total = 1; listed.length < total; page += 1) {
      const answer: ActivityPage = (await runner.client.get<ActivityPage>(`/api/activities?limit=200&page=${page}`))
        .body;
      listed.push(...answer.items);
      total = answer.total;
      expect(answer.items.length).toBeGreaterThan(0);
    }
    expect(listed).toHaveLength(1000);
    const types = {
      Run: 'run',
      TrailRun: 'run',
      Ride: 'ride',
      Walk: 'walk',
      Hike: 'hike',
      Swim: 'swim',
      Yoga: 'other',
    } as const;

    for (const item of listed) {
      const simulated = strava.state.activities.get(Number(item.stravaId));
      expect(simulated?.athleteId).toBe(runner.athlete.id);
      if (!simulated) {
        continue;
      }
      const offsetMs = utcOffsetSeconds(simulated.startMs, simulated.timeZone) * 1000;
      expect(item).toMatchObject({
        name: simulated.name,
        type: types[simulated.sportType],
        source: 'strava',
        startDate: new Date(simulated.startMs).toISOString(),
        startDateLocal: new Date(simulated.startMs + offsetMs).toISOString().slice(0, 19),
        timezone: simulated.timeZone,
        distance: simulated.distance,
        movingTime: simulated.movingTime,
        elapsedTime: simulated.elapsedTime,
        elevationGain: simulated.totalElevationGain,
        averageHeartrate: simulated.hasHeartrate ? simulated.averageHeartrate : null,
        maxHeartrate: simulated.hasHeartrate ? simulated.maxHeartrate : null,
        startLatLng: { lat: simulated.startLat, lng: simulated.startLng },
      });
      expect(item.averageSpeed).toBeCloseTo(simulated.distance / simulated.movingTime, 2);
    }
  });

  it('imports nothing new when the full sync runs again', async () => {
    const before = listRequests(strava).length;

    const status = await syncAndWait(runner.client, { full: true });

    expect(status.sync).toMatchObject({ kind: 'full', state: 'done', pages: 11, activities: 1000, imported: 0 });
    expect(
      listRequests(strava)
        .slice(before)
        .map((request) => request.query.page),
    ).toEqual(Array.from({ length: 11 }, (_unused, index) => String(index + 1)));
    expect(await stravaRows(server, runner.id)).toHaveLength(1000);
  });

  it('updates an activity edited on Strava', async () => {
    const rows = await stravaRows(server, runner.id);
    const target = rows[123];
    expect(target).toBeDefined();
    const edited = strava.editActivity(Number(target?.stravaId), {
      name: 'Edited on Strava',
      distance: (target?.distance ?? 0) + 321,
    });

    const status = await syncAndWait(runner.client, { full: true });

    expect(status.sync).toMatchObject({ state: 'done', activities: 1000, imported: 1 });
    const detail = await runner.client.get<ActivityDetail>(`/api/activities/${target?.id}`);
    expect(detail.body).toMatchObject({
      name: 'Edited on Strava',
      distance: edited.distance,
      stravaId: target?.stravaId,
    });
    expect(await stravaRows(server, runner.id)).toHaveLength(1000);
  });

  it('asks an incremental sync only for what started after a week before the newest stored activity', async () => {
    const rows = await stravaRows(server, runner.id);
    const newest = Math.max(...rows.map((row) => row.startDate.getTime()));
    const added = strava.addActivity(runner.athlete.id, { name: 'Fresh from the watch' });
    expect(added.startMs).toBeGreaterThan(newest);
    const before = listRequests(strava).length;

    const status = await syncAndWait(runner.client);

    const lookback = (newest - INCREMENTAL_LOOKBACK_MS) / 1000;
    const inWindow = rows.filter((row) => row.startDate.getTime() / 1000 > Math.floor(lookback)).length;
    // The week before the newest stored run comes again (unchanged: not imported) with the new one.
    expect(status.sync).toMatchObject({
      kind: 'incremental',
      state: 'done',
      pages: 1,
      activities: inWindow + 1,
      imported: 1,
    });
    expect(
      listRequests(strava)
        .slice(before)
        .map((request) => request.query),
    ).toEqual([{ page: '1', per_page: '100', after: String(Math.floor(lookback)) }]);
    const after = await stravaRows(server, runner.id);
    expect(after).toHaveLength(1001);
    expect(after.filter((row) => row.stravaId === String(added.id)).map((row) => row.name)).toEqual([
      'Fresh from the watch',
    ]);

    const again = await syncAndWait(runner.client);
    expect(again.sync).toMatchObject({ kind: 'incremental', state: 'done', imported: 0 });
    expect(listRequests(strava).at(-1)?.query.after).toBe(
      String(Math.floor((added.startMs - INCREMENTAL_LOOKBACK_MS) / 1000)),
    );
    expect(await stravaRows(server, runner.id)).toHaveLength(1001);
  });

  it('makes a second "Sync now" join the sync already running', async () => {
    const first = await runner.client.post<SyncProgress>('/api/strava/sync', { full: true });
    const second = await runner.client.post<SyncProgress>('/api/strava/sync', {});

    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body).toMatchObject({ kind: 'full', startedAt: first.body.startedAt });
    const status = await waitForSync(
      runner.client,
      60_000,
      (current) => current.sync?.startedAt === first.body.startedAt && current.sync.state === 'done',
    );
    expect(status.sync?.pages).toBe(11);
  });
});

describe('a later sync after the first one', () => {
  it('starts as a full sync when nothing is stored, and catches up incrementally after a reconnect', async () => {
    const runner = await connectedRunner(server, strava, 30);
    expect(runner.status.sync).toMatchObject({ kind: 'full', state: 'done', activities: 30 });

    // The connection ended without a disconnect (Strava refused the token): the activities stayed.
    await updateIntegrationRow(server, runner.id, { isActive: false, disconnectedAt: new Date() });
    strava.addActivity(runner.athlete.id, { name: 'Run while disconnected' });
    strava.state.signedInAthleteId = runner.athlete.id;
    const reconnected = await connectStrava(runner.client);
    expect(reconnected.status).toBe(200);
    expect(reconnected.body.sync?.kind).toBe('incremental');

    const status = await waitForSync(
      runner.client,
      60_000,
      (current) => current.sync?.kind === 'incremental' && current.sync.state === 'done',
    );
    // Only the new run is imported (the week re-read before it comes back unchanged).
    expect(status.sync?.imported).toBe(1);
    expect(status.activityCount).toBe(31);
  });

  it('syncs in full after the runner disconnected, which deleted what Strava had sent', async () => {
    const runner = await connectedRunner(server, strava, 4);
    expect((await runner.client.delete('/api/strava/connection')).status).toBe(200);
    strava.state.signedInAthleteId = runner.athlete.id;

    const reconnected = await connectStrava(runner.client);

    expect(reconnected.body.sync?.kind).toBe('full');
    const status = await waitForSync(runner.client);
    expect(status.activityCount).toBe(4);
  });
});

describe('a sync that failed part-way', () => {
  it('is completed by the next "Sync now": the older pages it never fetched are not skipped', async () => {
    const user = await registerUser(server);
    const athlete = strava.addAthlete({ activities: 350, signIn: true });
    strava.setFault('slow', { ms: 150, match: '/athlete/activities' });
    try {
      expect((await connectStrava(user.client)).status).toBe(200);
      await waitForSync(user.client, 30_000, (status) => (status.sync?.pages ?? 0) >= 2);
      // Strava goes down after the newest pages arrived: the sync gives up after its retries.
      strava.setFault('serverError', { count: 4, status: 500, match: '/athlete/activities' });
      const failed = await waitForSync(user.client);
      expect(failed.sync).toMatchObject({ kind: 'full', state: 'failed' });
      expect(failed.activityCount).toBeLessThan(350);
    } finally {
      strava.clearFaults();
    }

    const status = await syncAndWait(user.client);

    expect(status.sync?.state).toBe('done');
    expect(status.activityCount).toBe(350);
    expect((await stravaRows(server, user.id)).map((row) => row.stravaId).sort()).toEqual(
      simulatedIds(strava, athlete.id),
    );
  });

  it('leaves no gap after an incremental sync that failed part-way', async () => {
    const runner = await connectedRunner(server, strava, 20);
    const newest = Math.max(
      ...[...strava.state.activities.values()]
        .filter((activity) => activity.athleteId === runner.athlete.id)
        .map((activity) => activity.startMs),
    );
    // 250 runs since the last sync: three pages, newest first.
    for (let index = 0; index < 250; index += 1) {
      strava.addActivity(runner.athlete.id, { startMs: newest + (index + 1) * 60_000 });
    }
    strava.setFault('slow', { ms: 150, match: '/athlete/activities' });
    try {
      const queued = await runner.client.post<SyncProgress>('/api/strava/sync', {});
      expect(queued.body.kind).toBe('incremental');
      await waitForSync(runner.client, 30_000, (status) => (status.sync?.pages ?? 0) >= 1);
      strava.setFault('serverError', { count: 4, status: 500, match: '/athlete/activities' });
      const failed = await waitForSync(runner.client);
      expect(failed.sync).toMatchObject({ kind: 'incremental', state: 'failed' });
      expect(failed.activityCount).toBeLessThan(270);
    } finally {
      strava.clearFaults();
    }

    const status = await syncAndWait(runner.client);

    expect(status.sync?.state).toBe('done');
    expect(status.activityCount).toBe(270);
  });
});

describe('progress and clean-up', () => {
  it('pushes the progress to the open page over Server-Sent Events, page by page', async () => {
    const user = await registerUser(server);
    strava.addAthlete({ activities: 250, signIn: true });
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/events`, {
      headers: { cookie: cookieHeader(user.client) },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const events = () =>
      received
        .split('\n\n')
        .map((block) => ({
          event: /^event: (.*)$/m.exec(block)?.[1] ?? '',
          data: /^data: (.*)$/m.exec(block)?.[1] ?? '{}',
        }))
        .filter((entry) => entry.event !== '');
    const progress = () =>
      events()
        .filter((entry) => entry.event === 'strava-sync')
        .map((entry) => (JSON.parse(entry.data) as { progress: SyncProgress }).progress);
    const readUntil = async (done: () => boolean) => {
      while (!done()) {
        const chunk = await reader.read();
        if (chunk.done) {
          break;
        }
        received += chunk.value;
      }
    };
    try {
      await readUntil(() => received.includes('event: ready'));

      expect((await connectStrava(user.client)).status).toBe(200);
      await readUntil(() => progress().some((entry) => entry.state === 'done'));
    } finally {
      controller.abort();
    }

    const seen = progress();
    expect(seen[0]).toMatchObject({ kind: 'full', state: 'queued', pages: 0, activities: 0 });
    const running = seen.filter((entry) => entry.state === 'running' && entry.pages > 0);
    expect(running.map((entry) => [entry.pages, entry.activities])).toEqual([
      [1, 100],
      [2, 200],
      [3, 250],
    ]);
    expect(seen.at(-1)).toMatchObject({ state: 'done', pages: 3, activities: 250, imported: 250 });
    expect(events().map((entry) => entry.event)).toEqual(
      expect.arrayContaining(['strava-connection', 'activities-changed']),
    );
  });

  it('leaves nothing behind when a runner deletes the account mid-sync, and keeps syncing others', async () => {
    const leaver = await registerUser(server);
    strava.addAthlete({ activities: 500, signIn: true });
    strava.setFault('slow', { ms: 150, match: '/athlete/activities' });
    try {
      expect((await connectStrava(leaver.client)).status).toBe(200);
      await waitForSync(leaver.client, 30_000, (status) => (status.sync?.pages ?? 0) >= 1);

      const deleted = await leaver.client.delete('/api/account', {
        confirmEmail: leaver.credentials.email,
        password: leaver.credentials.password,
      });

      expect(deleted.status).toBe(200);
    } finally {
      strava.clearFaults();
    }
    const { db } = server.database;
    const left = await Promise.all([
      db.selectFrom('stravaIntegrations').selectAll().where('userId', '=', leaver.id).execute(),
      db.selectFrom('stravaSyncJobs').selectAll().where('userId', '=', leaver.id).execute(),
      db.selectFrom('activities').select('id').where('userId', '=', leaver.id).execute(),
    ]);
    expect(left).toEqual([[], [], []]);
    // Stride's access was withdrawn at Strava first.
    expect(loggedRequests(strava, '/oauth/deauthorize', 'POST').at(-1)?.status).toBe(200);

    const next = await connectedRunner(server, strava, 20);
    expect(next.status.sync).toMatchObject({ state: 'done', activities: 20 });
  });
});

describe("the limiter's spacing", () => {
  const spacingMs = 200;
  let spacedServer: TestServer;
  let spacedStrava: StravaSimulator;

  beforeAll(async () => {
    ({ server: spacedServer, strava: spacedStrava } = await startStravaTestServer({
      simulator: { enforceRateLimits: false },
      strava: { minSpacingMs: spacingMs },
    }));
  });

  afterAll(async () => {
    await spacedServer?.stop();
    await spacedStrava?.stop();
  });

  it('keeps every Strava request of the server at least minSpacingMs apart, even concurrent ones', async () => {
    const runner = await connectedRunner(spacedServer, spacedStrava, 150);
    const page = await runner.client.get<ActivityPage>('/api/activities?limit=6');

    // Six activities opened at once: six detail requests to Strava wanting to go out together.
    const openedAt = Date.now();
    const opened = await Promise.all(
      page.body.items.map((item) => runner.client.get<ActivityDetail>(`/api/activities/${item.id}`)),
    );

    expect(opened.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(opened.every((response) => response.body.stravaError === null)).toBe(true);
    const details = loggedRequests(spacedStrava, '/api/v3/').filter(
      (request) => /^\/api\/v3\/activities\/\d+$/.test(request.path) && request.time >= openedAt,
    );
    expect(details).toHaveLength(6);
    // The k-th request of the six waits its k slots after they were asked for: a busy machine can
    // only make it later (a timer never fires early), so the bound holds however slow the machine
    // is; without the limiter all six arrive within a few ms. The millisecond is the clock's rounding.
    const arrivals = details.map((request) => request.time).sort((a, b) => a - b);
    arrivals.forEach((arrival, k) => expect(arrival).toBeGreaterThanOrEqual(openedAt + k * spacingMs - 1));
  });
});

describe('a server restart in the middle of a sync', () => {
  it('resumes on the next server at the first unfinished page, with nothing lost or doubled', async () => {
    const database = await createTestDatabase({ persistent: true });
    const simulator = await createStravaSimulator({ seed: 11, enforceRateLimits: false });
    const appSecret = randomBytes(30).toString('base64url');
    const start = () =>
      startTestServer({ appSecret, strava: stravaConfigFor(simulator) }, { database, stravaClock: steppingClock() });
    let first: TestServer | undefined;
    let second: TestServer | undefined;
    try {
      first = await start();
      const user = await registerUser(first);
      const athlete = simulator.addAthlete({ activities: 600, signIn: true });
      // Each page takes a while, so the server is stopped with the sync part-way.
      simulator.setFault('slow', { ms: 250, match: '/athlete/activities' });
      expect((await connectStrava(user.client)).status).toBe(200);
      await waitForSync(user.client, 30_000, (status) => (status.sync?.pages ?? 0) >= 2);

      const firstServer = first;
      first = undefined;
      await firstServer.stop();
      const stoppedAt = Date.now();
      simulator.clearFaults();
      const byFirst = listRequests(simulator).filter((request) => request.time <= stoppedAt);

      second = await start();
      const client = await signedInClient(second, user.credentials);
      const status = await waitForSync(client, 60_000);

      expect(status.sync).toMatchObject({ kind: 'full', state: 'done', pages: 7, activities: 600, imported: 600 });
      const rows = await stravaRows(second, user.id);
      expect(rows).toHaveLength(600);
      expect(rows.map((row) => row.stravaId).sort()).toEqual(simulatedIds(simulator, athlete.id));

      const bySecond = listRequests(simulator)
        .filter((request) => request.time > stoppedAt)
        .map((request) => Number(request.query.page));
      const resumedAt = bySecond[0] ?? 0;
      // The first server finished pages 1 … resumedAt - 1 (and may have had the next one in flight).
      expect(resumedAt).toBeGreaterThanOrEqual(3);
      expect(bySecond).toEqual(Array.from({ length: 8 - resumedAt }, (_unused, index) => resumedAt + index));
      const firstPages = byFirst.map((request) => Number(request.query.page));
      expect(firstPages.slice(0, resumedAt - 1)).toEqual(
        Array.from({ length: resumedAt - 1 }, (_unused, index) => index + 1),
      );
      expect(firstPages.length).toBeLessThanOrEqual(resumedAt);
      const statusAfter = await client.get<StravaStatus>('/api/strava/status');
      expect(statusAfter.body.activityCount).toBe(600);
    } finally {
      await first?.stop();
      await second?.stop();
      await simulator.stop();
      await database.destroy();
    }
  }, 120_000);
});

describe('runners take turns', () => {
  // A server and simulator of their own, so that no other test's sync takes a turn.
  let server: TestServer;
  let strava: StravaSimulator;
  beforeAll(async () => {
    ({ server, strava } = await startSyncServer());
  });
  afterAll(async () => {
    await server?.stop();
    await strava?.stop();
  });

  it("one runner's repeated full syncs do not hold back another runner's first sync", async () => {
    const heavy = await connectedRunner(server, strava, 450);
    const heavyAuth = listRequests(strava).at(-1)?.authorization;
    // Seven back-to-back full syncs: each "Sync now" joins the open one or queues the next.
    strava.setFault('slow', { ms: 100, match: '/athlete/activities' });
    try {
      const first = await heavy.client.post<SyncProgress>('/api/strava/sync', { full: true });
      expect(first.status).toBe(202);
      await waitForSync(heavy.client, 30_000, (status) => (status.sync?.pages ?? 0) >= 1);

      const newcomer = await registerUser(server);
      strava.addAthlete({ activities: 30, signIn: true });
      expect((await connectStrava(newcomer.client)).status).toBe(200);
      const done = await waitForSync(newcomer.client);
      expect(done.sync).toMatchObject({ state: 'done', pages: 1, activities: 30 });

      // The list requests that arrived once the newcomer's sync was queued.
      const queuedAt = Date.parse(done.sync?.startedAt ?? '');
      const since = listRequests(strava).filter((request) => request.time >= queuedAt);
      const firstOfNewcomer = since.findIndex((request) => request.authorization !== heavyAuth);
      // At most one page of the heavy runner's went first (asked for just as the newcomer queued);
      // without turns all the rest of its sync did.
      expect(firstOfNewcomer).toBeGreaterThanOrEqual(0);
      expect(firstOfNewcomer).toBeLessThanOrEqual(1);
      const heavyDone = await waitForSync(heavy.client);
      expect(heavyDone.sync).toMatchObject({ state: 'done', pages: 5, activities: 450 });
    } finally {
      strava.clearFaults();
    }
  }, 60_000);
});
