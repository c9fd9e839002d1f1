/**
 * PostgreSQL may end a server's connections at any time (a restart, a failover, an administrator):
 * the server logs each one and answers the next request on a new connection, instead of ending
 * the process with an unheard 'error' event.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { getOwnProfile, registerUser } from './test-support/factories.ts';
import { waitUntil } from './test-support/strava.ts';
import { startTestServer, testDatabaseKind } from './test-support/test-server.ts';

const ENDED = 'the database ended a connection';

// PGlite lives inside the process and has no connections to end, so this test exists in the
// db:postgres project only (registered there, rather than reported as skipped).
const postgresOnly = testDatabaseKind() === 'postgres' ? describe : () => undefined;
postgresOnly('connections the database ends', () => {
  it('are logged, and the next request is answered on a new connection', async () => {
    const lines: string[] = [];
    const server = await startTestServer(
      { logLevel: 'info' },
      { logDestination: { write: (line) => lines.push(line) } },
    );
    try {
      const runner = await registerUser(server);
      const database = new URL(server.testDatabase.databaseUrl ?? '').pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      let ended: number;
      try {
        const result = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [database],
        );
        ended = result.rowCount ?? 0;
      } finally {
        await admin.end();
      }
      // The LISTEN connection at least, and the pool's idle ones.
      expect(ended).toBeGreaterThan(0);
      await waitUntil(
        () => lines.filter((line) => line.includes(ENDED)).length >= ended || undefined,
        'every ended connection logged',
      );
      const profile = await getOwnProfile(runner.client);
      expect(profile.email).toBe(runner.credentials.email);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
