/**
 * Real GPX files, uploaded end to end: the figures every screen shows (distance, moving time,
 * pace, splits) agree with one another, segment gaps add nothing, and a track without timing
 * data is kept without time, pace or splits and makes no running day.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACTIVITY_NAME, type ActivityDetail, type ActivityPage } from '../../core/activity/schemas.ts';
import { localDate } from '../../core/activity/time-zone.ts';
import { UPLOAD_MESSAGES } from '../../core/activity/upload-rules.ts';
import type { RunningDays } from '../../core/medals/api.ts';
import * as timing from '../db/migrations/0011-activity-timing.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const ZONE = 'Europe/Ljubljana';

let server: TestServer;
let runner: RegisteredUser;

beforeAll(async () => {
  server = await startTestServer();
  runner = await registerUser(server, { name: 'Real Figures' });
});

afterAll(async () => {
  await server.stop();
});

async function upload(name: string, alongside?: string) {
  const files = [name, ...(alongside ? [alongside] : [])].map((file) => ({
    name: file,
    content: readFileSync(path.join(FIXTURES, file)),
  }));
  const result = await uploadFiles(server, runner.client, files);
  const [final] = finalFileEvents(result.events);
  expect(final?.state).toBe('complete');
  const detail = await runner.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`);
  expect(detail.status).toBe(200);
  return { event: final, activity: detail.body };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('real GPX files', () => {
  it('korita-zbevnica.gpx: four tracks measured without the gaps, pace agreeing with distance and time', async () => {
    const { activity } = await upload('korita-zbevnica.gpx');
    // The sum of its recorded segments (core/activity/segments.test.ts), not 27.6 km of straight lines.
    expect(activity.distance).toBeCloseTo(14_897, 0);
    // "03-OCT-10" is a GPS's date stamp, not a name: started 11:36 in Slovenia.
    expect(activity.name).toBe('Morning Run');
    expect(activity.hasTiming).toBe(true);
    expect(activity.movingTime).toBeGreaterThan(0);
    expect(activity.averageSpeed * activity.movingTime).toBeCloseTo(activity.distance, 3);
    expect(sum(activity.splitsStandard.map((split) => split.distance))).toBeCloseTo(activity.distance, 3);
    expect(sum(activity.splitsStandard.map((split) => split.moving_time))).toBeCloseTo(activity.movingTime, 3);
    expect(sum(activity.splitsMetric.map((split) => split.moving_time))).toBeCloseTo(activity.movingTime, 3);
  });

  it('cerknicko-jezero.gpx: seven tracks, 4.6 km, pace agreeing', async () => {
    const { activity } = await upload('cerknicko-jezero.gpx');
    expect(activity.distance).toBeCloseTo(4575, 0);
    expect(activity.elapsedTime).toBe(7190);
    expect(activity.averageSpeed * activity.movingTime).toBeCloseTo(activity.distance, 3);
    expect(activity.startDate).toBe('2010-08-05T14:23:59.000Z');
    // "ACTIVE LOG" is the device's default: started 16:23 local time.
    expect(activity.name).toBe('Afternoon Run');
  });

  it('cerknicko-without-times.gpx: a run with no time data, dated by the file, no splits', async () => {
    const { event, activity } = await upload('cerknicko-without-times.gpx');
    expect(event?.message).toBeUndefined();
    expect(activity).toMatchObject({
      type: 'run',
      hasTiming: false,
      movingTime: 0,
      elapsedTime: 0,
      averageSpeed: 0,
      splitsMetric: [],
      splitsStandard: [],
      startDate: '2010-08-06T10:36:35.000Z',
    });
    expect(activity.distance).toBeCloseTo(4575, 0);
    expect(activity.name).toBe('Afternoon Run');
  });

  it('route.gpx: no time anywhere, in a batch dated by the upload and the upload says so', async () => {
    const before = Date.now();
    const { event, activity } = await upload('route.gpx', 'korita-zbevnica.gpx');
    expect(event?.message).toBe(UPLOAD_MESSAGES.datedByUpload);
    expect(activity.hasTiming).toBe(false);
    // Neither a name nor a time of its own.
    expect(activity.name).toBe(DEFAULT_ACTIVITY_NAME);
    expect(Date.parse(activity.startDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(activity.startDate)).toBeLessThanOrEqual(Date.now());
  });

  it('keeps a real name from the file', async () => {
    const { activity } = await upload('gpx1.1_with_all_fields.gpx');
    expect(activity.name).toBe('example name');
  });

  it('names a file whose name is a timestamp by its start: track-with-empty-segment.gpx', async () => {
    const { activity } = await upload('track-with-empty-segment.gpx');
    expect(activity.startDateLocal.slice(11, 13)).toBe('19');
    expect(activity.name).toBe('Evening Run');
  });

  it('lists hasTiming for every activity', async () => {
    const page = await runner.client.get<ActivityPage>('/api/activities?limit=50');
    const byName = new Map(page.body.items.map((activity) => [activity.originalFilename, activity.hasTiming]));
    expect(byName.get('korita-zbevnica.gpx')).toBe(true);
    expect(byName.get('cerknicko-without-times.gpx')).toBe(false);
    expect(byName.get('route.gpx')).toBe(false);
  });

  it('an untimed run makes no running day, even on a day inside the window; a timed one does', async () => {
    const today = localDate(Date.now(), ZONE);
    const readDays = async () =>
      (await runner.client.get<RunningDays>(`/api/analytics/running-days?timeZone=${ZONE}`)).body.days;
    const { db } = server.database;
    const ids = async (file: string) =>
      (
        await db
          .selectFrom('activities')
          .select('id')
          .where('userId', '=', runner.id)
          .where('originalFilename', '=', file)
          .executeTakeFirstOrThrow()
      ).id;
    await sql`update activities set start_date_local = ${`${today}T07:00:00`} where id in (${await ids('cerknicko-without-times.gpx')}, ${await ids('route.gpx')})`.execute(
      db,
    );
    expect(await readDays()).toEqual([]);
    await sql`update activities set start_date_local = ${`${today}T08:00:00`} where id = ${await ids('korita-zbevnica.gpx')}`.execute(
      db,
    );
    const days = await readDays();
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ date: today, runs: 1 });
  });

  it('migration 0011 marks existing activities timed exactly when they have a moving time', async () => {
    const { db } = server.database;
    await timing.down(db as never);
    await timing.up(db as never);
    const rows = await db
      .selectFrom('activities')
      .select(['originalFilename', 'hasTiming'])
      .where('userId', '=', runner.id)
      .execute();
    const byName = new Map(rows.map((row) => [row.originalFilename, row.hasTiming]));
    expect(byName.get('korita-zbevnica.gpx')).toBe(true);
    expect(byName.get('cerknicko-jezero.gpx')).toBe(true);
    expect(byName.get('cerknicko-without-times.gpx')).toBe(false);
    expect(byName.get('route.gpx')).toBe(false);
  });
});
