/**
 * Strava for integration tests: a simulator (tools/strava-simulator) and a Stride server whose
 * Strava client points at it, plus the browser's part of the OAuth round trip done over HTTP.
 */
import type { StravaStatus, SyncProgress } from '../../core/strava/api.ts';
import type { SimAthlete } from '../../tools/strava-simulator/generate-activities.ts';
import {
  createStravaSimulator,
  type LoggedRequest,
  type StravaSimulator,
  type StravaSimulatorOptions,
} from '../../tools/strava-simulator/strava-simulator.ts';
import type { Config, StravaConfig } from '../config.ts';
import type { StravaIntegrationRow } from '../db/schema.ts';
import type { Clock } from '../clock.ts';
import { scaledClock, type SteppingClock } from './clock.ts';
import type { ApiClient, ApiResponse } from './api-client.ts';
import { registerUser, type RegisteredUser } from './factories.ts';
import { startTestServer, testConfig, type TestDatabase, type TestServer } from './test-server.ts';

/** Spacing between Strava requests in tests: the rule holds, the suite stays quick. */
export const TEST_MIN_SPACING_MS = 5;

export function stravaConfigFor(strava: StravaSimulator, overrides: Partial<StravaConfig> = {}): StravaConfig {
  return {
    ...testConfig().strava,
    clientId: strava.clientId,
    clientSecret: strava.clientSecret,
    baseUrl: strava.url,
    minSpacingMs: TEST_MIN_SPACING_MS,
    requestTimeoutMs: 2000,
    refreshTimeoutMs: 2000,
    // The back-fill reads every synced run's detail after a sync; the tests that count Strava's
    // detail requests or watch a page fetch one expect none but their own. Its tests turn it on.
    effortsBackfill: false,
    ...overrides,
  };
}

/**
 * A clock whose sleeps are `scale` times shorter but which records each sleep asked for, so a test
 * can assert "backed off 2 s, then 4 s" without sitting through them. `reads` counts the times the
 * server read the time, so a test can wait until a decision made in the background has been taken.
 * Its timers (the sync worker's polls) keep their time unless the test ticks the clock on. With
 * `scale` 0 the sleeps move the clock on instead of waiting (scaledClock).
 */
export function recordingClock(scale = 0.01): SteppingClock & { waits: number[]; readonly reads: number } {
  const clock = scaledClock(0, scale);
  const waits: number[] = [];
  let reads = 0;
  return {
    ...clock,
    waits,
    get reads() {
      return reads;
    },
    now: () => {
      reads += 1;
      return clock.now();
    },
    sleep: (ms, signal) => {
      waits.push(ms);
      return clock.sleep(ms, signal);
    },
  };
}

export interface StravaTestServerOptions {
  simulator?: StravaSimulatorOptions;
  strava?: Partial<StravaConfig>;
  config?: Partial<Config>;
  clock?: Clock;
  database?: TestDatabase;
}

export async function startStravaTestServer(
  options: StravaTestServerOptions = {},
): Promise<{ server: TestServer; strava: StravaSimulator }> {
  const strava = await createStravaSimulator({ seed: 7, ...options.simulator });
  const server = await startTestServer(
    { strava: stravaConfigFor(strava, options.strava), ...options.config },
    {
      ...(options.database ? { database: options.database } : {}),
      ...(options.clock ? { stravaClock: options.clock } : {}),
    },
  );
  return { server, strava };
}

export interface CallbackQuery {
  state: string;
  code?: string;
  scope?: string;
  error?: string;
}

/** What the browser does: Connect → Strava's authorise page → "Authorize" (or "Cancel") → the callback's query. */
export async function authorizeAtStrava(
  client: ApiClient,
  choice: 'authorize' | 'deny' = 'authorize',
): Promise<CallbackQuery> {
  const connect = await client.post<{ authorizeUrl: string }>('/api/strava/connect', {});
  if (connect.status !== 200) {
    throw new Error(`connect answered ${connect.status}: ${connect.text}`);
  }
  const page = await (await fetch(connect.body.authorizeUrl)).text();
  const href = new RegExp(`id="${choice}"[^>]*href="([^"]+)"`).exec(page)?.[1];
  if (!href) {
    throw new Error(`no ${choice} link on the authorise page: ${page.slice(0, 300)}`);
  }
  const callback = new URL(href.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code))));
  const query: CallbackQuery = { state: callback.searchParams.get('state') ?? '' };
  for (const key of ['code', 'scope', 'error'] as const) {
    const value = callback.searchParams.get(key);
    if (value !== null) {
      query[key] = value;
    }
  }
  return query;
}

export async function connectStrava(client: ApiClient): Promise<ApiResponse<StravaStatus>> {
  return client.post<StravaStatus>('/api/strava/exchange', await authorizeAtStrava(client));
}

/** Polls the status until the sync is no longer queued, running or waiting. */
export async function waitForSync(
  client: ApiClient,
  timeoutMs = 60_000,
  done: (status: StravaStatus) => boolean = (status) =>
    status.sync !== null && (status.sync.state === 'done' || status.sync.state === 'failed'),
): Promise<StravaStatus> {
  let last: StravaStatus | undefined;
  try {
    return await waitUntil(
      async () => {
        last = (await client.get<StravaStatus>('/api/strava/status')).body;
        return done(last) ? last : undefined;
      },
      'the sync',
      timeoutMs,
    );
  } catch (error) {
    // A timeout names where the sync stood; any other failure (the request itself) goes as it is.
    if (error instanceof Error && error.message === 'timed out waiting for the sync') {
      throw new Error(`sync did not finish: ${JSON.stringify(last?.sync)}`);
    }
    throw error;
  }
}

/** Requests the simulator logged whose path contains `part` (and, when given, with that method). */
export function loggedRequests(strava: StravaSimulator, part: string, method?: string): LoggedRequest[] {
  return strava.state.requests.filter(
    (request) => request.path.includes(part) && (method === undefined || request.method === method),
  );
}

/** The `athlete/activities` list requests the simulator received. */
export function listRequests(strava: StravaSimulator): LoggedRequest[] {
  return loggedRequests(strava, '/api/v3/athlete/activities', 'GET');
}

/** POST /oauth/token requests of one grant type (`authorization_code` or `refresh_token`). */
export function tokenGrants(strava: StravaSimulator, grantType: string): LoggedRequest[] {
  return loggedRequests(strava, '/oauth/token', 'POST').filter((request) => request.body.grant_type === grantType);
}

/** Polls `probe` until it returns something other than undefined or false. */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  label: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${label}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Asks for a sync (full or incremental) and waits until that very job has ended. */
export async function syncAndWait(client: ApiClient, body: { full?: boolean } = {}): Promise<StravaStatus> {
  const queued = await client.post<SyncProgress>('/api/strava/sync', body);
  if (queued.status !== 202) {
    throw new Error(`POST /api/strava/sync answered ${queued.status}: ${queued.text}`);
  }
  return waitForSync(
    client,
    60_000,
    (status) =>
      status.sync?.startedAt === queued.body.startedAt &&
      (status.sync.state === 'done' || status.sync.state === 'failed'),
  );
}

export interface ConnectedRunner extends RegisteredUser {
  athlete: SimAthlete;
  /** The status once the first sync ended. */
  status: StravaStatus;
}

/**
 * A new Stride user connected to a new simulated athlete with `activities` runs, first sync done.
 * Each call signs a fresh athlete in on the simulator, so users of one test file never share one.
 */
export async function connectedRunner(
  server: TestServer,
  strava: StravaSimulator,
  activities: number,
): Promise<ConnectedRunner> {
  const user = await registerUser(server);
  const athlete = strava.addAthlete({ activities, signIn: true });
  const connected = await connectStrava(user.client);
  if (connected.status !== 200) {
    throw new Error(`exchange answered ${connected.status}: ${connected.text}`);
  }
  const status = await waitForSync(user.client);
  return { ...user, athlete, status };
}

/** The user's strava_integrations row as stored (tokens sealed). */
export function integrationRow(server: TestServer, userId: string): Promise<StravaIntegrationRow | undefined> {
  return server.database.db
    .selectFrom('stravaIntegrations')
    .selectAll()
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Changes the stored integration record directly (token expiry, last refresh attempt, …). */
export async function updateIntegrationRow(
  server: TestServer,
  userId: string,
  values: Partial<Omit<StravaIntegrationRow, 'userId'>>,
): Promise<void> {
  await server.database.db.updateTable('stravaIntegrations').set(values).where('userId', '=', userId).execute();
  // A write behind the use cases: the runner's cached reads (the Strava status) go with it.
  await server.services.readCache.invalidateUser(userId);
}
