/**
 * Stored uploads re-derived from their kept original files (server/services/activity-rederive.ts):
 * activities stored with an earlier import's figures get exactly the figures a fresh import gives,
 * when the next server starts; what the runner chose stays; a file that no longer parses is kept
 * as it was, marked and logged, and the rest go on; a second pass does nothing; two passes at once
 * re-derive each activity once.
 */
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_DERIVATION_VERSION } from '../../core/activity/derivation.ts';
import type { ActivityDetail, DisplayTrack } from '../../core/activity/schemas.ts';
import type { TrophyCase } from '../../core/medals/api.ts';
import type { Profile } from '../../core/profile.ts';
import { REAL_CLOCK } from '../clock.ts';
import { refreshProfileStatistics } from '../db/activity-totals-repository.ts';
import { createEventHub, type EventHub } from '../events/event-hub.ts';
import { createLogger } from '../logger.ts';
import { createServiceContext } from '../services/service-context.ts';
import { registerActivityReactions } from '../services/services.ts';
import { rederiveStoredActivities, type RederiveDeps } from '../services/activity-rederive.ts';
import { createImportPool, type ImportPool } from '../services/import-pool.ts';
import { getOwnProfile, registerUser, signedInClient, type RegisteredUser } from '../test-support/factories.ts';
import {
  captureLog,
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const ZONE = 'Europe/Ljubljana';
const RENAMED = 'Lake loop with Ana';

let database: TestDatabase;
let server: TestServer;
let runner: RegisteredUser;
let other: RegisteredUser;
const ids = new Map<string, string>();
const fresh = new Map<string, ActivityDetail>();
const freshTracks = new Map<string, DisplayTrack>();
let freshStatistics: Profile['statistics'];

async function upload(user: RegisteredUser, name: string): Promise<string> {
  const result = await uploadFiles(
    server,
    user.client,
    [{ name, content: readFileSync(path.join(FIXTURES, name)) }],
    ZONE,
  );
  const [final] = finalFileEvents(result.events);
  expect(final, final?.message).toMatchObject({ state: 'complete' });
  const id = final?.activityId as string;
  ids.set(name, id);
  return id;
}

const detailOf = async (user: RegisteredUser, id: string) =>
  (await user.client.get<ActivityDetail>(`/api/activities/${id}`)).body;
const trackOf = async (user: RegisteredUser, id: string) =>
  (await user.client.get<DisplayTrack>(`/api/activities/${id}/track`)).body;
const withoutUpdatedAt = ({ updatedAt: _updatedAt, ...detail }: ActivityDetail) => detail;
const id = (name: string) => ids.get(name) as string;

async function versions(): Promise<Map<string, number>> {
  const rows = await server.database.db.selectFrom('activities').select(['id', 'derivationVersion']).execute();
  return new Map(rows.map((row) => [row.id, row.derivationVersion]));
}

/** What an import before the new rules stored: straight lines over gaps, stamped names, strides. */
async function storeOldFigures(): Promise<void> {
  const { db } = server.database;
  await sql`update activities set derivation_version = 0`.execute(db);
  await sql`update activities set distance = distance * 1.85, moving_time = moving_time + 600, splits_metric = '[]'::jsonb,
    name = '03-OCT-10' where id = ${id('korita-zbevnica.gpx')}`.execute(db);
  await sql`update activities set name = '2013-07-06T14:59:00Z', distance = distance + 250
    where id = ${id('track-with-empty-segment.gpx')}`.execute(db);
  await sql`update activities set average_cadence = average_cadence / 2, type = 'walk', laps = '[]'::jsonb
    where id = ${id('running-with-developer-data.fit')}`.execute(db);
  await sql`update activities set distance = distance * 2, start_date_local = '2000-01-01T00:00:00'
    where id = ${id('cerknicko-jezero.gpx')}`.execute(db);
  await sql`update activities set distance = 1234, name = 'Unknown Activity' where id = ${id('Mojstrovka.gpx')}`.execute(
    db,
  );
  // A file the SDK stops reading early, as version 1 read it: 0.9 km "lasting 23,461 days".
  await sql`update activities set distance = 931.4, moving_time = 314, elapsed_time = 2027039628, flagged = true,
    file_warnings = '[]'::jsonb where id = ${id('strava-android-app-201.10-b1218918.fit')}`.execute(db);
  // Tracks stored by the old rules differ too: here, another activity's.
  await sql`update activity_tracks set point_count = donor.point_count, data = donor.data
    from activity_tracks donor where donor.activity_id = ${id('Mojstrovka.gpx')}
    and activity_tracks.activity_id = ${id('korita-zbevnica.gpx')}`.execute(db);
  // An original that no longer parses, and an upload whose original is gone.
  const corrupt = gzipSync(Buffer.from('<?xml version="1.0"?><gpx><trk><trkseg><trkpt lat="x"'));
  await sql`update activity_files set data = decode(${corrupt.toString('base64')}, 'base64')
    where activity_id = ${id('gpx1.1_with_all_fields.gpx')}`.execute(db);
  await sql`update activities set distance = 4321 where id = ${id('gpx1.1_with_all_fields.gpx')}`.execute(db);
  await sql`delete from activity_files where activity_id = ${id('cerknicko-without-times.gpx')}`.execute(db);
  // The statistics and medals those figures gave.
  await refreshProfileStatistics(db, runner.id, new Date());
  await sql`delete from user_medals where user_id = ${runner.id}`.execute(db);
  // Written behind the use cases: the runners' cached answers are dropped as a write would.
  await server.services.readCache.invalidateUser(runner.id);
  await server.services.readCache.invalidateUser(other.id);
}

beforeAll(async () => {
  database = await createTestDatabase({ persistent: true });
  server = await startTestServer({}, { database });
  runner = await registerUser(server, { name: 'Old Imports' });
  other = await registerUser(server, { name: 'Other Runner' });
  for (const name of [
    'korita-zbevnica.gpx',
    'track-with-empty-segment.gpx',
    'running-with-developer-data.fit',
    'cerknicko-jezero.gpx',
    'strava-android-app-201.10-b1218918.fit',
  ]) {
    await upload(runner, name);
  }
  // The other runner's corrupt original comes first: the ones after it are still re-derived.
  for (const name of ['gpx1.1_with_all_fields.gpx', 'cerknicko-without-times.gpx', 'Mojstrovka.gpx']) {
    await upload(other, name);
  }
  expect((await runner.client.patch(`/api/activities/${id('cerknicko-jezero.gpx')}`, { name: RENAMED })).status).toBe(
    200,
  );
  for (const [name, activityId] of ids) {
    const user = ['gpx1.1_with_all_fields.gpx', 'cerknicko-without-times.gpx', 'Mojstrovka.gpx'].includes(name)
      ? other
      : runner;
    fresh.set(name, await detailOf(user, activityId));
    freshTracks.set(name, await trackOf(user, activityId));
  }
  freshStatistics = (await getOwnProfile(runner.client)).statistics;
}, 120_000);

afterAll(async () => {
  await server.stop();
  await database.destroy();
});

describe('new imports', () => {
  it('store the current derivation version', async () => {
    expect([...(await versions()).values()]).toEqual(Array(ids.size).fill(ACTIVITY_DERIVATION_VERSION));
  });
});

describe('the start-up pass', () => {
  const log = captureLog();

  beforeAll(async () => {
    await storeOldFigures();
    expect((await getOwnProfile(runner.client)).statistics.totalDistance).toBeGreaterThan(
      freshStatistics.totalDistance,
    );
    await server.stop();
    server = await startTestServer({ logLevel: 'info' }, { database, logDestination: log.destination });
    runner = { ...runner, client: await signedInClient(server, runner.credentials) };
    other = { ...other, client: await signedInClient(server, other.credentials) };
    await server.rederive?.done;
  }, 120_000);

  it('gives old imports exactly the figures and track of a fresh import', async () => {
    for (const name of ['korita-zbevnica.gpx', 'track-with-empty-segment.gpx', 'running-with-developer-data.fit']) {
      const after = await detailOf(runner, id(name));
      expect(withoutUpdatedAt(after), name).toEqual(withoutUpdatedAt(fresh.get(name) as ActivityDetail));
      expect(await trackOf(runner, id(name)), name).toEqual(freshTracks.get(name));
    }
    const mojstrovka = await detailOf(other, id('Mojstrovka.gpx'));
    expect(withoutUpdatedAt(mojstrovka)).toEqual(withoutUpdatedAt(fresh.get('Mojstrovka.gpx') as ActivityDetail));
  });

  it('replaces a stamped name, keeps the name the runner gave', async () => {
    expect((await detailOf(runner, id('korita-zbevnica.gpx'))).name).toBe('Morning Run');
    expect((await detailOf(runner, id('track-with-empty-segment.gpx'))).name).toBe('Evening Run');
    const renamed = await detailOf(runner, id('cerknicko-jezero.gpx'));
    expect(renamed.name).toBe(RENAMED);
    expect(renamed.distance).toBe(fresh.get('cerknicko-jezero.gpx')?.distance);
    expect(renamed.startDateLocal).toBe(fresh.get('cerknicko-jezero.gpx')?.startDateLocal);
  });

  it('refreshes the runner’s profile statistics and re-checks the medals', async () => {
    const statistics = (await getOwnProfile(runner.client)).statistics;
    // Sums in another order: equal up to the last bits of a double.
    expect(statistics.totalActivities).toBe(freshStatistics.totalActivities);
    expect(statistics.totalDuration).toBe(freshStatistics.totalDuration);
    expect(statistics.totalDistance).toBeCloseTo(freshStatistics.totalDistance, 6);
    expect(statistics.totalElevation).toBeCloseTo(freshStatistics.totalElevation, 6);
    const trophies = (await runner.client.get<TrophyCase>('/api/medals')).body;
    const earned = trophies.medals.filter((medal) => medal.earned).map((medal) => medal.medalId);
    expect(earned).toEqual(expect.arrayContaining(['5k-hero', '10k-warrior', 'longest-run']));
  });

  it('keeps an activity whose original no longer parses, marks it and says so at warn', async () => {
    const corruptId = id('gpx1.1_with_all_fields.gpx');
    expect((await detailOf(other, corruptId)).distance).toBe(4321);
    expect((await versions()).get(corruptId)).toBe(ACTIVITY_DERIVATION_VERSION);
    const warning = log
      .lines()
      .map((line) => JSON.parse(line) as { level: number; msg: string; activityId?: string })
      .find((line) => line.activityId === corruptId);
    expect(warning).toMatchObject({
      level: 40,
      msg: 'stored activity not re-derived: its original file no longer parses; kept as it was',
    });
  });

  it('marks an activity without an original file and leaves it as it was', async () => {
    const noFile = id('cerknicko-without-times.gpx');
    expect((await versions()).get(noFile)).toBe(ACTIVITY_DERIVATION_VERSION);
    expect(withoutUpdatedAt(await detailOf(other, noFile))).toEqual(
      withoutUpdatedAt(fresh.get('cerknicko-without-times.gpx') as ActivityDetail),
    );
  });

  it('logs how many were re-derived, failed and skipped, and how long it took', () => {
    const summary = log
      .lines()
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'stored activities re-derived');
    expect(summary).toMatchObject({
      level: 30,
      rederived: 6,
      failed: 1,
      skipped: 1,
      kept: 0,
      version: ACTIVITY_DERIVATION_VERSION,
      stopped: false,
    });
    expect(summary?.ms).toEqual(expect.any(Number));
  });

  it('leaves no file in the spool folder', async () => {
    const names = await readdir(path.join(server.config.dataDir, 'tmp')).catch(() => [] as string[]);
    expect(names).toEqual([]);
  });
});

describe('a pass called directly', () => {
  let pool: ImportPool;
  let events: EventHub;
  const log = captureLog();
  let deps: RederiveDeps;

  beforeAll(async () => {
    const logger = createLogger('info', { destination: log.destination });
    pool = createImportPool({ workers: 2, memoryMb: 256, fileTimeoutMs: 60_000 });
    events = await createEventHub(server.database, logger);
    const context = createServiceContext({ db: server.database.db, events, logger, clock: REAL_CLOCK });
    registerActivityReactions(context);
    deps = {
      ...context,
      pool,
      spoolDir: path.join(server.config.dataDir, 'tmp'),
      batchSize: 2,
    };
  });

  afterAll(async () => {
    await pool.close();
    await events.close();
  });

  it('does nothing when every upload is at the current version, and logs nothing', async () => {
    const before = await server.database.db.selectFrom('activities').select(['id', 'updatedAt']).execute();
    expect(await rederiveStoredActivities(deps)).toMatchObject({ rederived: 0, failed: 0, skipped: 0, kept: 0 });
    const after = await server.database.db.selectFrom('activities').select(['id', 'updatedAt']).execute();
    expect(after).toEqual(before);
    expect(log.lines()).toEqual([]);
  });

  it('two passes at once (two app servers) re-derive each activity once, in batches', async () => {
    await sql`update activities set derivation_version = 0`.execute(server.database.db);
    const [first, second] = await Promise.all([rederiveStoredActivities(deps), rederiveStoredActivities(deps)]);
    expect(first.rederived + second.rederived).toBe(6);
    expect(first.failed + second.failed).toBe(1);
    expect(first.skipped + second.skipped).toBe(1);
    expect([...(await versions()).values()]).toEqual(Array(ids.size).fill(ACTIVITY_DERIVATION_VERSION));
    expect((await detailOf(runner, id('cerknicko-jezero.gpx'))).name).toBe(RENAMED);
  });

  it('stops when asked, leaving the rest for the next pass', async () => {
    await sql`update activities set derivation_version = 0`.execute(server.database.db);
    const controller = new AbortController();
    controller.abort();
    expect(await rederiveStoredActivities(deps, controller.signal)).toMatchObject({ rederived: 0 });
    expect([...(await versions()).values()].every((version) => version === 0)).toBe(true);
    expect(await rederiveStoredActivities(deps)).toMatchObject({ rederived: 6, failed: 1, skipped: 1 });
  });

  it('splits a multisport file stored as one activity into its legs, the stored one first', async () => {
    const { db } = server.database;
    const athlete = await registerUser(server, { name: 'Tri Athlete' });
    const first = await upload(athlete, 'triathlon_summary_first.fit');
    const legs = (await detailOf(athlete, first)).multisport?.legs ?? [];
    expect(legs.map((leg) => leg.type)).toEqual(['swim', 'ride', 'run']);
    // As an import before legs stored it: one activity, typed by its ride.
    await db.deleteFrom('activities').where('userId', '=', athlete.id).where('id', '<>', first).execute();
    await sql`update activities set multisport_id = null, leg_index = null, type = 'ride', name = 'Ironman',
      derivation_version = 0 where id = ${first}`.execute(db);

    expect(await rederiveStoredActivities(deps)).toMatchObject({ rederived: 1, failed: 0 });
    const rows = await db
      .selectFrom('activities')
      .select(['id', 'type', 'legIndex', 'multisportId', 'derivationVersion'])
      .where('userId', '=', athlete.id)
      .orderBy('legIndex')
      .execute();
    expect(rows.map((row) => [row.type, row.legIndex, row.derivationVersion])).toEqual([
      ['swim', 0, ACTIVITY_DERIVATION_VERSION],
      ['ride', 1, ACTIVITY_DERIVATION_VERSION],
      ['run', 2, ACTIVITY_DERIVATION_VERSION],
    ]);
    expect(new Set(rows.map((row) => row.multisportId)).size).toBe(1);
    expect(rows[0]?.id).toBe(first);
    const detail = await detailOf(athlete, first);
    // The name the runner gave stays on the activity they named; the file is still kept once.
    expect(detail.name).toBe('Ironman');
    expect(detail.multisport?.legs.map((leg) => leg.id)).toEqual(rows.map((row) => row.id));
    const files = await db
      .selectFrom('activityFiles')
      .where(
        'activityId',
        'in',
        rows.map((row) => row.id),
      )
      .select('activityId')
      .execute();
    expect(files).toEqual([{ activityId: first }]);
    // A second pass finds nothing more to do, the legs included.
    expect(await rederiveStoredActivities(deps)).toMatchObject({ rederived: 0, kept: 0, skipped: 0 });
  });
});

describe('ACTIVITY_REDERIVE=off', () => {
  it('starts no pass: old imports keep their figures', async () => {
    await sql`update activities set derivation_version = 0, distance = 999 where id = ${id('Mojstrovka.gpx')}`.execute(
      server.database.db,
    );
    await server.stop();
    server = await startTestServer({ activityRederive: false }, { database });
    expect(server.rederive).toBeUndefined();
    const row = await server.database.db
      .selectFrom('activities')
      .select(['distance', 'derivationVersion'])
      .where('id', '=', id('Mojstrovka.gpx'))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ distance: 999, derivationVersion: 0 });
  });
});
