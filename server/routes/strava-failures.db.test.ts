/**
 * Strava failing, over HTTP against the simulator (spec §8, §9): 429 with and without a reset
 * header, 5xx retried with backoff (list requests 2 s, 4 s, 8 s; token refresh 3 × 5 s), timeouts,
 * and the classified text of a sync that gives up. Waits go through a recording clock, so the test
 * asserts the 2 s / 4 s / 5 s / 60 s the client asked for without sitting through them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StravaStatus, SyncProgress } from '../../core/strava/api.ts';
import { ACTIVITY_ERROR_TEXTS } from '../../core/strava/messages.ts';
import type { StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { createSecretBox } from '../security/secret-box.ts';
import { openEventStream } from '../test-support/event-streams.ts';
import { registerUser } from '../test-support/factories.ts';
import {
  connectStrava,
  connectedRunner,
  integrationRow,
  listRequests,
  recordingClock,
  startStravaTestServer,
  syncAndWait,
  tokenGrants,
  updateIntegrationRow,
  waitForSync,
  waitUntil,
  type ConnectedRunner,
} from '../test-support/strava.ts';
import type { TestServer } from '../test-support/test-server.ts';

const REQUEST_TIMEOUT_MS = 1000;
const REFRESH_TIMEOUT_MS = 1000;
const SLOWER_THAN_TIMEOUT_MS = 2000;

const clock = recordingClock();
let server: TestServer;
let strava: StravaSimulator;

beforeAll(async () => {
  ({ server, strava } = await startStravaTestServer({
    simulator: { enforceRateLimits: false },
    strava: { requestTimeoutMs: REQUEST_TIMEOUT_MS, refreshTimeoutMs: REFRESH_TIMEOUT_MS },
    clock,
  }));
});

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
});

/** The sync progress the open page heard, in order. */
function syncProgress(text: string): SyncProgress[] {
  return [...text.matchAll(/event: strava-sync\ndata: (.*)\n/g)].map(
    (match) => (JSON.parse(match[1] ?? '{}') as { progress: SyncProgress }).progress,
  );
}

const syncStates = (text: string) => syncProgress(text).map((progress) => progress.state);

/** The retry and rate-limit waits the client asked for (the limiter's few-ms spacing left out). */
const longWaits = () => clock.waits.filter((ms) => ms >= 1000);

/** The list requests made since `since` with this user's access token, in the order they arrived. */
async function runnerListRequests(userId: string, since: number) {
  const sealed = (await integrationRow(server, userId))?.accessToken ?? '';
  const bearer = `Bearer ${createSecretBox(server.config.appSecret).open(sealed, 'strava:access-token')}`;
  return listRequests(strava)
    .filter((request) => request.time >= since && request.authorization === bearer)
    .sort((a, b) => a.time - b.time);
}

/**
 * Makes the stored access token expire within the 600 s margin of a request, so the sync refreshes
 * it, but not within the 300 s of a page load, so the status polls never start a refresh of their own.
 */
async function expireAccessToken(runner: ConnectedRunner): Promise<void> {
  await updateIntegrationRow(server, runner.id, {
    expiresAt: new Date(Date.now() + 450_000),
    lastRefreshAttempt: null,
  });
}

/** The refresh grants since `since` for this user's refresh token, in the order they arrived. */
async function refreshGrantsSince(userId: string, since: number) {
  const sealed = (await integrationRow(server, userId))?.refreshToken ?? '';
  const refreshToken = createSecretBox(server.config.appSecret).open(sealed, 'strava:refresh-token');
  return tokenGrants(strava, 'refresh_token')
    .filter((request) => request.time >= since && request.body.refresh_token === refreshToken)
    .sort((a, b) => a.time - b.time);
}

describe('429 Too Many Requests', () => {
  async function startSyncInto429(resetHeader: 'x-ratelimit-reset' | 'retry-after', resetInSeconds: number) {
    const user = await registerUser(server);
    strava.addAthlete({ activities: 150, signIn: true });
    strava.setFault('rateLimit', { count: 1, resetHeader, resetInSeconds, match: '/athlete/activities' });
    const since = Date.now();
    expect((await connectStrava(user.client)).status).toBe(200);
    const waiting = await waitForSync(
      user.client,
      45_000,
      (status) => status.sync?.state !== 'queued' && status.sync?.state !== 'running',
    );
    return { user, since, waiting };
  }

  it('waits until the time in X-RateLimit-Reset, then finishes the sync from the same page', async () => {
    const { user, since, waiting } = await startSyncInto429('x-ratelimit-reset', 2);

    expect(waiting.sync).toMatchObject({ state: 'waiting', pages: 0, error: null });
    const limited = (await runnerListRequests(user.id, since))[0];
    expect(limited).toMatchObject({ status: 429, query: { page: '1', per_page: '100' } });
    // The simulator sends X-RateLimit-Reset = its epoch second + 2, computed a moment after arrival
    // (so possibly one second later); the job resumes then, give or take the few ms it took to get there.
    const resetMs = (Math.floor((limited?.time ?? 0) / 1000) + 2) * 1000;
    const resumesAt = Date.parse(waiting.sync?.resumesAt ?? '');
    expect(resumesAt).toBeGreaterThanOrEqual(resetMs);
    expect(resumesAt).toBeLessThan(resetMs + 1000 + 100);

    const done = await waitForSync(user.client, 45_000);

    expect(done.sync).toMatchObject({ state: 'done', pages: 2, activities: 150, imported: 150, resumesAt: null });
    const requests = await runnerListRequests(user.id, since);
    expect(requests.map((request) => [request.query.page, request.status])).toEqual([
      ['1', 429],
      ['1', 200],
      ['2', 200],
    ]);
    // Nothing was asked of Strava before the reset time.
    expect(requests[1]?.time).toBeGreaterThanOrEqual(Date.parse(waiting.sync?.resumesAt ?? ''));
  });

  it('waits the seconds of Retry-After', async () => {
    const { user, since, waiting } = await startSyncInto429('retry-after', 1);
    const observedAt = Date.now();

    expect(waiting.sync?.state).toBe('waiting');
    const limited = (await runnerListRequests(user.id, since))[0];
    expect(limited?.status).toBe(429);
    // The job read the 429 after the simulator logged the request and before the test saw it waiting,
    // so it resumes one second after a moment between the two (an order of events, not a timing).
    const resumesAt = Date.parse(waiting.sync?.resumesAt ?? '');
    expect(resumesAt).toBeGreaterThanOrEqual((limited?.time ?? 0) + 1000);
    expect(resumesAt).toBeLessThanOrEqual(observedAt + 1000);

    const done = await waitForSync(user.client, 45_000);
    expect(done.sync).toMatchObject({ state: 'done', activities: 150 });
  });
});

describe('5xx answers', () => {
  let runner: ConnectedRunner;

  beforeAll(async () => {
    runner = await connectedRunner(server, strava, 150);
  });

  it('retries a list request that answered 500 twice, 2 s then 4 s later, and finishes', async () => {
    strava.setFault('serverError', { count: 2, status: 500, match: '/athlete/activities' });
    clock.waits.length = 0;
    const since = Date.now();

    const status = await syncAndWait(runner.client, { full: true });

    expect(status.sync).toMatchObject({ state: 'done', pages: 2, activities: 150, error: null });
    expect(longWaits()).toEqual([2000, 4000]);
    expect((await runnerListRequests(runner.id, since)).map((request) => [request.query.page, request.status])).toEqual(
      [
        ['1', 500],
        ['1', 500],
        ['1', 200],
        ['2', 200],
      ],
    );
  });

  it("gives up after 3 retries and fails the sync with the spec's API error text", async () => {
    strava.setFault('serverError', { count: 4, status: 502, match: '/athlete/activities' });
    clock.waits.length = 0;
    const since = Date.now();

    const status = await syncAndWait(runner.client, { full: true });

    expect(status.sync).toMatchObject({ state: 'failed', pages: 0, error: ACTIVITY_ERROR_TEXTS.api });
    expect(status.sync?.error).toBe('Error communicating with Strava. Please try again.');
    expect(status.connected).toBe(true);
    expect(longWaits()).toEqual([2000, 4000, 8000]);
    expect((await runnerListRequests(runner.id, since)).map((request) => request.status)).toEqual([502, 502, 502, 502]);

    // Strava is back: the next sync goes through.
    expect((await syncAndWait(runner.client, { full: true })).sync).toMatchObject({ state: 'done', activities: 150 });
  });

  it('retries a token refresh that answered 503, three times 5 s apart', async () => {
    await expireAccessToken(runner);
    strava.setFault('serverError', { count: 3, status: 503, match: '/oauth/token' });
    clock.waits.length = 0;
    const since = Date.now();

    const status = await syncAndWait(runner.client);

    expect(status.sync?.state).toBe('done');
    expect((await refreshGrantsSince(runner.id, since)).map((request) => request.status)).toEqual([503, 503, 503, 200]);
    expect(longWaits()).toEqual([5000, 5000, 5000]);
  });

  it('fails the sync as a connection issue when the refresh keeps failing, but stays connected', async () => {
    await expireAccessToken(runner);
    strava.setFault('serverError', { count: 4, status: 503, match: '/oauth/token' });
    clock.waits.length = 0;
    const since = Date.now();

    const status = await syncAndWait(runner.client);

    expect(status.sync).toMatchObject({ state: 'failed', error: ACTIVITY_ERROR_TEXTS.connection });
    expect(status.sync?.error).toBe('Strava connection issue. Please reconnect your Strava account.');
    expect((await refreshGrantsSince(runner.id, since)).map((request) => request.status)).toEqual([503, 503, 503, 503]);
    expect(longWaits()).toEqual([5000, 5000, 5000]);
    // An outage at Strava is not a reason to drop the connection.
    const after = (await runner.client.get<StravaStatus>('/api/strava/status')).body;
    expect(after.connected).toBe(true);
  });
});

describe('timeouts', () => {
  let runner: ConnectedRunner;

  beforeAll(async () => {
    runner = await connectedRunner(server, strava, 40);
  });

  it('retries a list request Strava did not answer in time', async () => {
    strava.setFault('slow', { ms: SLOWER_THAN_TIMEOUT_MS, count: 1, match: '/athlete/activities' });
    clock.waits.length = 0;
    const since = Date.now();

    const status = await syncAndWait(runner.client, { full: true });

    expect(status.sync).toMatchObject({ state: 'done', activities: 40 });
    expect(longWaits()).toEqual([2000]);
    // The abandoned request is logged once the simulator finally answers it.
    const requests = await waitUntil(async () => {
      const logged = await runnerListRequests(runner.id, since);
      return logged.length === 2 && logged;
    }, 'the slow request in the log');
    expect(requests.map((request) => request.query.page)).toEqual(['1', '1']);
    // The retry came before the slow answer would have: the client gave up on the first request.
    // (Its 1 s timeout is not measured here: on a loaded machine the first request may reach the
    // simulator late, so the gap between arrivals can be shorter than the timeout.)
    expect(requests[1]!.time - requests[0]!.time).toBeLessThan(SLOWER_THAN_TIMEOUT_MS);
  });

  it('retries a token refresh Strava did not answer in time', async () => {
    await expireAccessToken(runner);
    strava.setFault('slow', { ms: SLOWER_THAN_TIMEOUT_MS, count: 1, match: '/oauth/token' });
    clock.waits.length = 0;
    const since = Date.now();

    const status = await syncAndWait(runner.client);

    expect(status.sync?.state).toBe('done');
    expect(longWaits()).toEqual([5000]);
    const grants = await waitUntil(async () => {
      const logged = await refreshGrantsSince(runner.id, since);
      return logged.length === 2 && logged;
    }, 'the slow refresh in the log');
    expect(grants.map((request) => request.status)).toEqual([200, 200]);
    // The retry came before the slow answer would have: the client gave up on the first refresh.
    expect(grants[1]!.time - grants[0]!.time).toBeLessThan(SLOWER_THAN_TIMEOUT_MS);
  });

  it('fails the sync as a connection error when every attempt times out', async () => {
    strava.setFault('slow', { ms: SLOWER_THAN_TIMEOUT_MS, count: 4, match: '/athlete/activities' });
    clock.waits.length = 0;

    const status = await syncAndWait(runner.client, { full: true });

    expect(status.sync).toMatchObject({ state: 'failed', error: ACTIVITY_ERROR_TEXTS.network });
    expect(status.sync?.error).toBe('Connection error. Please check your internet connection.');
    expect(longWaits()).toEqual([2000, 4000, 8000]);
  });
});

// Last in the file: the 60 s block it leaves on the client's limiter would stretch every later wait.
describe('429 without a reset header', () => {
  it('waits 60 s, then finishes the sync', async () => {
    const user = await registerUser(server);
    strava.addAthlete({ activities: 120, signIn: true });
    strava.setFault('rateLimit', { count: 1, resetHeader: 'none', resetInSeconds: 0, match: '/athlete/activities' });
    const since = Date.now();
    expect((await connectStrava(user.client)).status).toBe(200);

    const waiting = await waitForSync(user.client, 45_000, (status) => status.sync?.state === 'waiting');

    const limited = (await runnerListRequests(user.id, since))[0];
    expect(limited?.status).toBe(429);
    const waitMs = Date.parse(waiting.sync?.resumesAt ?? '') - (limited?.time ?? 0);
    expect(waitMs).toBeGreaterThanOrEqual(60_000);
    expect(waitMs).toBeLessThan(70_000);

    // A "Sync now" while it waits joins the waiting job.
    const joined = await user.client.post<{ state: string }>('/api/strava/sync', {});
    expect(joined.body.state).toBe('waiting');

    // Sixty real seconds are too long for a test: bring the job's resume time forward and step the
    // Strava clock over the worker's 15 s look for due jobs. The client's limiter still holds every
    // request until its own 60 s are up (recorded, not slept).
    clock.waits.length = 0;
    const stream = await openEventStream(server, user.client);
    await server.database.db
      .updateTable('stravaSyncJobs')
      .set({ resumesAt: new Date(clock.now() - 1000) })
      .where('userId', '=', user.id)
      .execute();
    clock.tick(15_000);

    const done = await waitForSync(user.client, 45_000);

    expect(done.sync).toMatchObject({ state: 'done', pages: 2, activities: 120, resumesAt: null });
    const limiterWait = clock.waits[0] ?? 0;
    // The rest of the minute: 60 s less the 15 s stepped (if the job resumed after the step) and the
    // real seconds since the 429, however slow the machine.
    expect(limiterWait).toBeGreaterThan(15_000);
    expect(limiterWait).toBeLessThanOrEqual(60_000);
    // Resumed, the job waited for the limiter again, and said so until the limiter's own minute ended.
    await expect.poll(() => syncStates(stream.text())).toContain('done');
    stream.abort();
    await stream.ended;
    const states = syncStates(stream.text());
    const resumed = states.indexOf('running');
    expect(resumed).toBeGreaterThanOrEqual(0);
    // (Here the limiter's minute is real time while its waits are scaled down, so each page waits.)
    expect(states.slice(resumed, resumed + 3)).toEqual(['running', 'waiting', 'running']);
    expect(states.at(-1)).toBe('done');
    const waitingAgain = syncProgress(stream.text()).find(
      (progress, index) => index > resumed && progress.state === 'waiting',
    );
    const limitEnds = (limited?.time ?? 0) + 60_000;
    expect(Date.parse(waitingAgain?.resumesAt ?? '')).toBeGreaterThanOrEqual(limitEnds - 1000);
    expect(Date.parse(waitingAgain?.resumesAt ?? '')).toBeLessThan(limitEnds + 10_000);
  });
});
