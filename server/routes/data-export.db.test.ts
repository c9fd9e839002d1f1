/**
 * Account → "Download my data" over HTTP on a real server, with the Strava simulator, a local SMTP
 * server and a fixed clock: the ZIP of a runner with an uploaded file, a Strava run (its GPX made
 * from the stored track), a manual run, a goal, a check-in and a shoe holds exactly the expected
 * entries, its CSV rows match the runner's list (the gear's name in "Activity Gear") and
 * stride/gear.json holds its gear; one export builds at a time; another runner cannot download it;
 * the link expires 7 days after it was built (the file is deleted, the hourly sweep too); the mail
 * goes once with SMTP and not without; deleting the account deletes the file; and the ZIP imported
 * into a fresh account gives it the same activities, totals and gear.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import type { ActivityDetail, ActivityPage } from '../../core/activity/schemas.ts';
import type { SportTotals } from '../../core/activity/sport-totals.ts';
import {
  ACTIVITIES_CSV_COLUMNS,
  DATA_EXPORT_LINK_LIFETIME_MS,
  DATA_EXPORT_MESSAGES,
  stravaActivityDate,
  type DataExportStatus,
} from '../../core/data-export.ts';
import { defaultRetirementDistance, type Gear, type GearList } from '../../core/gear.ts';
import { DEFAULT_UNIT_SYSTEM } from '../../core/unit-system.ts';
import { DEFAULT_WELLBEING_PREFERENCES } from '../../core/wellbeing/check-in.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../../tools/service-stand-ins/smtp.ts';
import { createStravaSimulator, type StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { uploadArchive, waitForArchive } from '../test-support/archives.ts';
import { fixedClock } from '../test-support/clock.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { connectedRunner, stravaConfigFor, waitUntil, type ConnectedRunner } from '../test-support/strava.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';
import { parseCsv, readZipEntries } from '../test-support/zip-entries.ts';

const ZONE = 'Europe/Ljubljana';
/** Friday 27 November 2026, 09:00 UTC. */
const START = Date.UTC(2026, 10, 27, 9, 0, 0);
const MAIL_FROM = 'Stride <stride@localhost>';
const clock = fixedClock(START);
/** A wait for the background job, not a speed target: a loaded machine stretches the queue's turns. */
const BUILD_WAIT_MS = 60_000;

let strava: StravaSimulator;
let standIn: SmtpStandIn;
let server: TestServer;

beforeAll(async () => {
  strava = await createStravaSimulator({ seed: 7, enforceRateLimits: false });
  standIn = await startSmtpStandIn();
  server = await startTestServer(
    { strava: stravaConfigFor(strava), mail: { smtpUrl: standIn.url, from: MAIL_FROM } },
    { clock },
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
  await standIn?.stop();
});

const status = async (runner: RegisteredUser) => {
  const answer = await runner.client.get<DataExportStatus>('/api/account/data-export');
  expect(answer.status).toBe(200);
  return answer.body;
};

async function readyExport(runner: RegisteredUser) {
  return waitUntil(
    async () => {
      const current = (await status(runner)).export;
      return current?.state === 'ready' || current?.state === 'failed' ? current : undefined;
    },
    'the data export to be built',
    BUILD_WAIT_MS,
  );
}

const download = (runner: RegisteredUser, downloadPath: string) =>
  fetch(`${server.url}${downloadPath}`, {
    headers: { cookie: [...runner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
  });

const exportFile = (userId: string, id: string) => path.join(server.config.dataDir, 'exports', userId, `${id}.zip`);

describe('a runner with an upload, a Strava run, a manual run, a goal and a check-in', () => {
  let runner: ConnectedRunner;
  let other: RegisteredUser;
  let uploadedId: string;
  let stravaId: string;
  let manualId: string;
  let shoeId: string;
  const gpx = garminConnectGpx(
    straightRun({ points: 301, interval: 5, speed: 3, start: Date.UTC(2026, 10, 25, 6, 0, 0) }),
    'River loop',
  );

  beforeAll(async () => {
    runner = await connectedRunner(server, strava, 2);
    other = await registerUser(server);
    const uploaded = await uploadFiles(server, runner.client, [{ name: 'river.gpx', content: gpx }], ZONE);
    expect(finalFileEvents(uploaded.events).map((event) => event.state)).toEqual(['complete']);
    const manual = await runner.client.post<{ id: string }>('/api/activities/manual', {
      type: 'run',
      name: 'Treadmill, "tempo"',
      distance: 8000,
      movingTime: 2400,
      elapsedTime: 2460,
      startDateLocal: '2026-11-26T18:30',
      timeZone: ZONE,
      description: '',
      privateNotes: '',
    });
    expect(manual.status).toBe(201);
    manualId = manual.body.id;
    const list = (await runner.client.get<ActivityPage>('/api/activities?limit=200')).body.items;
    uploadedId = list.find((item) => item.source === 'upload')?.id as string;
    // The upload on a shoe, which is also the default for walks.
    const shoe = await runner.client.post<Gear>('/api/gear', {
      kind: 'shoe',
      name: 'Pegasus, "40"',
      brand: 'Nike',
      startingDistance: 5000,
    });
    expect(shoe.status).toBe(201);
    shoeId = shoe.body.id;
    expect((await runner.client.put('/api/gear/defaults', { type: 'walk', gearId: shoeId })).status).toBe(200);
    expect((await runner.client.patch(`/api/activities/${uploadedId}`, { gearId: shoeId })).status).toBe(200);
    // A Strava run with a route: opening its map stores its track, which the export writes as GPX.
    const outdoor = [...strava.state.activities.values()].find(
      (activity) => activity.athleteId === runner.athlete.id && !activity.manual && !activity.trainer,
    );
    stravaId = list.find((item) => item.stravaId === String(outdoor?.id))?.id as string;
    expect((await runner.client.get(`/api/activities/${stravaId}/track`)).status).toBe(200);
    const goal = await runner.client.post(`/api/goals?timeZone=${ZONE}`, {
      kind: 'race',
      title: 'Spring half',
      startDate: '2026-11-23',
      endDate: '2027-03-14',
      raceDistanceM: 21_097.5,
      targetTimeS: 6900,
    });
    expect(goal.status).toBe(201);
    const checkIn = await runner.client.post(`/api/wellbeing/check-ins?timeZone=${ZONE}`, {
      ...DEFAULT_WELLBEING_PREFERENCES,
    });
    expect(checkIn.status).toBe(201);
  }, 120_000);

  it('has no export before asking', async () => {
    expect(await status(runner)).toEqual({ export: null });
  });

  it(
    'builds one export at a time, into a ZIP of the files, activities.csv and the JSON, and mails it once',
    { timeout: 120_000 },
    async () => {
      const first = await runner.client.post<DataExportStatus>('/api/account/data-export');
      const second = await runner.client.post<DataExportStatus>('/api/account/data-export');
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.body.export).toMatchObject({ state: 'building', requestedAt: new Date(START).toISOString() });
      // Asked again while it builds: the same export, not a second one.
      expect(second.body.export?.id).toBe(first.body.export?.id);

      const ready = await readyExport(runner);
      expect(ready).toMatchObject({
        id: first.body.export?.id,
        state: 'ready',
        readyAt: new Date(START).toISOString(),
        expiresAt: new Date(START + DATA_EXPORT_LINK_LIFETIME_MS).toISOString(),
        downloadPath: `/api/account/data-export/${ready.id}/download`,
      });
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from data_exports where user_id = ${runner.id}`.execute(server.database.db);
      expect(rows[0]?.count).toBe(1);

      const answer = await download(runner, ready.downloadPath as string);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/zip');
      expect(answer.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''stride-data-2026-11-27.zip");
      const bytes = new Uint8Array(await answer.arrayBuffer());
      expect(Number(answer.headers.get('content-length'))).toBe(bytes.length);
      expect(ready.sizeBytes).toBe(bytes.length);

      const entries = await readZipEntries(bytes);
      expect([...entries.keys()]).toEqual([
        'activities.csv',
        `stride/tracks/${stravaId}.track`,
        `activities/${stravaId}.gpx`,
        `stride/tracks/${uploadedId}.track`,
        `activities/${uploadedId}.gpx.gz`,
        'stride/activities.json',
        'stride/profile.json',
        'stride/goals.json',
        'stride/plans.json',
        'stride/check-ins.json',
        'stride/wellbeing.json',
        'stride/medals.json',
        'stride/routes.json',
        'stride/gear.json',
        'stride/records.json',
        'stride/manifest.json',
      ]);
      // The original exactly as uploaded; the Strava run's GPX from its stored track.
      expect(gunzipSync(entries.get(`activities/${uploadedId}.gpx.gz`) as Buffer).toString()).toBe(gpx);
      const stravaGpx = (entries.get(`activities/${stravaId}.gpx`) as Buffer).toString();
      expect(stravaGpx).toContain('<gpx version="1.1" creator="Stride"');
      expect(stravaGpx.match(/<trkpt /g)?.length).toBeGreaterThan(10);
      expect(stravaGpx).toMatch(/<trkpt lat="[-\d.]+" lon="[-\d.]+"><ele>[-\d.]+<\/ele><time>2026-/);

      // Every row is an activity the runner sees, with the figures the list shows.
      const [header, ...rows2] = parseCsv((entries.get('activities.csv') as Buffer).toString());
      expect(header).toEqual([...ACTIVITIES_CSV_COLUMNS]);
      const column = (row: string[], name: (typeof ACTIVITIES_CSV_COLUMNS)[number]) =>
        row[ACTIVITIES_CSV_COLUMNS.indexOf(name)];
      const list = (await runner.client.get<ActivityPage>('/api/activities?limit=200')).body.items;
      expect(rows2).toHaveLength(list.length);
      // The layout's version, for an older Stride to refuse what it cannot read.
      expect(JSON.parse((entries.get('stride/manifest.json') as Buffer).toString())).toEqual({
        format: 'stride-data-export',
        version: 1,
        activities: list.length,
      });
      const byId = new Map(rows2.map((row) => [column(row, 'Activity ID'), row]));
      for (const item of list) {
        const row = byId.get(item.id) as string[];
        expect(row, item.name).toBeDefined();
        expect(column(row, 'Activity Name')).toBe(item.name);
        expect(column(row, 'Activity Date')).toBe(stravaActivityDate(Date.parse(item.startDate)));
        expect(Number(column(row, 'Distance'))).toBeCloseTo(item.distance / 1000, 3);
        expect(Number(column(row, 'Moving Time'))).toBe(Math.round(item.movingTime));
        expect(Number(column(row, 'Elapsed Time'))).toBe(Math.round(item.elapsedTime));
      }
      expect(column(byId.get(manualId) as string[], 'Filename')).toBe('');
      expect(column(byId.get(manualId) as string[], 'Activity Type')).toBe('Run');
      expect(column(byId.get(manualId) as string[], 'Activity Name')).toBe('Treadmill, "tempo"');
      expect(column(byId.get(uploadedId) as string[], 'Filename')).toBe(`activities/${uploadedId}.gpx.gz`);
      expect(column(byId.get(stravaId) as string[], 'Filename')).toBe(`activities/${stravaId}.gpx`);
      // Strava's "Activity Gear": the gear's name, empty without one.
      expect(column(byId.get(uploadedId) as string[], 'Activity Gear')).toBe('Pegasus, "40"');
      expect(column(byId.get(manualId) as string[], 'Activity Gear')).toBe('');

      const json = (name: string) => JSON.parse((entries.get(name) as Buffer).toString()) as unknown;
      expect((json('stride/activities.json') as { id: string }[]).map((activity) => activity.id).sort()).toEqual(
        list.map((item) => item.id).sort(),
      );
      expect(json('stride/goals.json')).toMatchObject([{ definition: { kind: 'race', title: 'Spring half' } }]);
      expect(json('stride/check-ins.json')).toMatchObject([{ userId: runner.id, wellbeingScore: 78 }]);
      expect(json('stride/profile.json')).toMatchObject({ uid: runner.id, email: runner.credentials.email });
      expect(json('stride/routes.json')).toEqual([]);
      const exported = json('stride/activities.json') as { id: string; gearId: string | null; gear: string | null }[];
      expect(exported.find((activity) => activity.id === uploadedId)).toMatchObject({
        gearId: shoeId,
        gear: 'Pegasus, "40"',
      });
      expect(exported.find((activity) => activity.id === manualId)).toMatchObject({ gearId: null, gear: null });
      const gearJson = json('stride/gear.json') as {
        name: string;
        stravaGearId: string | null;
        activityCount: number;
      }[];
      // The shoe added here, and the athlete's Strava gear (linked by Strava's id).
      expect(gearJson).toContainEqual({
        id: shoeId,
        kind: 'shoe',
        name: 'Pegasus, "40"',
        brand: 'Nike',
        model: '',
        startDate: null,
        startingDistance: 5000,
        retirementDistance: defaultRetirementDistance('shoe', DEFAULT_UNIT_SYSTEM),
        retired: false,
        distance: 5000 + (list.find((item) => item.id === uploadedId)?.distance ?? 0),
        movingTime: list.find((item) => item.id === uploadedId)?.movingTime,
        activityCount: 1,
        defaultFor: ['walk'],
        stravaGearId: null,
      });
      const stravaGear = gearJson.filter((item) => item.stravaGearId !== null);
      expect(stravaGear.length).toBeGreaterThan(0);
      expect(gearJson).toHaveLength(stravaGear.length + 1);
      // Each gear is named in as many CSV rows as it has activities.
      for (const item of gearJson) {
        expect(
          rows2.filter((row) => column(row, 'Activity Gear') === item.name),
          item.name,
        ).toHaveLength(item.activityCount);
      }

      // The mail with the link, once.
      await waitUntil(
        () =>
          standIn.messages.some(
            (mail) => mail.to.includes(runner.credentials.email) && mail.subject === 'Your Stride data is ready',
          ),
        'the data export mail',
        BUILD_WAIT_MS,
      );
      const mails = standIn.messages.filter((mail) => mail.subject === 'Your Stride data is ready');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(`${server.config.publicUrl}${ready.downloadPath}`);
      // Written in the stated default locale, en-GB: no locale of the runner's is stored.
      expect(mails[0]?.text).toContain('works until 4 Dec 2026, 09:00 UTC');
    },
  );

  it('is the runner’s own: another runner is told there is none, and a visitor must sign in', async () => {
    const ready = (await status(runner)).export;
    const refused = await download(other, ready?.downloadPath as string);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { message: DATA_EXPORT_MESSAGES.notFound } });
    expect((await fetch(`${server.url}${ready?.downloadPath}`)).status).toBe(401);
    expect(await status(other)).toEqual({ export: null });
  });

  it('expires 7 days after it was built: the file is deleted and the link answers with a sentence', async () => {
    const ready = (await status(runner)).export;
    const file = exportFile(runner.id, ready?.id as string);
    expect(existsSync(file)).toBe(true);

    clock.set(START + DATA_EXPORT_LINK_LIFETIME_MS - 1);
    expect((await download(runner, ready?.downloadPath as string)).status).toBe(200);

    clock.set(START + DATA_EXPORT_LINK_LIFETIME_MS);
    const expired = await download(runner, ready?.downloadPath as string);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ error: { message: DATA_EXPORT_MESSAGES.expired } });
    expect(existsSync(file)).toBe(false);
    // Account offers a new one.
    expect(await status(runner)).toEqual({ export: null });
  });

  it('deleting the account deletes its export file', { timeout: 120_000 }, async () => {
    const leaving = await registerUser(server);
    await leaving.client.post('/api/account/data-export');
    const ready = await readyExport(leaving);
    const file = exportFile(leaving.id, ready.id);
    expect(existsSync(file)).toBe(true);

    const deleted = await leaving.client.delete('/api/account', {
      confirmEmail: leaving.credentials.email,
      password: leaving.credentials.password,
    });
    expect(deleted.status).toBe(200);
    expect(existsSync(path.dirname(file))).toBe(false);
  });
});

describe('the hourly sweep', () => {
  it('deletes the files of expired exports nobody asked for again', { timeout: 120_000 }, async () => {
    clock.set(START);
    const runner = await registerUser(server);
    await runner.client.post('/api/account/data-export');
    const ready = await readyExport(runner);
    const file = exportFile(runner.id, ready.id);
    expect(existsSync(file)).toBe(true);

    clock.set(START + DATA_EXPORT_LINK_LIFETIME_MS - 1);
    expect(await server.services.dataExports.removeExpired()).toBe(0);
    expect(existsSync(file)).toBe(true);

    clock.set(START + DATA_EXPORT_LINK_LIFETIME_MS);
    expect(await server.services.dataExports.removeExpired()).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
  });
});

describe('a build killed mid-way (kill -9)', () => {
  it('leaves a half-written ZIP that the next start removes, and only that', async () => {
    const folder = path.join(server.config.dataDir, 'exports', 'a-runner');
    mkdirSync(folder, { recursive: true });
    const partial = path.join(folder, 'an-export.zip.partial');
    const whole = path.join(folder, 'another-export.zip');
    writeFileSync(partial, 'PK half a zip');
    writeFileSync(whole, 'PK a whole zip');

    // What a server start runs once the job queue is prepared.
    server.services.dataExports.stop();
    await server.services.dataExports.start();

    expect(existsSync(partial)).toBe(false);
    expect(existsSync(whole)).toBe(true);
  });
});

describe('without SMTP', () => {
  let quiet: TestServer;
  beforeAll(async () => {
    quiet = await startTestServer({}, { clock });
  }, 120_000);
  afterAll(async () => {
    await quiet?.stop();
  });

  it('builds the export and sends no mail', { timeout: 120_000 }, async () => {
    const runner = await registerUser(quiet);
    const asked = await runner.client.post<DataExportStatus>('/api/account/data-export');
    expect(asked.status).toBe(200);
    const ready = await waitUntil(
      async () => {
        const current = (await runner.client.get<DataExportStatus>('/api/account/data-export')).body.export;
        return current?.state === 'ready' ? current : undefined;
      },
      'the data export to be built',
      BUILD_WAIT_MS,
    );
    expect(ready.sizeBytes).toBeGreaterThan(0);
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pgboss.job where name = 'mail-data-export'`.execute(quiet.database.db);
    expect(rows[0]?.count).toBe(0);
  });
});

// "Download my data" and back: runner A's export ZIP imported through the archive import into a
// fresh runner B gives B the same activities (real files, a manual entry, a renamed and re-typed
// upload), the same totals and the same gear, as the API answers them to each.

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');

async function upload(runner: RegisteredUser, name: string): Promise<string> {
  const result = await uploadFiles(
    server,
    runner.client,
    [{ name, content: readFileSync(path.join(FIXTURES, name)) }],
    ZONE,
  );
  const [final] = finalFileEvents(result.events);
  expect(final, final?.message).toMatchObject({ state: 'complete', duplicate: false });
  return final?.activityId as string;
}

async function addGear(runner: RegisteredUser, body: object): Promise<string> {
  const response = await runner.client.post<Gear>('/api/gear', body);
  expect(response.status).toBe(201);
  return response.body.id;
}

async function edit(runner: RegisteredUser, id: string, body: object): Promise<void> {
  const response = await runner.client.patch<ActivityDetail>(`/api/activities/${id}`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** The activities as the list answers them, oldest first. */
async function activities(runner: RegisteredUser) {
  const page = await runner.client.get<ActivityPage>('/api/activities?limit=200');
  expect(page.status).toBe(200);
  return page.body.items
    .map((item) => ({
      name: item.name,
      type: item.type,
      startDate: item.startDate,
      startDateLocal: item.startDateLocal,
      distance: item.distance,
      movingTime: item.movingTime,
      elapsedTime: item.elapsedTime,
      elevationGain: item.elevationGain,
    }))
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}

async function totals(runner: RegisteredUser) {
  const answer = await runner.client.get<SportTotals>('/api/activities/totals');
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Each gear's own fields and distance, by name. */
async function gear(runner: RegisteredUser) {
  const answer = await runner.client.get<GearList>('/api/gear');
  expect(answer.status).toBe(200);
  return answer.body.gear
    .map((item) => ({
      name: item.name,
      kind: item.kind,
      brand: item.brand,
      startingDistance: item.startingDistance,
      retirementDistance: item.retirementDistance,
      retired: item.retired,
      distance: item.distance,
      activityCount: item.activityCount,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe('an export imported into a fresh account', () => {
  it('gives the same activities, totals and gear', { timeout: 180_000 }, async () => {
    const a = await registerUser(server);
    const pegasus = await addGear(a, {
      kind: 'shoe',
      name: 'Pegasus 40',
      brand: 'Nike',
      startDate: '2010-01-01',
      startingDistance: 120_000,
    });
    const canyon = await addGear(a, { kind: 'bike', name: 'Canyon', retirementDistance: 20_000_000 });
    const racers = await addGear(a, { kind: 'shoe', name: 'Old racers', startingDistance: 650_000 });
    expect((await a.client.patch(`/api/gear/${racers}`, { retired: true })).status).toBe(200);
    // The default for runs: the runs get it without being given a gear (three with the strength session).
    expect((await a.client.put('/api/gear/defaults', { type: 'run', gearId: pegasus })).status).toBe(200);

    await upload(a, 'korita-zbevnica.gpx');
    const drills = await upload(a, 'garmin-stamina.fit');
    const ride = await upload(a, 'test.fit');
    const lake = await upload(a, 'cerknicko-jezero.gpx');
    await edit(a, ride, { gearId: canyon });
    // Renamed and re-typed: the walk round the lake.
    await edit(a, lake, { name: 'Lake walk, "slow"', type: 'walk' });
    // Re-typed to a sport Strava's layout has no word for: written "Workout", read back as other.
    await edit(a, drills, { type: 'other' });
    const manual = await a.client.post<{ id: string }>('/api/activities/manual', {
      type: 'other',
      name: 'Strength, legs',
      distance: 1234,
      movingTime: 2700,
      elapsedTime: 3000,
      startDateLocal: '2026-11-20T18:30',
      timeZone: ZONE,
      gearId: pegasus,
    });
    expect(manual.status).toBe(201);
    const manualRun = await a.client.post<{ id: string }>('/api/activities/manual', {
      type: 'run',
      name: 'Treadmill',
      distance: 8000,
      movingTime: 2400,
      startDateLocal: '2026-11-21T07:00',
      timeZone: ZONE,
    });
    expect(manualRun.status).toBe(201);

    expect((await a.client.post('/api/account/data-export')).status).toBe(200);
    const ready = await readyExport(a);
    expect(ready.state).toBe('ready');
    const answer = await download(a, ready.downloadPath as string);
    expect(answer.status).toBe(200);
    const zip = new Uint8Array(await answer.arrayBuffer());
    const b = await registerUser(server);
    expect((await uploadArchive(server, b.client, zip, 'stride-data.zip', ZONE)).status).toBe(202);
    const report = await waitForArchive(b.client, BUILD_WAIT_MS);
    // The six activities and stride/records.json.
    expect(report).toMatchObject({ status: 'done', imported: 7, duplicates: 0, refused: 0, message: null });

    const fromA = await activities(a);
    expect(fromA).toHaveLength(6);
    expect(fromA.map((item) => item.type).sort()).toEqual(['other', 'other', 'ride', 'run', 'run', 'walk']);
    expect(fromA.map((item) => item.name)).toContain('Lake walk, "slow"');
    expect(await activities(b)).toEqual(fromA);
    expect(await totals(b)).toEqual(await totals(a));
    const gearOfA = await gear(a);
    expect(gearOfA.find((item) => item.name === 'Pegasus 40')?.activityCount).toBe(3);
    expect(await gear(b)).toEqual(gearOfA);
  });
});
