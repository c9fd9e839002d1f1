/**
 * Files whose tracks have no times are dated by what is given with them: a GPX without times in an
 * export archive by its row of activities.csv (not the file's own <time>, nor the import), and a
 * file without any date uploaded alone by the start its runner enters, the API refusing it without
 * one. A re-derivation from the kept original dates it the same way. A run without times, dated or
 * not, counts in no total: the dashboard's, the profile's, the running days, the charts and the
 * medals leave it out alike. The dates and figures expected are worked out here from the CSV
 * written, the start entered and the files generated.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_EDIT_MESSAGES } from '../../core/activity/activity-edit.ts';
import type { ActivityDetail, ActivityPage } from '../../core/activity/schemas.ts';
import { UPLOAD_MESSAGES } from '../../core/activity/upload-rules.ts';
import {
  garminConnectGpx,
  routeOnlyGpx,
  straightRun,
  type GeneratedPoint,
} from '../../core/activity/activity-file-builders.test-support.ts';
import type { SportTotals } from '../../core/activity/sport-totals.ts';
import type { Charts } from '../../core/charts/chart-api.ts';
import type { RunningDays, TrophyCase } from '../../core/medals/api.ts';
import * as untimedStatistics from '../db/migrations/0047-untimed-out-of-statistics.ts';
import { buildArchive, uploadArchive, waitForArchive } from '../test-support/archives.ts';
import { getOwnProfile, registerUser, signedInClient, type RegisteredUser } from '../test-support/factories.ts';
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const ZONE = 'Europe/Ljubljana';

/** The wall clock in `timeZone` at `ms`, "YYYY-MM-DDTHH:mm:ss", read with Intl (not Stride's code). */
function wallClock(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Strava's "Activity Date" (UTC): "Aug 4, 2010, 6:12:45 PM". */
function stravaDate(ms: number): string {
  const date = new Date(ms);
  const month = date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const hours = date.getUTCHours();
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${String(date.getUTCMinutes()).padStart(2, '0')}:${String(date.getUTCSeconds()).padStart(2, '0')}`;
  return `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${clock} ${hours < 12 ? 'AM' : 'PM'}`;
}

let database: TestDatabase;
let server: TestServer;
let runner: RegisteredUser;

const detailOf = async (id: string) => (await runner.client.get<ActivityDetail>(`/api/activities/${id}`)).body;

const postUpload = (files: { name: string; content: Buffer }[], fields: Record<string, string>) =>
  uploadFiles(server, runner.client, files, ZONE, fields);

beforeAll(async () => {
  database = await createTestDatabase({ persistent: true });
  server = await startTestServer({}, { database });
  runner = await registerUser(server, { name: 'Undated Files' });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('a GPX without times in an export archive', () => {
  it('takes the date of its activities.csv row, not the file’s own <time> nor the import', async () => {
    const gpx = fixture('cerknicko-without-times.gpx');
    const fileTime = Date.parse(/<time>([^<]+)<\/time>/.exec(gpx.toString('utf8'))?.[1] ?? '');
    // Strava's record of the run: the day before the file says, in the afternoon.
    const ranAt = Date.UTC(2010, 7, 5, 14, 23, 59);
    expect(ranAt).not.toBe(fileTime);
    const csv = [
      'Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Filename,Moving Time',
      `77,"${stravaDate(ranAt)}",Lake without a watch,Run,,4.58,activities/77.gpx,`,
    ].join('\n');
    const archive = await buildArchive([
      { name: 'activities.csv', content: csv },
      { name: 'activities/77.gpx', content: gpx },
    ]);
    expect((await uploadArchive(server, runner.client, archive, 'export.zip', ZONE)).status).toBe(202);
    const report = await waitForArchive(runner.client);
    const entry = report.entries.find((candidate) => candidate.name === 'activities/77.gpx');
    expect(entry).toMatchObject({ outcome: 'imported', message: null });
    const activity = await detailOf(entry?.activityId as string);
    expect(activity).toMatchObject({
      name: 'Lake without a watch',
      hasTiming: false,
      startDate: new Date(ranAt).toISOString(),
      startDateLocal: wallClock(ranAt, activity.timezone),
    });
    expect(activity.timezone).toBe(ZONE);
  });
});

describe('one rule for runs without times in every total', () => {
  it('leaves a dated run without times out of the totals, running days, charts and medals alike', async () => {
    const counter = await registerUser(server, { name: 'Totals Runner' });
    const day = 86_400_000;
    const today = Date.now();
    // A timed 5.2 km in 26:00 yesterday; a 12 km run without times two days ago, its start entered.
    const timedPoints = straightRun({ points: 313, interval: 5, speed: 5200 / 1560, start: today - day });
    const timed = { distance: (timedPoints.at(-1) as GeneratedPoint).distance, seconds: 1560 };
    const untimedPoints = straightRun({ points: 121, interval: 1, speed: 100, start: 0, startLon: 14.6 });
    expect((untimedPoints.at(-1) as GeneratedPoint).distance).toBe(12_000);
    const timedUpload = await uploadFiles(server, counter.client, [
      { name: 'timed.gpx', content: garminConnectGpx(timedPoints, 'timed.gpx') },
    ]);
    const timedId = finalFileEvents(timedUpload.events)[0]?.activityId as string;
    const untimedUpload = await uploadFiles(
      server,
      counter.client,
      [{ name: 'untimed.gpx', content: routeOnlyGpx(untimedPoints, 'Long one without a watch') }],
      ZONE,
      { startDateLocal: wallClock(today - 2 * day, ZONE).slice(0, 16) },
    );
    const untimedId = finalFileEvents(untimedUpload.events)[0]?.activityId as string;
    const untimed = (await counter.client.get<ActivityDetail>(`/api/activities/${untimedId}`)).body;
    expect(untimed).toMatchObject({ hasTiming: false, movingTime: 0 });
    expect(untimed.distance).toBeGreaterThan(11_000);

    const totals = (await counter.client.get<SportTotals>('/api/activities/totals')).body;
    expect(totals.sports[0]).toMatchObject({ type: 'run', activities: 1, duration: timed.seconds });
    expect(totals.sports[0]?.distance).toBeCloseTo(timed.distance, 0);
    const statistics = (await getOwnProfile(counter.client)).statistics;
    expect(statistics).toMatchObject({ totalActivities: 1, totalDuration: timed.seconds });
    expect(statistics.totalDistance).toBeCloseTo(timed.distance, 0);
    // Statistics kept by the earlier rule (the run without times counted) are put right by migration 0045.
    const { db } = server.database;
    await sql`update profiles set total_activities = 2, total_distance = ${timed.distance + untimed.distance}
      where user_id = ${counter.id}`.execute(db);
    await untimedStatistics.up(db as never);
    await server.services.readCache.invalidateUser(counter.id);
    expect((await getOwnProfile(counter.client)).statistics).toEqual(statistics);

    const days = (await counter.client.get<RunningDays>(`/api/analytics/running-days?timeZone=${ZONE}`)).body.days;
    expect(days.map((entry) => [entry.date, entry.runs])).toEqual([[wallClock(today - day, ZONE).slice(0, 10), 1]]);

    const charts = (await counter.client.get<Charts>(`/api/charts?period=12w&timeZone=${ZONE}`)).body;
    expect(charts.totals.current).toMatchObject({ count: 1, movingTime: timed.seconds });
    expect(charts.totals.current.distance).toBeCloseTo(timed.distance, 0);
    expect(charts.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(1);

    const medals = (await counter.client.get<TrophyCase>(`/api/medals?timeZone=${ZONE}`)).body;
    const card = (id: string) => medals.medals.find((medal) => medal.medalId === id);
    expect(card('longest-run')).toMatchObject({ earned: true, activityId: timedId });
    expect(card('10k-warrior')).toMatchObject({ earned: false });
  });
});

describe('a file without any date uploaded alone', () => {
  const route = () => ({ name: 'route.gpx', content: fixture('route.gpx') });
  let dated: string;

  it('is refused with the sentence asking for its start, and nothing is stored', async () => {
    expect(fixture('route.gpx').toString('utf8')).not.toContain('<time>');
    const result = await uploadFiles(server, runner.client, [route()], ZONE);
    const [final] = finalFileEvents(result.events);
    expect(final).toMatchObject({ state: 'error', message: UPLOAD_MESSAGES.needsDate, needsDate: true });
    const page = await runner.client.get<ActivityPage>('/api/activities?limit=50');
    expect(page.body.items.map((item) => item.originalFilename)).not.toContain('route.gpx');
  });

  it('refuses a start that is not a date, one in the future, and one sent with several files', async () => {
    const bad = await postUpload([route()], { startDateLocal: '2026-02-30T07:00' });
    expect(bad).toMatchObject({
      status: 400,
      error: { message: `startDateLocal: ${ACTIVITY_EDIT_MESSAGES.startDateLocal}` },
    });
    const future = await postUpload([route()], { startDateLocal: wallClock(Date.now() + 3 * 86_400_000, ZONE) });
    expect(future).toMatchObject({ status: 400, error: { message: UPLOAD_MESSAGES.dateInFuture } });
    const several = await postUpload([route(), { name: 'other.gpx', content: fixture('cerknicko-jezero.gpx') }], {
      startDateLocal: '2026-11-20T07:30',
    });
    expect(several).toMatchObject({ status: 400, error: { message: UPLOAD_MESSAGES.dateForOneFile } });
  });

  it('is imported with the start entered, on the runner’s wall clock', async () => {
    const entered = '2026-11-20T07:30';
    // 07:30 in Ljubljana on 20 November (CET, UTC+1) is 06:30 UTC.
    const startMs = Date.UTC(2026, 10, 20, 6, 30, 0);
    expect(wallClock(startMs, ZONE)).toBe(`${entered}:00`);
    const response = await postUpload([route()], { startDateLocal: entered });
    expect(response.status).toBe(200);
    const [final] = finalFileEvents(response.events);
    expect(final).toMatchObject({ state: 'complete' });
    expect(final?.message).toBeUndefined();
    dated = final?.activityId as string;
    const activity = await detailOf(dated);
    expect(activity.startDate).toBe(new Date(startMs).toISOString());
    expect(activity.startDateLocal).toBe(wallClock(startMs, activity.timezone));
  });

  it('in a batch, is dated by the upload and the upload says so', async () => {
    // A route of its own (other bytes than the one dated above) beside a timed file.
    const other = fixture('route.gpx').toString('utf8').replace('<rte>', '<rte><name>Other route</name>');
    const before = Date.now();
    const batch = await uploadFiles(
      server,
      runner.client,
      [
        { name: 'other-route.gpx', content: other },
        { name: 'track-with-empty-segment.gpx', content: fixture('track-with-empty-segment.gpx') },
      ],
      ZONE,
    );
    const [otherRoute] = finalFileEvents(batch.events);
    expect(otherRoute).toMatchObject({ state: 'complete', message: UPLOAD_MESSAGES.datedByUpload });
    const activity = await detailOf(otherRoute?.activityId as string);
    expect(Date.parse(activity.startDate)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps the entered start when its original is re-derived at the next start', async () => {
    const before = await detailOf(dated);
    await sql`update activities set derivation_version = 0, start_date = '2000-01-01T00:00:00Z',
      start_date_local = '2000-01-01T01:00:00' where id = ${dated}`.execute(server.database.db);
    await server.stop();
    server = await startTestServer({}, { database });
    await server.rederive?.done;
    runner = { ...runner, client: await signedInClient(server, runner.credentials) };
    const after = await detailOf(dated);
    expect(after.startDate).toBe(before.startDate);
    expect(after.startDateLocal).toBe(before.startDateLocal);
  });
});
