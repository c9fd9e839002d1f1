/**
 * Strava for integration tests: a simulator (tools/strava-simulator) and a Stride server whose
 * Strava client points at it, plus the browser's part of the OAuth round trip done over HTTP.
 */
import type { StravaStatus } from '../../core/strava/api.ts';
import {
  createStravaSimulator,
  type StravaSimulator,
  type StravaSimulatorOptions,
} from '../../tools/strava-simulator/strava-simulator.ts';
import type { Config, StravaConfig } from '../config.ts';
import { REAL_CLOCK, type Clock } from '../integrations/strava/strava-client.ts';
import type { ApiClient, ApiResponse } from './api-client.ts';
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
    ...overrides,
  };
}

/**
 * A clock whose waits are `scale` times shorter but which records each wait asked for, so a test
 * can assert "backed off 2 s, then 4 s" without sitting through them.
 */
export function recordingClock(scale = 0.01): Clock & { waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    now: () => Date.now(),
    sleep: (ms, signal) => {
      waits.push(ms);
      return REAL_CLOCK.sleep(ms * scale, signal);
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
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = (await client.get<StravaStatus>('/api/strava/status')).body;
    if (done(status)) {
      return status;
    }
    if (Date.now() > deadline) {
      throw new Error(`sync did not finish: ${JSON.stringify(status.sync)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
