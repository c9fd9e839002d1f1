/**
 * Backups and restore of a server on PGlite (docs/backups.md), over its real data folder: a backup
 * asked for by `npm run backup` while a runner uploads is written by the running server (its
 * control channel) and restores into an empty folder with the rows its manifest counts, which a
 * second server then answers with the same lists, totals and profiles; restore refuses a folder a
 * server holds, a folder that is not empty and a damaged or cut-short file, with sentences; the
 * daily backup (a job the injected clock makes due) keeps BACKUP_KEEP files; kill -9 during a
 * backup leaves only a partial file, which restore refuses and the next backup removes, and kill -9
 * during a restore leaves the target folder untouched for the next restore.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { garminConnectGpx, straightRun } from '../core/activity/activity-file-builders.test-support.ts';
import { backupCommand, restoreCommand } from './backup-command.ts';
import { loadConfig } from './config.ts';
import { LATEST_MIGRATION } from './db/migrations/index.ts';
import { BACKUP_PERIOD_MS, backupFileName, listBackups, type BackupResult } from './services/backups.ts';
import { createApiClient, type ApiClient } from './test-support/api-client.ts';
import { fixedClock } from './test-support/clock.ts';
import { freePort } from './test-support/free-port.ts';
import { killProcess, startServerProcess } from './test-support/server-process.ts';
import { registerUser, type RegisteredUser } from './test-support/factories.ts';
import { readZipEntries } from './test-support/zip-entries.ts';
import {
  createTestDatabase,
  startTestServer,
  testDatabaseKind,
  type TestDatabase,
  type TestServer,
} from './test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from './test-support/uploads.ts';

/** Friday 27 November 2026, 09:00 UTC. */
const START = Date.UTC(2026, 10, 27, 9, 0, 0);
const KEEP = 2;
const clock = fixedClock(START);

let folder: string;
let database: TestDatabase;
let server: TestServer;
let runners: RegisteredUser[];

/** A run of `minutes` on day `day` of May 2024, as Garmin Connect exports it. */
function run(day: number, minutes: number, name: string) {
  const points = straightRun({ points: minutes * 12, interval: 5, start: Date.UTC(2024, 4, day, 6, 0, 0) });
  return { name: `${name}.gpx`, content: garminConnectGpx(points, name) };
}

async function upload(runner: RegisteredUser, day: number, minutes: number): Promise<void> {
  const result = await uploadFiles(server, runner.client, [run(day, minutes, `Run ${day}`)]);
  expect(finalFileEvents(result.events).map((event) => event.state)).toEqual(['complete']);
}

/** What the dashboard and the activity list show a runner. */
async function screens(client: ApiClient) {
  const [list, totals, profile] = await Promise.all([
    client.get('/api/activities?limit=100'),
    client.get('/api/activities/totals'),
    client.get('/api/profile'),
  ]);
  expect([list.status, totals.status, profile.status]).toEqual([200, 200, 200]);
  return { list: list.body, totals: totals.body, profile: profile.body };
}

/** PGlite's backups; PostgreSQL's (pg_dump) are backups-postgres.db.test.ts. */
const onPglite = testDatabaseKind() === 'pglite';

beforeAll(async () => {
  if (!onPglite) {
    return;
  }
  folder = await mkdtemp(path.join(tmpdir(), 'stride-backups-'));
  database = await createTestDatabase({ persistent: true });
  server = await startTestServer(
    { dataDir: path.join(folder, 'data'), backup: { dir: path.join(folder, 'daily'), keep: KEEP } },
    { database, clock },
  );
  runners = [await registerUser(server, { name: 'Ana' }), await registerUser(server, { name: 'Bor' })];
  for (const [index, runner] of runners.entries()) {
    await upload(runner, 1 + index, 30);
    await upload(runner, 3 + index, 45);
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  if (folder) {
    await rm(folder, { recursive: true, force: true });
  }
});

describe.runIf(onPglite)('a backup while runners write', () => {
  let backup: BackupResult;

  it('restores into an empty folder with the same rows and the same answers', async () => {
    const [ana, bor] = runners as [RegisteredUser, RegisteredUser];
    const borBefore = await screens(bor.client);
    // Ana uploads one run after another; once the first is in, `npm run backup` asks the running
    // server for a backup while the others are still coming.
    let firstIn: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (firstIn = resolve));
    const uploads = (async () => {
      for (let day = 10; day < 16; day += 1) {
        await upload(ana, day, 20);
        firstIn();
      }
    })();
    await first;
    backup = await backupCommand({ ...server.config, backup: { dir: path.join(folder, 'manual'), keep: KEEP } });
    await uploads;
    const anaAfter = await screens(ana.client);

    expect(backup.manifest).toMatchObject({
      format: 'stride-backup',
      database: 'pglite',
      migration: LATEST_MIGRATION,
    });
    expect(Object.keys(backup.manifest.files).sort()).toEqual(['app-secret', 'database/pglite.tar']);
    const counted = backup.manifest.tables.activities ?? 0;
    expect(counted).toBeGreaterThanOrEqual(5);
    expect(counted).toBeLessThanOrEqual(10);
    // The originals and their tracks are rows beside their activities, counted in the same snapshot.
    expect(backup.manifest.tables.activity_files).toBe(counted);
    expect(backup.manifest.tables.activity_tracks).toBe(counted);

    const target = path.join(folder, 'restored');
    const restored = await restoreCommand({ DATA_DIR: target }, backup.file);
    expect(restored.tables).toEqual(backup.manifest.tables);
    expect((await readdir(target)).sort()).toEqual(['app-secret', 'pglite']);

    const second = await startTestServer(
      {
        dataDir: path.join(folder, 'second'),
        appSecret: (await readFile(path.join(target, 'app-secret'), 'utf8')).trim(),
      },
      {
        database: {
          kind: 'pglite',
          databaseUrl: undefined,
          pgliteDir: path.join(target, 'pglite'),
          pgliteTemplate: undefined,
          destroy: () => Promise.resolve(),
        },
        clock,
      },
    );
    try {
      // The sessions are in the backup: the runners are still signed in on the restored server.
      const [anaThere, borThere] = [ana, bor].map((runner) => createApiClient(second.url, runner.client.cookies));
      // Bor wrote nothing during the backup: every answer is as it was.
      expect(await screens(borThere as ApiClient)).toEqual(borBefore);
      // Ana's runs up to the snapshot are there, each exactly as the first server shows it.
      const anaRestored = await screens(anaThere as ApiClient);
      const restoredItems = (anaRestored.list as { items: { id: string }[] }).items;
      const allItems = (anaAfter.list as { items: { id: string }[] }).items;
      expect(restoredItems.length).toBe(counted - 2);
      for (const item of restoredItems) {
        expect(allItems.find((other) => other.id === item.id)).toEqual(item);
      }
      // Her profile is the same; its statistics are those of the runs restored.
      const { statistics, ...profile } = anaRestored.profile as { statistics: Record<string, number> };
      const { statistics: _statisticsNow, ...profileNow } = anaAfter.profile as { statistics: unknown };
      expect(profile).toEqual(profileNow);
      expect(statistics).toMatchObject({ totalActivities: restoredItems.length });
      expect(statistics.totalDistance).toBeCloseTo(
        restoredItems.reduce((sum, item) => sum + (item as unknown as { distance: number }).distance, 0),
        6,
      );
    } finally {
      await second.stop();
    }
  });

  it('restore refuses a folder a running server holds, a folder not empty and a damaged file', async () => {
    const dataDir = server.config.dataDir;
    await expect(restoreCommand({ DATA_DIR: dataDir }, backup.file)).rejects.toThrow(
      `A running Stride server (process ${process.pid}) holds the data folder ${dataDir}. Stop it first: a backup restores into an empty data folder only. Nothing was restored.`,
    );

    const full = path.join(folder, 'full');
    await mkdir(full);
    await writeFile(path.join(full, 'notes.txt'), 'mine');
    await expect(restoreCommand({ DATA_DIR: full }, backup.file)).rejects.toThrow(
      `The data folder ${full} is not empty. A backup restores into an empty data folder only: set DATA_DIR to a new folder, or move this one's contents away. Nothing was restored.`,
    );

    // The same entries with one byte of the database changed: a whole ZIP whose checksum fails.
    const entries = await readZipEntries(await readFile(backup.file));
    const zip = new yazl.ZipFile();
    for (const [name, bytes] of entries) {
      const copy = Buffer.from(bytes);
      if (name === 'database/pglite.tar') {
        copy[copy.length >> 1] = (copy[copy.length >> 1] ?? 0) ^ 0xff;
      }
      zip.addBuffer(copy, name);
    }
    zip.end();
    const damaged = path.join(folder, 'damaged.zip');
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) {
      chunks.push(chunk as Buffer);
    }
    await writeFile(damaged, Buffer.concat(chunks));
    const empty = path.join(folder, 'empty');
    await expect(restoreCommand({ DATA_DIR: empty }, damaged)).rejects.toThrow(
      `The backup ${damaged} is damaged: database/pglite.tar does not match its checksum. Nothing was restored.`,
    );

    const cut = path.join(folder, 'cut.zip');
    await writeFile(cut, (await readFile(backup.file)).subarray(0, 100_000));
    await expect(restoreCommand({ DATA_DIR: empty }, cut)).rejects.toThrow(
      `${cut} is not a complete Stride backup (it cannot be read as a ZIP file: End of central directory record signature not found`,
    );
    expect(existsSync(empty)).toBe(false);
    expect((await readdir(folder)).filter((name) => name.includes('.restoring-'))).toEqual([]);
  });
});

describe.runIf(onPglite)('the daily backup', () => {
  it('is written when a day has passed since the newest, keeping the newest BACKUP_KEEP', async () => {
    const dir = path.join(folder, 'daily');
    const names = async () => (await listBackups(dir)).map((backup) => backup.name);
    // The first look, at start-up, found none and wrote one.
    await expect.poll(names).toEqual([backupFileName(START)]);
    for (let day = 1; day <= 3; day += 1) {
      clock.advance(BACKUP_PERIOD_MS);
      await server.backups.checkSchedule();
      await expect.poll(async () => (await names()).at(-1)).toBe(backupFileName(START + day * BACKUP_PERIOD_MS));
    }
    await expect
      .poll(names)
      .toEqual([backupFileName(START + 2 * BACKUP_PERIOD_MS), backupFileName(START + 3 * BACKUP_PERIOD_MS)]);
    expect(await names()).toHaveLength(KEEP);
  });
});

describe.runIf(onPglite)('kill -9', () => {
  it(
    'during a backup leaves no file restore accepts, and the next backup removes it',
    { timeout: 240_000 },
    async () => {
      const dataDir = path.join(folder, 'killed');
      const port = await freePort();
      const child = await startServerProcess(port, { DATA_DIR: dataDir, BACKUP_KEEP: '0' });
      const runner = await registerUser({ url: `http://127.0.0.1:${port}` }, { name: 'Cene' });
      expect(runner.client.cookies.size).toBeGreaterThan(0);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
      const dir = config.backup.dir;
      const asked = backupCommand(config).catch((error: unknown) => error);
      // The server is writing the backup: it dies before the file is whole. (A wait, not a speed
      // target: on a loaded machine a fresh server takes a while to count and image its database.)
      await expect
        .poll(async () => (await readdir(dir).catch(() => [])).some((name) => name.endsWith('.partial')), {
          interval: 5,
          timeout: 110_000,
        })
        .toBe(true);
      await killProcess(child);
      expect(await asked).toBeInstanceOf(Error);
      const [partial] = await readdir(dir);
      expect(partial).toMatch(/^\.stride-backup-.*\.partial$/);
      expect(await listBackups(dir)).toEqual([]);
      await expect(
        restoreCommand({ DATA_DIR: path.join(folder, 'from-partial') }, path.join(dir, partial as string)),
      ).rejects.toThrow('is not a complete Stride backup');

      // No server now (its lock is stale): the command opens the folder itself.
      const next = await backupCommand(config);
      expect(await readdir(dir)).toEqual([path.basename(next.file)]);
      expect(next.manifest.tables.auth_users).toBe(1);
      const restored = await restoreCommand({ DATA_DIR: path.join(folder, 'after-kill') }, next.file);
      expect(restored.tables).toEqual(next.manifest.tables);
    },
  );

  it('during a restore leaves the target as it was, and the next restore completes', { timeout: 120_000 }, async () => {
    const file = (await listBackups(path.join(folder, 'manual'))).map((backup) =>
      path.join(folder, 'manual', backup.name),
    )[0] as string;
    const target = path.join(folder, 'restore-killed');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/restore-main.ts', file], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: target },
      stdio: 'ignore',
    });
    const staging = `${target}.restoring-${child.pid ?? 0}`;
    // Killed while the database is being rebuilt beside the target.
    await expect.poll(() => existsSync(path.join(staging, 'pglite')), { interval: 5 }).toBe(true);
    await killProcess(child);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(staging)).toBe(true);

    const restored = await restoreCommand({ DATA_DIR: target }, file);
    expect(restored.tables.activities).toBeGreaterThan(0);
    expect(existsSync(staging)).toBe(false);
    expect((await readdir(target)).sort()).toEqual(['app-secret', 'pglite']);
  });
});
