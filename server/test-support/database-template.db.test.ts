/**
 * Test databases start as copies of one template migrated once per run
 * (server/test-support/database-template.ts): a server starts on a copy that already holds every
 * migration and runs none itself, copies are independent of each other and of the template, and
 * `fresh: true` still gives an empty database.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { LATEST_MIGRATION, migrations } from '../db/migrations/index.ts';
import type { Database } from '../db/schema.ts';
import { registerUser } from './factories.ts';
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from './test-server.ts';

const databases: TestDatabase[] = [];
const servers: TestServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(databases.map((database) => database.destroy()));
});

async function startServer(database?: TestDatabase): Promise<TestServer> {
  const server = await startTestServer({}, database ? { database } : {});
  servers.push(server);
  return server;
}

/** The migration table as stored: each migration's name and the moment it ran. */
async function migrationHistory(db: Kysely<Database>): Promise<{ name: string; timestamp: string }[]> {
  const result = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from kysely_migration order by name`.execute(db);
  return result.rows.map(({ name, timestamp }) => ({ name, timestamp }));
}

async function openCopy(database: TestDatabase) {
  return openDatabase({ databaseUrl: database.databaseUrl, pgliteDir: database.pgliteDir ?? undefined });
}

async function countUsersNamed(server: TestServer, email: string): Promise<number> {
  const result = await sql<{ count: string | number }>`
    select count(*) as count from auth_users where email = ${email}`.execute(server.database.db);
  return Number(result.rows[0]?.count);
}

describe('test databases copied from a migrated template', () => {
  it('start with every migration applied, and a server on one runs none', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase({ persistent: true });
    databases.push(database);
    const handle = await openCopy(database);
    let before: { name: string; timestamp: string }[];
    try {
      before = await migrationHistory(handle.db);
    } finally {
      await handle.close();
    }
    expect(before.map((row) => row.name)).toEqual(Object.keys(migrations));

    const server = await startServer(database);
    const health = await server.app.request('/api/health');
    expect(await health.json()).toMatchObject({ migration: LATEST_MIGRATION });
    // Not one migration ran again: every row, with the moment it ran, is the copy's own.
    expect(await migrationHistory(server.database.db)).toEqual(before);
  });

  it('were migrated once for the run: two servers’ copies carry the same history', { timeout: 120_000 }, async () => {
    const [first, second] = await Promise.all([startServer(), startServer()]);
    const history = await migrationHistory(first.database.db);
    expect(history.map((row) => row.name)).toEqual(Object.keys(migrations));
    expect(await migrationHistory(second.database.db)).toEqual(history);
  });

  it(
    'are independent: a row written in one copy is absent from another and from later copies',
    { timeout: 120_000 },
    async () => {
      const [first, second] = await Promise.all([startServer(), startServer()]);
      const one = await registerUser(first, { email: 'only-in-the-first@example.com' });
      const two = await registerUser(second, { email: 'only-in-the-second@example.com' });
      expect(one.id).not.toBe(two.id);

      expect(await countUsersNamed(first, 'only-in-the-first@example.com')).toBe(1);
      expect(await countUsersNamed(first, 'only-in-the-second@example.com')).toBe(0);
      expect(await countUsersNamed(second, 'only-in-the-second@example.com')).toBe(1);
      expect(await countUsersNamed(second, 'only-in-the-first@example.com')).toBe(0);

      // The template itself is untouched: a copy made afterwards has neither.
      const later = await startServer();
      expect(await countUsersNamed(later, 'only-in-the-first@example.com')).toBe(0);
      expect(await countUsersNamed(later, 'only-in-the-second@example.com')).toBe(0);
    },
  );

  it('are empty with fresh: true, for tests that start before the migrations', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase({ persistent: true, fresh: true });
    databases.push(database);
    const handle = await openCopy(database);
    try {
      const table = await sql<{ table: string | null }>`select to_regclass('kysely_migration')::text as table`.execute(
        handle.db,
      );
      expect(table.rows).toEqual([{ table: null }]);
    } finally {
      await handle.close();
    }
  });
});
