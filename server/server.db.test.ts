/**
 * startServer on data that already exists: a second start (a restart, or a second `npm start` on
 * the same data folder or DATABASE_URL) keeps every account and profile, and migrations run once.
 * On PostgreSQL, connections the database ends (a restart, a failover, an administrator) are
 * logged and replaced, instead of ending the process with an unheard 'error' event.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Profile } from '../core/profile.ts';
import { LISTEN_APPLICATION_NAME, POOL_APPLICATION_NAME } from './db/database.ts';
import { LATEST_MIGRATION } from './db/migrations/index.ts';
import { KEEP_ALIVE_TIMEOUT_MS } from './server.ts';
import { getOwnProfile, registerUser, signedInClient } from './test-support/factories.ts';
import { CACHES_FORGOTTEN } from './cache/invalidation-bus.ts';
import { LIVE_EVENTS_RESUMED } from './events/event-hub.ts';
import { openEventStream } from './test-support/event-streams.ts';
import { waitUntil } from './test-support/strava.ts';
import {
  createTestDatabase,
  startTestServer,
  testDatabaseKind,
  type TestDatabase,
} from './test-support/test-server.ts';

const databases: TestDatabase[] = [];

afterAll(async () => {
  await Promise.all(databases.map((database) => database.destroy()));
});

/** Two starts of PGlite on disk in one test: slow on a busy CI machine. */
const RESTART_TIMEOUT_MS = 120_000;

describe('connections', () => {
  it('keep an idle connection open longer than a proxy or client does, so they close it first', async () => {
    const server = await startTestServer();
    try {
      const response = await fetch(`${server.url}/api/health`);
      await response.arrayBuffer();
      expect(response.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    } finally {
      await server.stop();
    }
  });
});

describe('startServer on existing data', () => {
  it('keeps accounts, profiles and sessions across a restart', { timeout: RESTART_TIMEOUT_MS }, async () => {
    const database = await createTestDatabase({ persistent: true });
    databases.push(database);

    const first = await startTestServer({}, { database });
    const { credentials, client } = await registerUser(first, { name: 'Stays Around' });
    const updated = await client.patch<Profile>('/api/profile', {
      preferences: { unitSystem: 'metric' },
      athleteProfile: { goal: 'marathon' },
    });
    expect(updated.status).toBe(200);
    const sessionCookie = client.cookies.get('stride.session_token');
    // The session cookie is signed with the app secret, so the second start must reuse it.
    await first.stop();

    const second = await startTestServer({ appSecret: first.config.appSecret }, { database });
    try {
      const health = await second.app.request('/api/health');
      expect(await health.json()).toMatchObject({ migration: LATEST_MIGRATION });

      const signedIn = await signedInClient(second, credentials);
      expect(await getOwnProfile(signedIn)).toEqual(updated.body);

      const resumed = await fetch(`${second.url}/api/profile`, {
        headers: { cookie: `stride.session_token=${sessionCookie ?? ''}` },
      });
      expect(resumed.status).toBe(200);
      expect(((await resumed.json()) as Profile).uid).toBe(updated.body.uid);
    } finally {
      await second.stop();
    }
  });
});

describe('start-up on a database already up to date', () => {
  it('reads the applied migrations once, without taking the migrations lock', async () => {
    const queries: string[] = [];
    const server = await startTestServer({}, { onQuery: (text) => void queries.push(text) });
    try {
      expect(queries.filter((text) => text.includes('kysely_migration'))).toEqual([
        'select name from kysely_migration',
      ]);
      const health = await server.app.request('/api/health');
      expect(await health.json()).toMatchObject({ migration: LATEST_MIGRATION });
    } finally {
      await server.stop();
    }
  });
});

const ENDED = 'the database ended a connection';

// PGlite lives inside the process and has no connections to end, so this test exists in the
// db:postgres project only (registered there, rather than reported as skipped).
const postgresOnly = testDatabaseKind() === 'postgres' ? describe : () => undefined;
postgresOnly('connections the database ends', () => {
  it('are logged, the next request is answered on a new connection, and live events resume', async () => {
    const lines: string[] = [];
    const server = await startTestServer(
      { logLevel: 'info' },
      { logDestination: { write: (line) => lines.push(line) } },
    );
    try {
      const runner = await registerUser(server);
      const stream = await openEventStream(server, runner.client);
      const database = new URL(server.testDatabase.databaseUrl ?? '').pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      let ended: { application_name: string; state: string }[];
      try {
        const result = await admin.query<{ application_name: string; state: string }>(
          'SELECT application_name, state, pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [database],
        );
        ended = result.rows;
      } finally {
        await admin.end();
      }
      // The LISTEN connections at least (live events, caches), and the pool's idle ones.
      const listening = ended.filter((row) => row.application_name === LISTEN_APPLICATION_NAME).length;
      const idlePooled = ended.filter((row) => row.application_name === POOL_APPLICATION_NAME && row.state === 'idle');
      expect(listening).toBe(2);
      // Each idle pooled connection is logged once as it leaves the pool; until then the pool could
      // still hand it out. A LISTEN connection may be logged more than once (the notice, then the end).
      const logged = (connection: string) =>
        lines.filter((line) => line.includes(ENDED) && line.includes(`"connection":"${connection}"`)).length;
      await waitUntil(
        () => (logged('pool') >= idlePooled.length && logged('listen') >= listening) || undefined,
        'every ended connection logged',
      );
      const profile = await getOwnProfile(runner.client);
      expect(profile.email).toBe(runner.credentials.email);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      // The LISTEN connection is opened again: an event published after it reaches the open page.
      await waitUntil(() => lines.some((line) => line.includes(LIVE_EVENTS_RESUMED)) || undefined, 'LISTEN again');
      // The caches' own LISTEN is back too, and they forgot what other servers may have dropped meanwhile.
      await waitUntil(() => lines.some((line) => line.includes(CACHES_FORGOTTEN)) || undefined, 'caches forgotten');
      const event = JSON.stringify({ userId: runner.id, event: { type: 'activities-changed' } });
      await sql`select pg_notify('stride_events', ${event})`.execute(server.database.db);
      await expect.poll(() => stream.text()).toContain('event: activities-changed');
      stream.abort();
      await stream.ended;
    } finally {
      await server.stop();
    }
  });
});

/** How many times PGlite's planner statistics were gathered since the database opened. */
async function analyzeCount(server: {
  database: { executeSql: (text: string) => Promise<{ rows: Record<string, unknown>[] }> };
}) {
  const { rows } = await server.database.executeSql(
    'SELECT coalesce(sum(analyze_count), 0)::int AS count FROM pg_stat_user_tables',
  );
  return Number(rows[0]?.count);
}

// PostgreSQL gathers its statistics itself (autovacuum): Stride's start-up refresh is PGlite's only.
const pgliteOnly = testDatabaseKind() === 'pglite' ? describe : () => undefined;
pgliteOnly('planner statistics at start-up', () => {
  it('are not gathered again when no migration ran (an existing data folder)', async () => {
    const server = await startTestServer();
    try {
      expect(await analyzeCount(server)).toBe(0);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('are gathered once the migrations changed the tables', async () => {
    const server = await startTestServer({}, { fresh: true });
    try {
      expect(await analyzeCount(server)).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });
});
