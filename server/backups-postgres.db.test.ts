/**
 * Backups of a Stride on PostgreSQL (docs/backups.md): `npm run backup` runs pg_dump in the
 * snapshot its row counts were taken in, and `npm run restore` with DATABASE_URL runs pg_restore
 * into an empty database only, after which a server on it answers a runner as before. PostgreSQL
 * only (PGlite's backups are backups.db.test.ts), and only where pg_dump and pg_restore are installed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../core/activity/activity-file-builders.test-support.ts';
import { backupCommand, restoreCommand } from './backup-command.ts';
import { programAvailable } from './db/pg-dump.ts';
import { createApiClient, type ApiClient } from './test-support/api-client.ts';
import { registerUser } from './test-support/factories.ts';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  postgresDatabaseUrl,
} from './test-support/postgres-databases.ts';
import { startTestServer, testDatabaseKind, type TestServer } from './test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from './test-support/uploads.ts';

const runs =
  testDatabaseKind() === 'postgres' && (await programAvailable('pg_dump')) && (await programAvailable('pg_restore'));

let folder: string;
let server: TestServer;
const databases: string[] = [];

async function screens(client: ApiClient) {
  const [list, totals, profile] = await Promise.all([
    client.get('/api/activities?limit=100'),
    client.get('/api/activities/totals'),
    client.get('/api/profile'),
  ]);
  return { list: list.body, totals: totals.body, profile: profile.body };
}

beforeAll(async () => {
  if (runs) {
    folder = await mkdtemp(path.join(tmpdir(), 'stride-pg-backups-'));
    server = await startTestServer({ backup: { dir: path.join(folder, 'backups'), keep: 0 } });
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all(databases.map((name) => dropPostgresDatabase(name)));
  if (folder) {
    await rm(folder, { recursive: true, force: true });
  }
});

describe.runIf(runs)('a backup of PostgreSQL', () => {
  it('is a pg_dump that restores into an empty database only, with the same rows and answers', async () => {
    const runner = await registerUser(server, { name: 'Dana' });
    const points = straightRun({ points: 240, interval: 5 });
    const uploaded = await uploadFiles(server, runner.client, [{ name: 'run.gpx', content: garminConnectGpx(points) }]);
    expect(finalFileEvents(uploaded.events).map((event) => event.state)).toEqual(['complete']);
    const before = await screens(runner.client);

    const backup = await backupCommand(server.config);
    expect(backup.manifest).toMatchObject({ database: 'postgres' });
    expect(Object.keys(backup.manifest.files).sort()).toEqual(['app-secret', 'database/postgres.dump']);
    expect(backup.manifest.tables).toMatchObject({ auth_users: 1, activities: 1, activity_files: 1 });
    // The daily backup a running server writes on PostgreSQL is the same dump of the same rows.
    const daily = await server.backups.backupNow(path.join(folder, 'daily'));
    expect(daily.manifest).toMatchObject({ database: 'postgres', tables: backup.manifest.tables });
    expect(Object.keys(daily.manifest.files).sort()).toEqual(['app-secret', 'database/postgres.dump']);

    // Into the server's own database (not empty): refused, nothing touched.
    await expect(
      restoreCommand({ DATA_DIR: path.join(folder, 'refused'), DATABASE_URL: server.config.databaseUrl }, backup.file),
    ).rejects.toThrow(
      'The database in DATABASE_URL is not empty. A backup restores into an empty database only. Nothing was restored.',
    );

    const name = await createPostgresDatabase({ prefix: 'stride_restore' });
    databases.push(name);
    const restored = await restoreCommand(
      { DATA_DIR: path.join(folder, 'restored'), DATABASE_URL: postgresDatabaseUrl(name) },
      backup.file,
    );
    expect(restored.tables).toEqual(backup.manifest.tables);

    const second = await startTestServer(
      { appSecret: server.config.appSecret, databaseUrl: postgresDatabaseUrl(name) },
      {
        database: {
          kind: 'postgres',
          databaseUrl: postgresDatabaseUrl(name),
          pgliteDir: null,
          pgliteTemplate: undefined,
          destroy: () => Promise.resolve(),
        },
      },
    );
    try {
      expect(await screens(createApiClient(second.url, runner.client.cookies))).toEqual(before);
    } finally {
      await second.stop();
    }
  });
});
