/**
 * Connecting Strava over HTTP against the simulator: the authorise redirect,
 * the code exchange with a single-use state, refusals that store nothing, both callback routes,
 * tokens sealed at rest, disconnect with revocation, and a runner's own Strava app.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OAUTH_STATE_TTL_MS,
  STRAVA_TEXTS,
  type DisconnectResponse,
  type StravaStatus,
  type SyncProgress,
} from '../../core/strava/api.ts';
import { STRAVA_SCOPES } from '../../core/strava/constants.ts';
import { STRAVA_MESSAGES } from '../../core/strava/messages.ts';
import { FITNESS_CALLBACK_PATHS } from '../../core/product.ts';
import type { ActivityPage } from '../../core/activity/schemas.ts';
import type { StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { createSecretBox } from '../security/secret-box.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import {
  authorizeAtStrava,
  connectStrava,
  connectedRunner,
  integrationRow,
  loggedRequests,
  recordingClock,
  startStravaTestServer,
  syncAndWait,
  tokenGrants,
  updateIntegrationRow,
  waitForSync,
  type CallbackQuery,
} from '../test-support/strava.ts';
import type { TestServer } from '../test-support/test-server.ts';

const INDEX_HTML = '<!doctype html><title>Stride</title><div id="root" data-test="stride-web-app"></div>';

const PUBLIC_URL = 'https://stride.example.org';
const clock = recordingClock();
let server: TestServer;
let strava: StravaSimulator;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'stride-web-'));
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  ({ server, strava } = await startStravaTestServer({
    simulator: { enforceRateLimits: false },
    strava: { redirectBaseUrl: PUBLIC_URL },
    // Waits are recorded and shortened: the exchange's retries must not take 14 s.
    clock,
    config: { webDir },
  }));
});

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
  await rm(webDir, { recursive: true, force: true });
});

const exchange = (user: RegisteredUser, query: CallbackQuery) =>
  user.client.post<StravaStatus>('/api/strava/exchange', query);

/** Backdates an issued state (created_at is never updated by the server, so the schema calls it read-only). */
async function ageState(state: string, createdAt: Date): Promise<void> {
  await sql`update strava_oauth_states set created_at = ${createdAt} where state = ${state}`.execute(
    server.database.db,
  );
}

/** A rejected callback leaves no trace: no integration row, nothing connected, no sync. */
async function expectNothingStored(user: RegisteredUser): Promise<void> {
  expect(await integrationRow(server, user.id)).toBeUndefined();
  const status = (await user.client.get<StravaStatus>('/api/strava/status')).body;
  expect(status).toMatchObject({ connected: false, athleteId: null, athleteName: null, connectedAt: null, sync: null });
}

describe('POST /api/strava/connect and the code exchange', () => {
  it("sends the browser to Strava's authorise page, exchanges the code with the spec's form fields and starts a sync", async () => {
    const user = await registerUser(server);
    const athlete = strava.addAthlete({ activities: 12, signIn: true });

    const connect = await user.client.post<{ authorizeUrl: string }>('/api/strava/connect', {});

    expect(connect.status).toBe(200);
    const authorize = new URL(connect.body.authorizeUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${strava.url}/oauth/authorize`);
    const params = Object.fromEntries(authorize.searchParams);
    expect(params).toMatchObject({
      client_id: strava.clientId,
      response_type: 'code',
      // PUBLIC_URL is set: Strava sends the browser back there.
      redirect_uri: `${PUBLIC_URL}/strava/callback`,
      scope: 'read,activity:read_all,profile:read_all',
    });
    expect(params.scope).toBe(STRAVA_SCOPES);
    expect(params.state).toMatch(/^[\w-]{20,}$/);

    // The browser on Strava's page presses "Authorize"; Strava sends it back with the same state.
    const page = await (await fetch(authorize)).text();
    const href = (/id="authorize"[^>]*href="([^"]+)"/.exec(page)?.[1] ?? '').replace(
      /&#(\d+);/g,
      (_match, char: string) => String.fromCharCode(Number(char)),
    );
    const callback = new URL(href);
    expect(callback.pathname).toBe('/strava/callback');
    expect(callback.searchParams.get('state')).toBe(params.state);
    const code = callback.searchParams.get('code') ?? '';

    const exchanged = await exchange(user, {
      state: params.state ?? '',
      code,
      scope: callback.searchParams.get('scope') ?? '',
    });

    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({
      configured: true,
      serverConfigured: true,
      connected: true,
      athleteId: String(athlete.id),
      athleteName: `${athlete.firstname} ${athlete.lastname}`,
      disconnectedAt: null,
    });
    expect(exchanged.body.connectedAt).not.toBeNull();
    expect(exchanged.body.sync).toMatchObject({ kind: 'full' });
    expect(['queued', 'running', 'done']).toContain(exchanged.body.sync?.state);
    const grants = tokenGrants(strava, 'authorization_code').filter((request) => request.body.code === code);
    expect(grants.map((request) => request.body)).toEqual([
      {
        client_id: strava.clientId,
        client_secret: strava.clientSecret,
        code,
        grant_type: 'authorization_code',
      },
    ]);

    const synced = await waitForSync(user.client);
    expect(synced.sync).toMatchObject({ state: 'done', activities: 12, imported: 12 });
    expect(synced.activityCount).toBe(12);
    expect(synced.lastSyncAt).not.toBeNull();
  });
});

describe('the callback routes', () => {
  it.each(FITNESS_CALLBACK_PATHS)('%s serves the web app, which completes the exchange', async (callbackPath) => {
    expect(['/strava/callback', '/strava-callback']).toContain(callbackPath);

    const response = await fetch(`${server.url}${callbackPath}?state=abc&code=def&scope=read,activity:read_all`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toBe(INDEX_HTML);
  });
});

describe('one Strava athlete, one Stride user', () => {
  it("refuses a second account's connection of an athlete connected elsewhere, and stores nothing", async () => {
    const first = await connectedRunner(server, strava, 2);
    const second = await registerUser(server);
    strava.state.signedInAthleteId = first.athlete.id;

    const refused = await connectStrava(second.client);

    expectApiError(refused, 409, {
      type: 'validation_error',
      message: STRAVA_TEXTS.athleteTaken,
      code: 'strava-athlete-taken',
    });
    expect(STRAVA_TEXTS.athleteTaken).toBe(
      'This Strava account is already connected to another Stride account. Disconnect it there first.',
    );
    await expectNothingStored(second);
    expect((await second.client.get<ActivityPage>('/api/activities?source=strava')).body.total).toBe(0);
    const earlier = (await first.client.get<StravaStatus>('/api/strava/status')).body;
    expect(earlier).toMatchObject({ connected: true, athleteId: String(first.athlete.id), activityCount: 2 });
  });

  it('lets the second account connect once the first has disconnected', async () => {
    const first = await connectedRunner(server, strava, 1);
    const second = await registerUser(server);
    expect((await first.client.delete('/api/strava/connection')).status).toBe(200);
    strava.state.signedInAthleteId = first.athlete.id;

    const connected = await connectStrava(second.client);

    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({ connected: true, athleteId: String(first.athlete.id) });
  });

  it('connects exactly one of two accounts that connect the same athlete at the same moment', async () => {
    const athlete = strava.addAthlete({ activities: 1, signIn: true });
    const [one, two] = await Promise.all([registerUser(server), registerUser(server)]);
    const queries = await Promise.all([authorizeAtStrava(one.client), authorizeAtStrava(two.client)]);

    const answers = await Promise.all([exchange(one, queries[0]), exchange(two, queries[1])]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const active = await server.database.db
      .selectFrom('stravaIntegrations')
      .select('userId')
      .where('athleteId', '=', String(athlete.id))
      .where('isActive', '=', true)
      .execute();
    expect(active).toHaveLength(1);
  });
});

describe('callbacks that are refused', () => {
  it('refuses a state this server never issued, and stores nothing', async () => {
    const user = await registerUser(server);
    const grantsBefore = tokenGrants(strava, 'authorization_code').length;

    const response = await exchange(user, { state: 'forged-state-never-issued', code: 'abc', scope: STRAVA_SCOPES });

    expectApiError(response, 400, {
      type: 'validation_error',
      message: STRAVA_TEXTS.invalidState,
      code: 'strava-invalid-state',
    });
    expect(STRAVA_TEXTS.invalidState).toBe('This Strava authorisation is not valid any more. Please connect again.');
    expect(tokenGrants(strava, 'authorization_code')).toHaveLength(grantsBefore);
    await expectNothingStored(user);
  });

  it('refuses a state used a second time, without asking Strava again', async () => {
    const user = await registerUser(server);
    strava.addAthlete({ signIn: true });
    const query = await authorizeAtStrava(user.client);
    expect((await exchange(user, query)).status).toBe(200);
    const grantsBefore = tokenGrants(strava, 'authorization_code').length;

    const replayed = await exchange(user, query);

    expectApiError(replayed, 400, {
      type: 'validation_error',
      message: STRAVA_TEXTS.invalidState,
      code: 'strava-invalid-state',
    });
    expect(tokenGrants(strava, 'authorization_code')).toHaveLength(grantsBefore);
  });

  it("refuses another user's state", async () => {
    const owner = await registerUser(server);
    const thief = await registerUser(server);
    strava.addAthlete({ signIn: true });
    const query = await authorizeAtStrava(owner.client);

    const response = await exchange(thief, query);

    expectApiError(response, 400, {
      type: 'validation_error',
      message: STRAVA_TEXTS.invalidState,
      code: 'strava-invalid-state',
    });
    await expectNothingStored(thief);
    await expectNothingStored(owner);
  });

  it('refuses a state older than ten minutes', async () => {
    const user = await registerUser(server);
    strava.addAthlete({ signIn: true });
    const query = await authorizeAtStrava(user.client);
    await ageState(query.state, new Date(Date.now() - OAUTH_STATE_TTL_MS - 5_000));

    const response = await exchange(user, query);

    expectApiError(response, 400, {
      type: 'validation_error',
      message: STRAVA_TEXTS.invalidState,
      code: 'strava-invalid-state',
    });
    await expectNothingStored(user);
  });

  it('accepts a state just under ten minutes old', async () => {
    const user = await registerUser(server);
    strava.addAthlete({ signIn: true });
    const query = await authorizeAtStrava(user.client);
    await ageState(query.state, new Date(Date.now() - OAUTH_STATE_TTL_MS + 30_000));

    expect((await exchange(user, query)).status).toBe(200);
  });

  it('says access was not granted when the runner pressed Cancel on Strava', async () => {
    const user = await registerUser(server);
    const query = await authorizeAtStrava(user.client, 'deny');
    expect(query).toEqual({ state: expect.any(String) as string, error: 'access_denied' });

    const response = await exchange(user, query);

    expectApiError(response, 400, {
      type: 'user_action_error',
      message: STRAVA_TEXTS.accessDenied,
      code: 'strava-access-denied',
    });
    expect(STRAVA_TEXTS.accessDenied).toBe('Strava access was not granted.');
    await expectNothingStored(user);
  });

  it('asks for the activity permission when the runner unticked it', async () => {
    const user = await registerUser(server);
    strava.addAthlete({ signIn: true });
    const query = await authorizeAtStrava(user.client);
    const grantsBefore = tokenGrants(strava, 'authorization_code').length;

    const response = await exchange(user, { ...query, scope: 'read,profile:read_all' });

    expectApiError(response, 400, {
      type: 'validation_error',
      message: STRAVA_TEXTS.missingScope,
      code: 'strava-missing-scope',
    });
    expect(tokenGrants(strava, 'authorization_code')).toHaveLength(grantsBefore);
    await expectNothingStored(user);
  });

  it('reports "Failed to exchange code: {status}" when Strava refuses the code', async () => {
    const user = await registerUser(server);
    const query = await authorizeAtStrava(user.client);

    const response = await exchange(user, { ...query, code: 'a-code-strava-never-issued' });

    expectApiError(response, 502, { type: 'api_error', message: 'Failed to exchange code: 400' });
    expect(STRAVA_MESSAGES.exchangeFailed(400)).toBe('Failed to exchange code: 400');
    await expectNothingStored(user);
  });

  it('retries a failing token endpoint and then reports its status', async () => {
    const user = await registerUser(server);
    strava.addAthlete({ signIn: true });
    const query = await authorizeAtStrava(user.client);
    strava.setFault('serverError', { count: 4, status: 503, match: '/oauth/token' });
    const before = tokenGrants(strava, 'authorization_code').length;
    clock.waits.length = 0;

    const response = await exchange(user, query);

    expectApiError(response, 502, { type: 'api_error', message: 'Failed to exchange code: 503' });
    const attempts = tokenGrants(strava, 'authorization_code').slice(before);
    expect(attempts.map((request) => request.status)).toEqual([503, 503, 503, 503]);
    // Spec §9: at most 3 retries, exponential backoff from 2 s (the limiter's own short waits aside).
    expect(clock.waits.filter((ms) => ms >= 1000)).toEqual([2000, 4000, 8000]);
    await expectNothingStored(user);
  });

  it('reports the rate limit when the token endpoint answers 429', async () => {
    const user = await registerUser(server);
    strava.addAthlete({ signIn: true });
    const query = await authorizeAtStrava(user.client);
    strava.setFault('rateLimit', { count: 1, resetHeader: 'retry-after', resetInSeconds: 1, match: '/oauth/token' });

    const response = await exchange(user, query);

    expectApiError(response, 502, { type: 'api_error', message: 'Rate limit exceeded - please try again later' });
    await expectNothingStored(user);
  });
});

describe('tokens at rest', () => {
  it('stores the access and refresh token sealed with the app secret, never as Strava sent them', async () => {
    const runner = await connectedRunner(server, strava, 3);
    const issued = [...strava.state.accessTokens].filter(([, record]) => record.athleteId === runner.athlete.id);
    const refresh = [...strava.state.refreshTokens].filter(([, record]) => record.athleteId === runner.athlete.id);
    expect(issued).toHaveLength(1);
    expect(refresh).toHaveLength(1);
    const accessToken = issued[0]?.[0] ?? '';
    const refreshToken = refresh[0]?.[0] ?? '';

    // Every column as the database holds it (the Kysely instance camel-cases the names).
    const raw = await sql<Record<string, unknown>>`
      select * from strava_integrations where user_id = ${runner.id}
    `.execute(server.database.db);

    expect(raw.rows).toHaveLength(1);
    const row = raw.rows[0] ?? {};
    const text = JSON.stringify(row);
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain(refreshToken);
    expect(row.accessToken).toMatch(/^v1\./);
    expect(row.refreshToken).toMatch(/^v1\./);
    // Sealed, not lost: the app secret opens them again, and only for their own purpose.
    const box = createSecretBox(server.config.appSecret);
    expect(box.open(String(row.accessToken), 'strava:access-token')).toBe(accessToken);
    expect(box.open(String(row.refreshToken), 'strava:refresh-token')).toBe(refreshToken);
    expect(() => box.open(String(row.refreshToken), 'strava:access-token')).toThrow();
    expect(() => createSecretBox('another-app-secret').open(String(row.accessToken), 'strava:access-token')).toThrow();
  });
});

describe('DELETE /api/strava/connection', () => {
  it('sets isActive false and disconnectedAt, revokes the token at Strava and deletes the Strava activities', async () => {
    const runner = await connectedRunner(server, strava, 5);
    const sealed = (await integrationRow(server, runner.id))?.accessToken ?? '';
    const accessToken = createSecretBox(server.config.appSecret).open(sealed, 'strava:access-token');

    const response = await runner.client.delete<DisconnectResponse>('/api/strava/connection');

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      connected: false,
      athleteId: String(runner.athlete.id),
      activityCount: 0,
      deletedActivities: 5,
    });
    expect(response.body.disconnectedAt).not.toBeNull();
    const row = await integrationRow(server, runner.id);
    expect(row).toMatchObject({ isActive: false });
    expect(row?.disconnectedAt).toBeInstanceOf(Date);
    const revocations = loggedRequests(strava, '/oauth/deauthorize', 'POST').filter(
      (request) => request.body.access_token === accessToken,
    );
    expect(revocations.map((request) => request.status)).toEqual([200]);
    expect(strava.state.accessTokens.has(accessToken)).toBe(false);

    const activities = await runner.client.get<ActivityPage>('/api/activities?source=strava');
    expect(activities.body.total).toBe(0);

    const sync = await runner.client.post<SyncProgress>('/api/strava/sync', {});
    expectApiError(sync, 409, {
      type: 'validation_error',
      message: 'Strava is not connected.',
      code: 'strava-not-connected',
    });
    expect(STRAVA_TEXTS.notConnected).toBe('Strava is not connected.');
  });

  it('disconnects even when Strava cannot be reached to revoke the token', async () => {
    const runner = await connectedRunner(server, strava, 1);
    strava.setFault('serverError', { count: 4, status: 500, match: '/oauth/deauthorize' });

    const response = await runner.client.delete<StravaStatus>('/api/strava/connection');

    expect(response.status).toBe(200);
    expect(response.body.connected).toBe(false);
    expect((await integrationRow(server, runner.id))?.isActive).toBe(false);
    strava.clearFaults();
  });
});

describe("a runner's own Strava app", () => {
  const ownClientId = '98765';
  const ownSecret = 'c0ffee'.repeat(6) + 'abcd';
  let ownServer: TestServer;
  let ownStrava: StravaSimulator;

  beforeAll(async () => {
    // Strava knows only the runner's app; the Stride server has no app of its own.
    ({ server: ownServer, strava: ownStrava } = await startStravaTestServer({
      simulator: { clientId: ownClientId, clientSecret: ownSecret },
      strava: { clientId: null, clientSecret: null },
    }));
  });

  afterAll(async () => {
    await ownServer?.stop();
    await ownStrava?.stop();
  });

  it('without any app, explains that the server has no Strava app configured', async () => {
    const user = await registerUser(ownServer);

    const status = await user.client.get<StravaStatus>('/api/strava/status');
    const connect = await user.client.post('/api/strava/connect', {});

    expect(status.body).toMatchObject({ configured: false, serverConfigured: false, ownApp: null, connected: false });
    expectApiError(connect, 400, {
      type: 'validation_error',
      message: STRAVA_TEXTS.notConfigured,
      code: 'strava-not-configured',
    });
  });

  it('refuses a client id or secret that is not the shape Strava shows', async () => {
    const user = await registerUser(ownServer);

    const badId = await user.client.put('/api/strava/app', { clientId: 'my-app', clientSecret: ownSecret });
    const badSecret = await user.client.put('/api/strava/app', { clientId: ownClientId, clientSecret: 'short' });

    expectApiError(badId, 400, {
      type: 'validation_error',
      message: 'clientId: The client ID is the number shown on your Strava API settings page.',
    });
    expectApiError(badSecret, 400, {
      type: 'validation_error',
      message: 'clientSecret: The client secret is the 40-character code shown on your Strava API settings page.',
    });
    expect(
      await ownServer.database.db.selectFrom('stravaUserApps').selectAll().where('userId', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('stores the secret sealed and connects through that app', async () => {
    const user = await registerUser(ownServer);
    const athlete = ownStrava.addAthlete({ activities: 4, signIn: true });

    const saved = await user.client.put<StravaStatus>('/api/strava/app', {
      clientId: ownClientId,
      clientSecret: ownSecret,
    });

    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, serverConfigured: false, ownApp: { clientId: ownClientId } });
    expect(saved.text).not.toContain(ownSecret);
    const stored = await ownServer.database.db
      .selectFrom('stravaUserApps')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.clientId).toBe(ownClientId);
    expect(stored.clientSecret).not.toContain(ownSecret);
    expect(createSecretBox(ownServer.config.appSecret).open(stored.clientSecret, 'strava:client-secret')).toBe(
      ownSecret,
    );

    const connect = await user.client.post<{ authorizeUrl: string }>('/api/strava/connect', {});
    const authorize = new URL(connect.body.authorizeUrl).searchParams;
    expect(authorize.get('client_id')).toBe(ownClientId);
    // Strava sends the browser back to PUBLIC_URL (its default here), never to the Host the request named.
    expect(authorize.get('redirect_uri')).toBe(`${ownServer.config.publicUrl}/strava/callback`);

    const query = await authorizeAtStrava(user.client);
    const exchanged = await user.client.post<StravaStatus>('/api/strava/exchange', query);

    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({ connected: true, athleteId: String(athlete.id) });
    expect(tokenGrants(ownStrava, 'authorization_code').at(-1)?.body).toMatchObject({
      client_id: ownClientId,
      client_secret: ownSecret,
    });
    const synced = await waitForSync(user.client);
    expect(synced.sync).toMatchObject({ state: 'done', activities: 4 });

    // A refresh goes to the app the tokens belong to.
    await updateIntegrationRow(ownServer, user.id, { expiresAt: new Date(Date.now() + 450_000) });
    const refreshed = await syncAndWait(user.client);
    expect(refreshed.sync?.state).toBe('done');
    expect(tokenGrants(ownStrava, 'refresh_token').map((request) => [request.body, request.status])).toEqual([
      [expect.objectContaining({ client_id: ownClientId, client_secret: ownSecret }), 200],
    ]);
  });

  it('other users still see no app', async () => {
    const user = await registerUser(ownServer);

    const status = await user.client.get<StravaStatus>('/api/strava/status');

    expect(status.body).toMatchObject({ configured: false, ownApp: null });
  });
});
