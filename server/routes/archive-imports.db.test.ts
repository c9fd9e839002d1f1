/**
 * Importing a whole export archive over HTTP: an archive built here (yazl) with good, duplicate,
 * broken and hostile entries imports the good ones once through the upload path, refuses the rest
 * with their sentences in the per-file report, and says so on the live event stream; the same
 * archive again adds nothing; activities.csv's "Activity Gear" puts each activity on the runner's gear
 * of that name or on one made once; a second archive while one runs is refused.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { straightRun, stravaExportGpx } from '../../core/activity/activity-file-builders.test-support.ts';
import type { ArchiveImport } from '../../core/activity/archive-api.ts';
import { ARCHIVE_MESSAGES } from '../../core/activity/archive-rules.ts';
import { FIT_CONTENT_MESSAGES, parseFailureMessage } from '../../core/activity/upload-rules.ts';
import type { ActivityDetail, ActivityPage } from '../../core/activity/schemas.ts';
import { defaultRetirementDistance, type Gear, type GearList } from '../../core/gear.ts';
import { DEFAULT_UNIT_SYSTEM } from '../../core/unit-system.ts';
import { buildArchive, gzip, uploadArchive, waitForArchive } from '../test-support/archives.ts';
import { openEventStream } from '../test-support/event-streams.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { fitSessionSummary } from '../test-support/fit-sessions.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

const run = (day: number, points = 600) =>
  stravaExportGpx(straightRun({ points, start: Date.UTC(2026, 9, day, 6, 0, 0) }), `Watch run ${day}`);

const CSV_HEADER =
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Activity Gear,Filename,Elapsed Time,Moving Time,Distance';

function hostileArchive(earlierUpload: string) {
  const csv = [
    CSV_HEADER,
    '1,"Oct 1, 2026, 6:00:00 AM","Lunch tempo, ""hard""",Run,"two\nlines",600,1.8,,Pegasus,activities/1.gpx,600,600,1800',
    '2,"Oct 2, 2026, 6:00:00 AM",Gzipped walk,Walk,,600,1.8,,,activities/2.gpx.gz,600,600,1800',
    '3,"Oct 3, 2026, 5:30:00 PM",Pool swim,Swim,,2400,1.5,,,,2400,2000,1500',
    '4,"Oct 4, 2026, 6:00:00 AM",Yoga,Yoga,,1800,0,,,,1800,1800,0',
  ].join('\n');
  return buildArchive(
    [
      { name: 'activities.csv', content: csv },
      { name: 'activities/1.gpx', content: run(1) },
      { name: 'activities/2.gpx.gz', content: gzip(run(2)), store: true },
      // The same bytes the runner uploaded before: a duplicate.
      { name: 'activities/3.gpx', content: earlierUpload },
      { name: 'activities/broken.gpx', content: 'this is not GPX at all' },
      { name: 'activities/empty.gpx', content: '' },
      // 20 MB of zeros: a few KB packed, far past 100 times that unpacked.
      { name: 'activities/bomb.gpx', content: new Uint8Array(20 * 1024 * 1024) },
      { name: 'zz/x.gpx', content: run(9) },
      { name: 'stride/profile.json', content: '{}' },
    ],
    { 'zz/x.gpx': '../x.gpx' },
  );
}

async function activityNames(user: RegisteredUser) {
  const page = await user.client.get<ActivityPage>('/api/activities?limit=50');
  expect(page.status).toBe(200);
  return page.body.items
    .map((activity) => ({ name: activity.name, type: activity.type }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe('POST /api/activities/archive-imports', () => {
  it('imports the good entries once and refuses the rest with their sentences', async () => {
    const user = await registerUser(server);
    const earlier = run(3);
    const uploaded = await uploadFiles(server, user.client, [
      { name: 'earlier.gpx', content: new TextEncoder().encode(earlier) },
    ]);
    expect(finalFileEvents(uploaded.events)[0]).toMatchObject({ state: 'complete', duplicate: false });
    const stream = await openEventStream(server, user.client);

    const archive = await hostileArchive(earlier);
    const started = await uploadArchive(server, user.client, archive, 'strava-export.zip');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ fileName: 'strava-export.zip' });
    const report = await waitForArchive(user.client);

    expect(report).toMatchObject({
      status: 'done',
      total: 9,
      done: 9,
      imported: 3,
      duplicates: 1,
      refused: 5,
      message: null,
    });
    const byName = new Map(report.entries.map((entry) => [entry.name, entry]));
    expect(byName.get('activities/1.gpx')).toMatchObject({ outcome: 'imported' });
    expect(byName.get('activities/2.gpx.gz')).toMatchObject({ outcome: 'imported' });
    expect(byName.get('activities/3.gpx')).toMatchObject({
      outcome: 'duplicate',
      message: 'Already imported: this file is already in your activities.',
    });
    expect(byName.get('activities/broken.gpx')).toMatchObject({ outcome: 'refused' });
    expect(byName.get('activities/broken.gpx')?.message).toMatch(/^Not imported: /);
    expect(byName.get('activities/empty.gpx')).toMatchObject({
      outcome: 'refused',
      message: 'Not imported: the file is empty (0 bytes).',
    });
    expect(byName.get('activities/bomb.gpx')).toMatchObject({
      outcome: 'refused',
      message: 'Not imported: it unpacks to more than 100 times its packed size (a zip bomb).',
    });
    expect(byName.get('../x.gpx')).toMatchObject({
      outcome: 'refused',
      message: 'Not imported: its name points outside the archive.',
    });
    expect(byName.get('activities.csv row 3 (Pool swim)')).toMatchObject({ outcome: 'imported' });
    expect(byName.get('activities.csv row 4 (Yoga)')).toMatchObject({
      outcome: 'refused',
      message: 'Not imported: an activity without a file needs a distance and a moving time.',
    });

    // Names and types from activities.csv; the earlier upload is still one activity.
    expect(await activityNames(user)).toEqual([
      { name: 'Gzipped walk', type: 'walk' },
      { name: 'Lunch tempo, "hard"', type: 'run' },
      { name: 'Pool swim', type: 'swim' },
      { name: 'Watch run 3', type: 'run' },
    ]);
    const swim = report.entries.find((entry) => entry.name.startsWith('activities.csv row 3'));
    const detail = await user.client.get<{
      distance: number;
      movingTime: number;
      elapsedTime: number;
      startDateLocal: string;
    }>(`/api/activities/${swim?.activityId ?? ''}`);
    expect(detail.body).toMatchObject({
      distance: 1500,
      movingTime: 2000,
      elapsedTime: 2400,
      startDateLocal: '2026-10-03T19:30:00',
    });

    // The live stream heard the import through to its end.
    await expect.poll(() => stream.text().includes('"status":"done"'), { timeout: 10_000 }).toBe(true);
    expect(stream.text()).toContain('event: archive-import');
    stream.abort();

    // The same archive again: every file and row is there already, nothing is added.
    const again = await uploadArchive(server, user.client, archive);
    expect(again.status).toBe(202);
    const second = await waitForArchive(user.client);
    expect(second).toMatchObject({ status: 'done', imported: 0, duplicates: 4, refused: 5 });
    expect(await activityNames(user)).toHaveLength(4);
  });

  it('puts each activity on the gear activities.csv names, found by name or made once', async () => {
    const user = await registerUser(server);
    const pegasus = await user.client.post<Gear>('/api/gear', { kind: 'shoe', name: 'Pegasus 40' });
    const road = await user.client.post<Gear>('/api/gear', { kind: 'shoe', name: 'Road default' });
    expect([pegasus.status, road.status]).toEqual([201, 201]);
    // A default for runs: it must not replace the gear a row names.
    expect((await user.client.put('/api/gear/defaults', { type: 'run', gearId: road.body.id })).status).toBe(200);
    const csv = [
      CSV_HEADER,
      '11,"Oct 11, 2026, 6:00:00 AM",Tempo,Run,,600,1.8,,  pegasus 40 ,activities/11.gpx,600,600,1800',
      '12,"Oct 12, 2026, 6:00:00 AM",Commute,Ride,,600,1.8,,Canyon,activities/12.gpx,600,600,1800',
      '13,"Oct 13, 2026, 6:00:00 AM",Trail one,Run,,600,1.8,,Trail Shoes,activities/13.gpx,600,600,1800',
      '14,"Oct 14, 2026, 6:00:00 AM",Trail two,Run,,600,1.8,,trail shoes,activities/14.gpx,600,600,1800',
      '15,"Oct 15, 2026, 6:00:00 AM",Easy,Run,,600,1.8,,,activities/15.gpx,600,600,1800',
      '16,"Oct 16, 2026, 5:30:00 PM",Pool,Swim,,2400,1.5,,Goggles,,2400,2000,1500',
    ].join('\n');
    const archive = await buildArchive([
      { name: 'activities.csv', content: csv },
      ...[11, 12, 13, 14, 15].map((day) => ({ name: `activities/${day}.gpx`, content: run(day) })),
    ]);
    expect((await uploadArchive(server, user.client, archive)).status).toBe(202);
    const report = await waitForArchive(user.client);
    expect(report).toMatchObject({ status: 'done', imported: 6, duplicates: 0, refused: 0 });

    const gearOf = async (name: string) => {
      const id = report.entries.find((entry) => entry.name.includes(name))?.activityId ?? '';
      const detail = await user.client.get<ActivityDetail>(`/api/activities/${id}`);
      return detail.body.gear?.name ?? null;
    };
    expect({
      tempo: await gearOf('activities/11.gpx'),
      commute: await gearOf('activities/12.gpx'),
      trailOne: await gearOf('activities/13.gpx'),
      trailTwo: await gearOf('activities/14.gpx'),
      easy: await gearOf('activities/15.gpx'),
      pool: await gearOf('(Pool)'),
    }).toEqual({
      tempo: 'Pegasus 40',
      commute: 'Canyon',
      trailOne: 'Trail Shoes',
      trailTwo: 'Trail Shoes',
      easy: 'Road default',
      pool: 'Goggles',
    });
    const gearList = async () =>
      (await user.client.get<GearList>('/api/gear')).body.gear.map((item) => ({
        name: item.name,
        kind: item.kind,
        activityCount: item.activityCount,
        distance: Math.round(item.distance),
        retirementDistance: item.retirementDistance,
      }));
    // Each file runs 599 × 3 m; a new shoe retires at the runner's default (500 mi).
    const shoe = defaultRetirementDistance('shoe', DEFAULT_UNIT_SYSTEM);
    const expected = [
      { name: 'Pegasus 40', kind: 'shoe', activityCount: 1, distance: 1797, retirementDistance: shoe },
      { name: 'Road default', kind: 'shoe', activityCount: 1, distance: 1797, retirementDistance: shoe },
      { name: 'Canyon', kind: 'bike', activityCount: 1, distance: 1797, retirementDistance: null },
      { name: 'Trail Shoes', kind: 'shoe', activityCount: 2, distance: 3594, retirementDistance: shoe },
      { name: 'Goggles', kind: 'other', activityCount: 1, distance: 1500, retirementDistance: null },
    ];
    expect(await gearList()).toEqual(expected);

    // Imported again: duplicates only, and no gear made twice.
    expect((await uploadArchive(server, user.client, archive)).status).toBe(202);
    expect(await waitForArchive(user.client)).toMatchObject({ status: 'done', imported: 0, duplicates: 6 });
    expect(await gearList()).toEqual(expected);
  });

  it('opens Garmin’s nested UploadedFiles ZIP: its FIT files imported with their figures, a broken one refused', async () => {
    const user = await registerUser(server);
    const run = fixture('garmin-stamina.fit');
    const ride = fixture('test.fit');
    const nested = await buildArchive([
      { name: 'runner@example.com_101.fit', content: run },
      { name: 'runner@example.com_102.fit', content: ride },
      { name: 'runner@example.com_103.fit', content: 'this is not a FIT file' },
    ]);
    const folder = 'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip';
    const archive = await buildArchive([
      { name: 'DI_CONNECT/DI-Connect-Fitness/runner_summarizedActivities.json', content: '[]' },
      { name: folder, content: nested, store: true },
    ]);
    expect((await uploadArchive(server, user.client, archive, 'garmin-export.zip')).status).toBe(202);
    const report = await waitForArchive(user.client);
    expect(report).toMatchObject({ status: 'done', total: 3, done: 3, imported: 2, duplicates: 0, refused: 1 });
    expect(report.entries.map(({ name, outcome, message }) => ({ name, outcome, message }))).toEqual([
      { name: `${folder}/runner@example.com_101.fit`, outcome: 'imported', message: null },
      { name: `${folder}/runner@example.com_102.fit`, outcome: 'imported', message: null },
      {
        name: `${folder}/runner@example.com_103.fit`,
        outcome: 'refused',
        message: `Not imported: ${parseFailureMessage('fit', FIT_CONTENT_MESSAGES.invalidFormat)}`,
      },
    ]);
    for (const [index, bytes, type] of [
      [0, run, 'run'],
      [1, ride, 'ride'],
    ] as const) {
      const detail = (
        await user.client.get<ActivityDetail>(`/api/activities/${report.entries[index]?.activityId ?? ''}`)
      ).body;
      const device = fitSessionSummary(bytes);
      expect(detail.type).toBe(type);
      // The same figures as the file uploaded alone (fit-imports.db.test.ts): the device's, ±1 %.
      expect(Math.abs(detail.distance - device.distance) / device.distance).toBeLessThan(0.01);
      expect(Math.abs(detail.elapsedTime - device.elapsedTime) / device.elapsedTime).toBeLessThan(0.01);
      expect(detail.movingTime).toBeLessThanOrEqual(Math.ceil(device.timerTime));
      expect(detail.movingTime).toBeGreaterThan(0);
      expect(detail.startDate).toBe(device.start);
    }
    expect((await user.client.get<ActivityPage>('/api/activities?limit=50')).body.items).toHaveLength(2);
  });

  it('refuses a second archive while one runs, with a sentence', async () => {
    const user = await registerUser(server);
    // An import in hand (another app server's, leased for an hour).
    await server.database.db
      .insertInto('archiveImports')
      .values({
        id: randomUUID(),
        userId: user.id,
        fileName: 'first.zip',
        filePath: '/nonexistent/first.zip',
        fileSize: 1,
        timeZone: 'UTC',
        status: 'running',
        leasedUntil: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const second = await uploadArchive(server, user.client, await buildArchive([{ name: 'a.txt', content: 'x' }]));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      error: { message: 'An archive import is already running. Please wait for it to finish, then try again.' },
    });
    const latest = await user.client.get<ArchiveImport>('/api/activities/archive-imports');
    expect(latest.body).toMatchObject({ fileName: 'first.zip', status: 'running' });
  });

  it('refuses a body that is not a ZIP, and says when nothing was imported yet', async () => {
    const user = await registerUser(server);
    const none = await user.client.get('/api/activities/archive-imports');
    expectApiError(none, 404, { type: 'api_error', message: ARCHIVE_MESSAGES.noneYet });
    const notZip = await uploadArchive(server, user.client, new TextEncoder().encode('hello, not a zip'));
    expect(notZip.status).toBe(400);
    expect(notZip.body).toMatchObject({
      error: { message: 'This file is not a ZIP archive: choose the ZIP of a Strava or Garmin export.' },
    });
    // Nothing was queued: the runner may send a real one.
    expectApiError(await user.client.get('/api/activities/archive-imports'), 404, {
      type: 'api_error',
      message: ARCHIVE_MESSAGES.noneYet,
    });
  });
});
