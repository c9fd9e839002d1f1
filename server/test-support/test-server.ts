/**
 * A real Stride server for integration tests: a real HTTP listener on a free port and a fresh
 * database per call. STRIDE_TEST_DB (set by the vitest projects) picks the back end:
 * `pglite` (default) is PGlite in memory; `postgres` creates a uniquely named database on the
 * server in TEST_DATABASE_URL and drops it again in stop().
 *
 * A test that restarts a server on the same data (a second `npm start` must keep every account)
 * creates a {@link TestDatabase} itself and hands it to several servers in turn.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config, type DatabaseKind } from '../config.ts';
import type { Clock } from '../clock.ts';
import { startServer, type RunningServer } from '../server.ts';

export interface TestServer extends RunningServer {
  config: Config;
  testDatabase: TestDatabase;
}

/** Where a test server keeps its data, and how to throw it away. */
export interface TestDatabase {
  kind: DatabaseKind;
  /** PostgreSQL: the connection string of this test's own database. */
  databaseUrl: string | undefined;
  /** PGlite: a folder, or `null` for memory. */
  pgliteDir: string | null;
  destroy(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** PGlite only: keep the data in a temporary folder instead of memory, so a second server sees it. */
  persistent?: boolean;
}

/**
 * Sign-up and sign-in share one client address (127.0.0.1) in tests; the product default of 10 a
 * minute would trip after a handful of registrations. Tests of the limiter pass their own rule.
 */
const TEST_AUTH_RATE_LIMIT = { window: 60, max: 10_000 } as const;

export function testDatabaseKind(): DatabaseKind {
  const kind = process.env.STRIDE_TEST_DB ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') {
    throw new Error(`STRIDE_TEST_DB must be "pglite" or "postgres", got "${kind}"`);
  }
  return kind;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error('STRIDE_TEST_DB=postgres needs TEST_DATABASE_URL=postgres://user:password@host:port/database');
  }
  return url;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  // Lowercase letters, digits and underscores only, so the name needs no quoting.
  const name = `stride_test_${process.pid}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    databaseUrl: url.toString(),
    pgliteDir: null,
    destroy: async () => {
      // Ends the test's own leftover connections, then drops. Not `WITH (FORCE)`: that must also
      // end an autovacuum worker busy on the database, which a role without pg_signal_backend may
      // not; a plain DROP DATABASE asks autovacuum to stop by itself.
      await withAdminClient(async (client) => {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND usename = current_user',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
      });
    },
  };
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (testDatabaseKind() === 'postgres') {
    return createPostgresDatabase();
  }
  if (!options.persistent) {
    return { kind: 'pglite', databaseUrl: undefined, pgliteDir: null, destroy: () => Promise.resolve() };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'stride-test-'));
  return {
    kind: 'pglite',
    databaseUrl: undefined,
    pgliteDir: path.join(folder, 'pglite'),
    destroy: () => rm(folder, { recursive: true, force: true }),
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Each server gets its own data folder (upload spool) so parallel test files never meet. It is
  // only named here; whatever needs it creates it, and startTestServer removes it on stop.
  const dataDir = path.join(tmpdir(), `stride-test-data-${randomBytes(8).toString('hex')}`);
  const base = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: randomBytes(30).toString('base64url'),
    PORT: '0',
    DATA_DIR: dataDir,
  });
  return { ...base, webDir: undefined, authRateLimit: TEST_AUTH_RATE_LIMIT, ...overrides };
}

export interface StartTestServerOptions {
  /** Data to start on. The caller then owns it: stop() leaves it in place for the next server. */
  database?: TestDatabase;
  /** The clock of every service and route rate limit (medals, streaks, imports, throttles). */
  clock?: Clock;
  /** The Strava client's clock (server/test-support/strava.ts recordingClock). */
  stravaClock?: Clock;
  /** Where the server's log lines go ({@link captureLog}); the level comes from config.logLevel. */
  logDestination?: DestinationStream;
}

/** Log lines kept in memory, for tests that assert what is (and is not) logged. */
export function captureLog(): { destination: DestinationStream; text: () => string; lines: () => string[] } {
  const chunks: string[] = [];
  return {
    destination: { write: (line: string) => void chunks.push(line) },
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line.length > 0),
  };
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  options: StartTestServerOptions = {},
): Promise<TestServer> {
  const ownsDatabase = options.database === undefined;
  const testDatabase = options.database ?? (await createTestDatabase());
  const config = testConfig({ databaseUrl: testDatabase.databaseUrl, ...overrides });
  // Only the folder testConfig named is ours to remove, never one the caller passed in.
  const ownDataDir = overrides.dataDir === undefined ? config.dataDir : undefined;
  const removeDataDir = async () => {
    if (ownDataDir) {
      await rm(ownDataDir, { recursive: true, force: true });
    }
  };
  let running: RunningServer;
  try {
    running = await startServer(config, {
      pgliteDir: testDatabase.pgliteDir,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.stravaClock ? { stravaClock: options.stravaClock } : {}),
      ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    });
  } catch (error) {
    await removeDataDir();
    if (ownsDatabase) {
      await testDatabase.destroy();
    }
    throw error;
  }
  return {
    ...running,
    config,
    testDatabase,
    stop: async () => {
      try {
        await running.stop();
      } finally {
        await removeDataDir();
        if (ownsDatabase) {
          await testDatabase.destroy();
        }
      }
    },
  };
}

/** What {@link useTestServer} starts its server with. */
export interface TestServerSetup {
  config?: Partial<Config>;
  options?: StartTestServerOptions;
}

/**
 * One server for a test file (or describe block): started in beforeAll, stopped in afterAll. Returns
 * a getter, valid inside tests and later hooks. `setup` may be a function, read when the server
 * starts, for settings that earlier beforeAll hooks produce (a simulator's address, say).
 */
export function useTestServer(setup: TestServerSetup | (() => TestServerSetup) = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    const { config, options } = typeof setup === 'function' ? setup() : setup;
    server = await startTestServer(config, options);
  });
  afterAll(async () => {
    await server?.stop();
    server = undefined;
  });
  return () => {
    if (!server) {
      throw new Error('useTestServer(): the server is not running; read it inside a test or a later hook.');
    }
    return server;
  };
}
