/**
 * A real Stride server for integration tests: a real HTTP listener on a free port and a database
 * of its own per call. STRIDE_TEST_DB (set by the vitest projects) picks the back end:
 * `pglite` (default) is PGlite in memory; `postgres` creates a uniquely named database on the
 * server in TEST_DATABASE_URL and drops it again in stop(). Either starts as a copy of the run's
 * migrated template (server/test-support/database-template.ts); `fresh: true` starts empty.
 *
 * A test that restarts a server on the same data (a second `npm start` must keep every account)
 * creates a {@link TestDatabase} itself and hands it to several servers in turn.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { loadConfig, type Config, type DatabaseKind } from '../config.ts';
import { copyPgliteTemplate } from './database-template.ts';
import { createPostgresDatabase, dropPostgresDatabase, postgresDatabaseUrl } from './postgres-databases.ts';
import type { Clock } from '../clock.ts';
import { startServer, type RunningServer } from '../server.ts';
import { scryptPasswordHashing, TEST_SCRYPT_COST } from '../auth/password-hashing.ts';
import { repositoryRecorder } from './repository-record.ts';

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
  /** PGlite in memory: the migrated dump each server on this database starts from (none: empty). */
  pgliteTemplate: Blob | undefined;
  destroy(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** PGlite only: keep the data in a temporary folder instead of memory, so a second server sees it. */
  persistent?: boolean;
  /** An empty database instead of a copy of the migrated template (tests of migrations themselves). */
  fresh?: boolean;
}

/**
 * Sign-up and sign-in share one client address (127.0.0.1) in tests; the product default of 10 a
 * minute would trip after a handful of registrations. Tests of the limiter pass their own rule.
 */
const TEST_AUTH_RATE_LIMIT = { window: 60, max: 10_000 } as const;

/**
 * Every sign-up, sign-in and password check hashes with scrypt; at better-auth's cost each takes a
 * core about 0.1 s, thousands of times a run. Test servers hash the same way at a cheap cost.
 */
const TEST_PASSWORD_HASHING = scryptPasswordHashing(TEST_SCRYPT_COST);

export function testDatabaseKind(): DatabaseKind {
  const kind = process.env.STRIDE_TEST_DB ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') {
    throw new Error(`STRIDE_TEST_DB must be "pglite" or "postgres", got "${kind}"`);
  }
  return kind;
}

/** The dump of the run's migrated PGlite template, read once per test file. */
let pgliteTemplate: Promise<Blob | undefined> | undefined;

function migratedPgliteTemplate(): Promise<Blob | undefined> {
  pgliteTemplate ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return pgliteTemplate;
}

async function createPostgresTestDatabase(fresh: boolean): Promise<TestDatabase> {
  const template = fresh ? '' : inject('postgresTemplate');
  const name = await createPostgresDatabase({ prefix: 'stride_test', ...(template ? { template } : {}) });
  return {
    kind: 'postgres',
    databaseUrl: postgresDatabaseUrl(name),
    pgliteDir: null,
    pgliteTemplate: undefined,
    destroy: () => dropPostgresDatabase(name),
  };
}

/**
 * A database for test servers: by default a copy of the run's migrated template (the db projects'
 * global setup, server/test-support/database-template.ts), so a server starting on it has no
 * migration left to run; with `fresh` an empty one, for tests of what happens before migrations.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const fresh = options.fresh ?? false;
  if (testDatabaseKind() === 'postgres') {
    return createPostgresTestDatabase(fresh);
  }
  const template = fresh ? undefined : await migratedPgliteTemplate();
  if (!options.persistent) {
    return {
      kind: 'pglite',
      databaseUrl: undefined,
      pgliteDir: null,
      pgliteTemplate: template,
      destroy: () => Promise.resolve(),
    };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'stride-test-'));
  const pgliteDir = path.join(folder, 'pglite');
  try {
    if (template) {
      // Written into the folder now, so every server that opens it finds the migrated copy.
      await copyPgliteTemplate(template, pgliteDir);
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    kind: 'pglite',
    databaseUrl: undefined,
    pgliteDir,
    pgliteTemplate: undefined,
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
    // No daily backup: a test of it turns it on.
    BACKUP_KEEP: '0',
  });
  return { ...base, webDir: undefined, authRateLimit: TEST_AUTH_RATE_LIMIT, ...overrides };
}

export interface StartTestServerOptions {
  /** Data to start on. The caller then owns it: stop() leaves it in place for the next server. */
  database?: TestDatabase;
  /** Without `database`: start on an empty database instead of a copy of the migrated template. */
  fresh?: boolean;
  /** The clock of every service and route rate limit (medals, streaks, imports, throttles). */
  clock?: Clock;
  /** The Strava client's clock (server/test-support/strava.ts recordingClock). */
  stravaClock?: Clock;
  /** The time session expiry is judged by (the machine's otherwise). */
  sessionClock?: Clock;
  /** Where the server's log lines go ({@link captureLog}); the level comes from config.logLevel. */
  logDestination?: DestinationStream;
  /** Hears the SQL text of every query the server runs (how many queries a request makes). */
  onQuery?: (sql: string) => void;
  /** Hash passwords at better-auth's own cost, as production does, instead of the tests' cheap one. */
  productionPasswordHashing?: boolean;
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
  const testDatabase = options.database ?? (await createTestDatabase({ fresh: options.fresh ?? false }));
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
      ...(testDatabase.pgliteTemplate ? { pgliteTemplate: testDatabase.pgliteTemplate } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.stravaClock ? { stravaClock: options.stravaClock } : {}),
      ...(options.sessionClock ? { sessionClock: options.sessionClock } : {}),
      ...(options.logDestination ? { logDestination: options.logDestination } : {}),
      ...(options.onQuery ? { onQuery: options.onQuery } : {}),
      queryPlugins: repositoryRecorder(),
      ...(options.productionPasswordHashing ? {} : { passwordHashing: TEST_PASSWORD_HASHING }),
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
