/**
 * The token rules of spec §4/§5 over HTTP against the simulator: 300 s margin on load, 600 s on a
 * request, no second refresh within 5 s, one refresh for many concurrent requests, and the ways a
 * connection ends (refresh token refused, expired, malformed) or a token answer is unusable.
 *
 * The server reaches the simulator through a small pass-through proxy, so a test can make Strava's
 * token endpoint answer with something incomplete without changing the simulator.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityDetail, ActivityPage } from '../../core/activity/schemas.ts';
import type { StravaStatus } from '../../core/strava/api.ts';
import { ACTIVITY_ERROR_TEXTS } from '../../core/strava/messages.ts';
import { createStravaSimulator, type StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { createSecretBox } from '../security/secret-box.ts';
import { expectApiError, registerUser, signedInClient } from '../test-support/factories.ts';
import {
  authorizeAtStrava,
  connectedRunner,
  integrationRow,
  listRequests,
  recordingClock,
  stravaConfigFor,
  syncAndWait,
  tokenGrants,
  updateIntegrationRow,
  waitUntil,
  type ConnectedRunner,
} from '../test-support/strava.ts';
import { startTestServer, testDatabaseKind, useTestServer } from '../test-support/test-server.ts';

/** Answers a token request itself when `tamper` returns a body; everything else goes to the simulator. */
interface TokenProxy {
  url: string;
  tamper: ((fields: Record<string, string>) => unknown) | null;
  tampered: number;
  stop(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function startTokenProxy(target: string): Promise<TokenProxy> {
  const proxy: TokenProxy = { url: '', tamper: null, tampered: 0, stop: () => Promise.resolve() };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = request.url ?? '/';
      if (request.method === 'POST' && path.startsWith('/oauth/token') && proxy.tamper) {
        const answer = proxy.tamper(Object.fromEntries(new URLSearchParams(body)));
        if (answer !== undefined) {
          proxy.tampered += 1;
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(answer));
          return;
        }
      }
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'authorization', 'accept']) {
        const value = request.headers[name];
        if (typeof value === 'string') {
          headers[name] = value;
        }
      }
      const upstream = await fetch(`${target}${path}`, {
        method: request.method ?? 'GET',
        headers,
        ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body }),
      });
      const forwarded: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (name === 'content-type' || name.startsWith('x-') || name === 'retry-after') {
          forwarded[name] = value;
        }
      });
      response.writeHead(upstream.status, forwarded);
      response.end(Buffer.from(await upstream.arrayBuffer()));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

let strava: StravaSimulator;
let proxy: TokenProxy;
/** The server's Strava clock: its reads tell when a background token check has decided. */
const clock = recordingClock();

beforeAll(async () => {
  strava = await createStravaSimulator({ seed: 5, enforceRateLimits: false });
  proxy = await startTokenProxy(strava.url);
});

afterAll(async () => {
  await proxy?.stop();
  await strava?.stop();
});

// Registered after the simulator's hooks: started once the proxy is listening, stopped before it.
const server = useTestServer(() => ({
  config: { strava: { ...stravaConfigFor(strava), baseUrl: proxy.url } },
  options: { stravaClock: clock },
}));

const box = () => createSecretBox(server().config.appSecret);

/**
 * Seconds left on a token that a request refreshes (under 600 s) but a page load does not (over
 * 300 s): the status polls of a test then never start a refresh of their own, so only the request
 * under test does.
 */
const BETWEEN_MARGINS = 450;

async function storedTokens(runner: ConnectedRunner): Promise<{ access: string; refresh: string }> {
  const row = await integrationRow(server(), runner.id);
  return {
    access: box().open(row?.accessToken ?? '', 'strava:access-token'),
    refresh: box().open(row?.refreshToken ?? '', 'strava:refresh-token'),
  };
}

/** Refresh grants the simulator received for this runner's refresh token. */
const refreshGrantsOf = (refreshToken: string) =>
  tokenGrants(strava, 'refresh_token').filter((request) => request.body.refresh_token === refreshToken);

/** Sets how long the stored access token has left, with no refresh attempted recently. */
async function expiresIn(runner: ConnectedRunner, seconds: number, lastRefreshAttemptAgoMs: number | null = null) {
  await updateIntegrationRow(server(), runner.id, {
    expiresAt: new Date(Date.now() + seconds * 1000),
    lastRefreshAttempt: lastRefreshAttemptAgoMs === null ? null : new Date(Date.now() - lastRefreshAttemptAgoMs),
  });
}

const status = async (runner: ConnectedRunner) => (await runner.client.get<StravaStatus>('/api/strava/status')).body;

/**
 * GET /api/strava/status of a connected runner: the token check of spec §4 "on load" decides within
 * the request, on the integration row the status reads (reading the clock to decide), so it has
 * decided when the answer arrives. A refresh it decided on claims the attempt and calls Strava
 * straight after, in the background.
 */
async function statusAndLoadCheck(runner: ConnectedRunner): Promise<StravaStatus> {
  const readsBefore = clock.reads;
  const body = await status(runner);
  expect(clock.reads).toBeGreaterThan(readsBefore);
  return body;
}

describe('when a token is refreshed', () => {
  it('on load, keeps a token with more than 300 s left and refreshes one with less', async () => {
    const runner = await connectedRunner(server(), strava, 2);
    const { refresh } = await storedTokens(runner);

    await expiresIn(runner, 400);
    expect((await statusAndLoadCheck(runner)).connected).toBe(true);
    // No refresh was claimed (claiming records the attempt before Strava is asked), nor sent.
    expect((await integrationRow(server(), runner.id))?.lastRefreshAttempt).toBeNull();
    expect(refreshGrantsOf(refresh)).toHaveLength(0);

    await expiresIn(runner, 250);
    expect((await status(runner)).connected).toBe(true);
    await waitUntil(() => refreshGrantsOf(refresh).length > 0, 'the refresh on load');
    expect(refreshGrantsOf(refresh).map((request) => request.body)).toEqual([
      {
        client_id: strava.clientId,
        client_secret: strava.clientSecret,
        refresh_token: refresh,
        grant_type: 'refresh_token',
      },
    ]);
    // The answer is stored: the token now has hours left again.
    const refreshed = await waitUntil(async () => {
      const row = await integrationRow(server(), runner.id);
      return (row?.expiresAt?.getTime() ?? 0) > Date.now() + 3600_000 && row;
    }, 'the refreshed expiry');
    expect(refreshed.lastRefreshAttempt).not.toBeNull();
  });

  it('on a request, refreshes a token with less than 600 s left', async () => {
    const runner = await connectedRunner(server(), strava, 2);
    const { refresh } = await storedTokens(runner);

    await expiresIn(runner, 700);
    expect((await syncAndWait(runner.client)).sync?.state).toBe('done');
    expect(refreshGrantsOf(refresh)).toHaveLength(0);

    await expiresIn(runner, 500);
    // 500 s is enough on load …
    await statusAndLoadCheck(runner);
    expect((await integrationRow(server(), runner.id))?.lastRefreshAttempt).toBeNull();
    expect(refreshGrantsOf(refresh)).toHaveLength(0);
    // … but not for a request.
    expect((await syncAndWait(runner.client)).sync?.state).toBe('done');
    expect(refreshGrantsOf(refresh)).toHaveLength(1);
  });

  it('returns the stored token, without a second refresh, when one was attempted under 5 s ago', async () => {
    const runner = await connectedRunner(server(), strava, 2);
    const { access, refresh } = await storedTokens(runner);
    await expiresIn(runner, BETWEEN_MARGINS, 2000);
    const since = Date.now();

    const synced = await syncAndWait(runner.client);

    expect(synced.sync?.state).toBe('done');
    expect(refreshGrantsOf(refresh)).toHaveLength(0);
    const used = listRequests(strava).filter((request) => request.time >= since);
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((request) => request.authorization === `Bearer ${access}`)).toBe(true);

    // Over 5 s ago: refreshed again.
    await expiresIn(runner, BETWEEN_MARGINS, 6000);
    expect((await syncAndWait(runner.client)).sync?.state).toBe('done');
    expect(refreshGrantsOf(refresh)).toHaveLength(1);
  });

  it('keeps the refresh token Strava rotated, and refreshes with it the next time', async () => {
    const runner = await connectedRunner(server(), strava, 2);
    const before = await storedTokens(runner);
    // Strava hands out a new pair (and retires the old refresh token) once the access token has
    // under an hour left.
    const nearlyExpired = (accessToken: string) => {
      const record = strava.state.accessTokens.get(accessToken);
      expect(record).toBeDefined();
      if (record) {
        record.expiresAt = Math.floor(Date.now() / 1000) + 120;
      }
    };
    nearlyExpired(before.access);
    await expiresIn(runner, BETWEEN_MARGINS);

    expect((await syncAndWait(runner.client)).sync?.state).toBe('done');

    const after = await storedTokens(runner);
    expect(after.access).not.toBe(before.access);
    expect(after.refresh).not.toBe(before.refresh);
    expect(strava.state.refreshTokens.has(before.refresh)).toBe(false);
    expect(listRequests(strava).at(-1)?.authorization).toBe(`Bearer ${after.access}`);

    nearlyExpired(after.access);
    await expiresIn(runner, BETWEEN_MARGINS);
    const again = await syncAndWait(runner.client);

    expect(again.sync?.state).toBe('done');
    expect(again.connected).toBe(true);
    expect(refreshGrantsOf(after.refresh).map((request) => request.status)).toEqual([200]);
    expect((await storedTokens(runner)).refresh).not.toBe(after.refresh);
  });

  it('refreshes once for many requests at the same time', async () => {
    const runner = await connectedRunner(server(), strava, 6);
    const { refresh } = await storedTokens(runner);
    const page = await runner.client.get<ActivityPage>('/api/activities');
    expect(page.body.items).toHaveLength(6);
    await expiresIn(runner, BETWEEN_MARGINS);

    const opened = await Promise.all(
      page.body.items.map((item) => runner.client.get<ActivityDetail>(`/api/activities/${item.id}`)),
    );

    expect(opened.map((response) => [response.status, response.body.stravaError])).toEqual(
      Array.from({ length: 6 }, () => [200, null]),
    );
    expect(refreshGrantsOf(refresh)).toHaveLength(1);
  });
});

// Two app servers share one database only on PostgreSQL (PGlite lives inside one process), so this
// test exists in the db:postgres project only (registered there, rather than reported as skipped).
const postgresOnly = testDatabaseKind() === 'postgres' ? describe : () => undefined;
postgresOnly('two servers on one database', () => {
  it('refresh a token once between them', async () => {
    const runner = await connectedRunner(server(), strava, 6);
    const { refresh } = await storedTokens(runner);
    const other = await startTestServer(
      { appSecret: server().config.appSecret, strava: { ...stravaConfigFor(strava), baseUrl: proxy.url } },
      { database: server().testDatabase, stravaClock: recordingClock() },
    );
    try {
      const otherClient = await signedInClient(other, runner.credentials);
      const items = (await runner.client.get<ActivityPage>('/api/activities')).body.items;
      await expiresIn(runner, BETWEEN_MARGINS);

      const opened = await Promise.all(
        items.map((item, index) =>
          (index % 2 === 0 ? runner.client : otherClient).get<ActivityDetail>(`/api/activities/${item.id}`),
        ),
      );

      expect(opened.map((response) => [response.status, response.body.stravaError])).toEqual(
        Array.from({ length: 6 }, () => [200, null]),
      );
      expect(refreshGrantsOf(refresh)).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });
});

describe('when the connection ends', () => {
  it('disconnects when Strava refuses the refresh token', async () => {
    const runner = await connectedRunner(server(), strava, 2);
    const { refresh } = await storedTokens(runner);
    await expiresIn(runner, BETWEEN_MARGINS);
    strava.setFault('invalidRefreshToken', true);
    try {
      const synced = await syncAndWait(runner.client);

      expect(synced.sync).toMatchObject({ state: 'failed', error: ACTIVITY_ERROR_TEXTS.connection });
      expect(refreshGrantsOf(refresh).map((request) => request.status)).toEqual([400]);
      expect(synced.connected).toBe(false);
      expect(synced.disconnectedAt).not.toBeNull();
      expect(await integrationRow(server(), runner.id)).toMatchObject({ isActive: false });
      expectApiError(await runner.client.post('/api/strava/sync', {}), 409, {
        type: 'validation_error',
        message: 'Strava is not connected.',
        code: 'strava-not-connected',
      });
    } finally {
      strava.clearFaults();
    }
  });

  it('disconnects on an expired refresh token without asking Strava', async () => {
    const runner = await connectedRunner(server(), strava, 2);
    const { refresh } = await storedTokens(runner);
    await updateIntegrationRow(server(), runner.id, {
      expiresAt: new Date(Date.now() + 100_000),
      refreshTokenExpiresAt: new Date(Date.now() - 1000),
    });
    const requestsBefore = strava.state.requests.length;

    const after = await status(runner);

    expect(after.connected).toBe(false);
    expect(after.disconnectedAt).not.toBeNull();
    const row = await integrationRow(server(), runner.id);
    expect(row).toMatchObject({ isActive: false });
    expect(row?.disconnectedAt).toBeInstanceOf(Date);
    expectApiError(await runner.client.post('/api/strava/sync', {}), 409, {
      type: 'validation_error',
      message: 'Strava is not connected.',
      code: 'strava-not-connected',
    });
    const first = (await runner.client.get<ActivityPage>('/api/activities')).body.items[0];
    const detail = await runner.client.get<ActivityDetail>(`/api/activities/${first?.id}`);
    expect(detail.body.stravaError).toBe('Unable to fetch detailed activity data');
    // A disconnected runner's status starts no background check, and each request above settled its
    // Strava part before answering (the detail's message comes from the refused token, not a deadline).
    expect(refreshGrantsOf(refresh)).toHaveLength(0);
    expect(strava.state.requests.slice(requestsBefore)).toEqual([]);
  });

  it('disconnects on a refresh token shorter than 40 characters, without sending it', async () => {
    const runner = await connectedRunner(server(), strava, 2);
    const short = 'abc123-short-refresh-token';
    expect(short.length).toBeLessThan(40);
    await updateIntegrationRow(server(), runner.id, {
      refreshToken: box().seal(short, 'strava:refresh-token'),
      expiresAt: new Date(Date.now() + BETWEEN_MARGINS * 1000),
      lastRefreshAttempt: null,
    });

    const synced = await syncAndWait(runner.client);

    expect(synced.sync).toMatchObject({ state: 'failed', error: ACTIVITY_ERROR_TEXTS.connection });
    expect(synced.connected).toBe(false);
    expect(await integrationRow(server(), runner.id)).toMatchObject({ isActive: false });
    expect(refreshGrantsOf(short)).toHaveLength(0);
  });

  it('keeps the connection when a refresh answer is incomplete, and fails the sync', async () => {
    const runner = await connectedRunner(server(), strava, 2);
    const { access } = await storedTokens(runner);
    await expiresIn(runner, BETWEEN_MARGINS);
    proxy.tamper = (fields) =>
      fields.grant_type === 'refresh_token'
        ? { token_type: 'Bearer', access_token: 'fresh', expires_at: Math.floor(Date.now() / 1000) + 21600 }
        : undefined;
    try {
      const synced = await syncAndWait(runner.client);

      expect(proxy.tampered).toBe(1);
      expect(synced.sync).toMatchObject({ state: 'failed', error: ACTIVITY_ERROR_TEXTS.connection });
      // Nothing of the incomplete answer was kept.
      expect((await storedTokens(runner)).access).toBe(access);
    } finally {
      proxy.tamper = null;
      proxy.tampered = 0;
    }
  });

  it('refuses an incomplete answer to the code exchange with "Invalid token response from Strava"', async () => {
    const user = await registerUser(server());
    strava.addAthlete({ signIn: true });
    const query = await authorizeAtStrava(user.client);
    proxy.tamper = (fields) =>
      fields.grant_type === 'authorization_code'
        ? { token_type: 'Bearer', access_token: 'a'.repeat(40), refresh_token: 'b'.repeat(40), expires_at: 2e9 }
        : undefined;
    try {
      const response = await user.client.post('/api/strava/exchange', query);

      expectApiError(response, 502, { type: 'api_error', message: 'Invalid token response from Strava' });
      expect(proxy.tampered).toBe(1);
      expect(await integrationRow(server(), user.id)).toBeUndefined();
    } finally {
      proxy.tamper = null;
      proxy.tampered = 0;
    }
  });
});
