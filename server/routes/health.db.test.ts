import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_MIGRATION, migrations } from '../db/migrations/index.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { startTestServer, testDatabaseKind, type TestServer } from '../test-support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

describe('GET /api/health', () => {
  it('reports the database kind of this suite and the migration it is on', async () => {
    const response = await createApiClient(server.url).get('/api/health');

    expect(response.status).toBe(200);
    const { version, ...rest } = response.body as { version: string };
    expect(rest).toEqual({ status: 'ok', database: testDatabaseKind(), migration: LATEST_MIGRATION });
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('has applied every migration in order, the first being 0001-accounts-and-profiles', async () => {
    const names = Object.keys(migrations);
    expect(names[0]).toBe('0001-accounts-and-profiles');
    expect(names.at(-1)).toBe(LATEST_MIGRATION);
    expect([...names].sort()).toEqual(names);

    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      server.database.db,
    );

    expect(applied.rows.map((row) => row.name)).toEqual(names);
  });

  it('answers from what the server started with, without reading the database', async () => {
    // While a transaction holds the migration table locked (and, on PGlite, the only connection),
    // anything that read it would wait; health must answer all the same.
    const answered = await server.database.db.transaction().execute(async (trx) => {
      await sql`lock table kysely_migration in access exclusive mode`.execute(trx);
      return fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5000) }).then((response) =>
        response.json(),
      );
    });

    expect(answered).toMatchObject({ status: 'ok', database: testDatabaseKind(), migration: LATEST_MIGRATION });
  });

  it('sends security headers', async () => {
    const response = await createApiClient(server.url).get('/api/health');

    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
