/**
 * Upgrades keep data: a database made by the first ten migrations (Stride as of its profile photos)
 * and filled as the code of that time wrote its rows is migrated to the latest by a server start,
 * and each runner's activity list, totals and profile statistics answer what the old rows say. A
 * migration that fails is rolled back whole, names itself and why, and leaves the database as it was.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../core/activity/schemas.ts';
import type { SportTotals } from '../../core/activity/sport-totals.ts';
import type { Profile } from '../../core/profile.ts';
import { DEFAULT_WELLBEING_PREFERENCES } from '../../core/wellbeing/check-in.ts';
import { scryptPasswordHashing, TEST_SCRYPT_COST } from '../auth/password-hashing.ts';
import { signedInClient } from '../test-support/factories.ts';
import { createTestDatabase, startTestServer, type TestDatabase } from '../test-support/test-server.ts';
import { applyPendingMigrations, MigrationError, openDatabase, type DatabaseHandle } from './database.ts';
import { LATEST_MIGRATION, migrations } from './migrations/index.ts';

const EARLY = '0010-profile-photos';
const early = Object.fromEntries(
  Object.entries(migrations).slice(0, Object.keys(migrations).indexOf(EARLY) + 1),
) as typeof migrations;
const PASSWORD = 'long-distance-1';

interface OldActivity {
  id: string;
  name: string;
  startDate: string;
  distance: number;
  movingTime: number;
  elapsedTime: number;
  elevationGain: number;
}

/** Two runners as the early code stored them: accounts, profiles with running totals, manual runs. */
const runners = [
  {
    id: 'runner-ana',
    email: 'ana@example.com',
    username: 'ana',
    activities: [
      {
        id: 'a1',
        name: 'Easy',
        startDate: '2024-05-01T06:00:00.000Z',
        distance: 5012.5,
        movingTime: 1800,
        elapsedTime: 1900,
        elevationGain: 35,
      },
      {
        id: 'a2',
        name: 'Long',
        startDate: '2024-05-05T07:30:00.000Z',
        distance: 21097.5,
        movingTime: 7200,
        elapsedTime: 7500,
        elevationGain: 180.5,
      },
      {
        id: 'a3',
        name: 'Tempo',
        startDate: '2024-05-08T17:00:00.000Z',
        distance: 10000,
        movingTime: 2700,
        elapsedTime: 2760,
        elevationGain: 60,
      },
    ],
  },
  {
    id: 'runner-bor',
    email: 'bor@example.com',
    username: 'bor',
    activities: [
      {
        id: 'b1',
        name: 'Hills',
        startDate: '2024-04-20T16:00:00.000Z',
        distance: 8000.25,
        movingTime: 3000,
        elapsedTime: 3300,
        elevationGain: 420,
      },
    ],
  },
] satisfies { id: string; email: string; username: string; activities: OldActivity[] }[];

const sum = (items: readonly OldActivity[], field: 'distance' | 'movingTime' | 'elevationGain') =>
  items.reduce((total, item) => total + item[field], 0);

async function fillAsTheEarlyCodeDid(handle: DatabaseHandle): Promise<void> {
  const hash = await scryptPasswordHashing(TEST_SCRYPT_COST).hash(PASSWORD);
  const db = handle.db.withoutPlugins();
  for (const runner of runners) {
    await sql`insert into auth_users (id, name, email, email_verified) values (${runner.id}, ${runner.username}, ${runner.email}, true)`.execute(
      db,
    );
    await sql`insert into auth_accounts (id, user_id, account_id, provider_id, password)
      values (${`account-${runner.id}`}, ${runner.id}, ${runner.id}, 'credential', ${hash})`.execute(db);
    await sql`insert into profiles (user_id, username, email, wellbeing_preferences, total_activities, total_distance, total_elevation, total_duration)
      values (${runner.id}, ${runner.username}, ${runner.email}, ${JSON.stringify(DEFAULT_WELLBEING_PREFERENCES)}::jsonb,
        ${runner.activities.length}, ${sum(runner.activities, 'distance')}, ${sum(runner.activities, 'elevationGain')},
        ${sum(runner.activities, 'movingTime')})`.execute(db);
    for (const activity of runner.activities) {
      await sql`insert into activities (id, user_id, name, type, source, start_date, start_date_local, timezone,
          distance, moving_time, elapsed_time, elevation_gain, average_speed)
        values (${activity.id}, ${runner.id}, ${activity.name}, 'run', 'manual', ${activity.startDate},
          ${activity.startDate.slice(0, 19)}, 'UTC', ${activity.distance}, ${activity.movingTime},
          ${activity.elapsedTime}, ${activity.elevationGain}, ${activity.distance / activity.movingTime})`.execute(db);
    }
  }
}

let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase({ fresh: true, persistent: true });
  handle = await openDatabase({
    databaseUrl: database.databaseUrl,
    ...(database.pgliteDir ? { pgliteDir: database.pgliteDir } : {}),
  });
  expect(await applyPendingMigrations(handle.db, early)).toEqual({ migration: EARLY, applied: 10 });
  await fillAsTheEarlyCodeDid(handle);
}, 120_000);

afterAll(async () => {
  await handle?.close().catch(() => undefined);
  await database?.destroy();
});

describe('a migration that fails', () => {
  it('is rolled back whole, says which and why, and leaves the database as it was', async () => {
    const broken = {
      ...early,
      '0011-broken': {
        up: async (db: Parameters<(typeof migrations)[string]['up']>[0]) => {
          await sql`create table half_done (id text)`.execute(db);
          await sql`update activities set name = 'lost'`.execute(db);
          await sql`select * from nowhere`.execute(db);
        },
      },
    };
    await expect(applyPendingMigrations(handle.db, broken)).rejects.toThrow(
      new MigrationError('0011-broken', 'relation "nowhere" does not exist'),
    );
    await expect(applyPendingMigrations(handle.db, broken)).rejects.toThrow(
      'Migration 0011-broken failed: relation "nowhere" does not exist. The database is as it was before this migration; Stride did not start.',
    );
    const db = handle.db.withoutPlugins();
    const tables = await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_name = 'half_done'`.execute(db);
    expect(tables.rows).toEqual([]);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(early));
    const names = await sql<{ name: string }>`select name from activities order by id`.execute(db);
    expect(names.rows.map((row) => row.name)).toEqual(['Easy', 'Long', 'Tempo', 'Hills']);
  });
});

describe('an upgrade from an early schema', () => {
  it("keeps every runner's activities, totals and profile figures", { timeout: 120_000 }, async () => {
    await handle.close();
    const server = await startTestServer({}, { database });
    try {
      const health = await server.app.request('/api/health');
      expect(await health.json()).toMatchObject({ migration: LATEST_MIGRATION });
      for (const runner of runners) {
        const client = await signedInClient(server, { name: runner.username, email: runner.email, password: PASSWORD });
        const list = await client.get<ActivityPage>('/api/activities?limit=100');
        const expected = [...runner.activities].sort((a, b) => b.startDate.localeCompare(a.startDate));
        expect(
          list.body.items.map(
            ({ id, name, startDate, distance, movingTime, elapsedTime, elevationGain, source, type }) => ({
              id,
              name,
              startDate,
              distance,
              movingTime,
              elapsedTime,
              elevationGain,
              source,
              type,
            }),
          ),
        ).toEqual(expected.map((activity) => ({ ...activity, source: 'manual', type: 'run' })));

        const totals = await client.get<SportTotals>('/api/activities/totals');
        expect(totals.body.sports[0]).toEqual({
          type: 'run',
          activities: runner.activities.length,
          distance: sum(runner.activities, 'distance'),
          elevation: sum(runner.activities, 'elevationGain'),
          duration: sum(runner.activities, 'movingTime'),
        });

        const profile = await client.get<Profile>('/api/profile');
        expect(profile.body).toMatchObject({
          username: runner.username,
          email: runner.email,
          statistics: {
            totalActivities: runner.activities.length,
            totalDistance: sum(runner.activities, 'distance'),
            totalElevation: sum(runner.activities, 'elevationGain'),
            totalDuration: sum(runner.activities, 'movingTime'),
          },
        });
      }
    } finally {
      await server.stop();
    }
  });
});
