/**
 * A multisport file through the upload route becomes one activity per leg (a triathlon: a swim, a
 * ride and a run, never the transitions), all stored at once and linked as one event; and an
 * indoor file without positions imports with the device's figures and no map.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { encodeFit } from '../../core/activity/fit-file-builders.test-support.ts';
import type { ActivityDetail, ActivityPage, DisplayTrack } from '../../core/activity/schemas.ts';
import { UPLOAD_MESSAGES } from '../../core/activity/upload-rules.ts';
import type { TrophyCase } from '../../core/medals/api.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { cookieHeader, finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const TRIATHLON = readFileSync(path.join(FIXTURES, 'triathlon_summary_first.fit'));
const ZONE = 'America/Chicago';

/** The device's own figures per leg of the triathlon (its session messages). */
const SESSIONS = [
  { type: 'swim', distance: 513.26, timer: 675.701 },
  { type: 'ride', distance: 13_517.59, timer: 1566.657 },
  { type: 'run', distance: 4491.51, timer: 1573.613 },
] as const;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

async function uploadOne(user: RegisteredUser, name: string, content: Uint8Array) {
  const result = await uploadFiles(server, user.client, [{ name, content }], ZONE);
  const [final] = finalFileEvents(result.events);
  return final;
}

async function storedRows(userId: string) {
  const { db } = server.database;
  const activities = await db
    .selectFrom('activities')
    .select(['id', 'type', 'multisportId', 'legIndex'])
    .where('userId', '=', userId)
    .orderBy('legIndex')
    .execute();
  const files = await db
    .selectFrom('activityFiles')
    .innerJoin('activities', 'activities.id', 'activityFiles.activityId')
    .select('activityFiles.activityId')
    .where('activities.userId', '=', userId)
    .execute();
  return { activities, files };
}

const within1Percent = (actual: number, expected: number) => {
  expect(Math.abs(actual - expected) / expected).toBeLessThan(0.01);
};

describe('triathlon_summary_first.fit through the upload route', () => {
  let user: RegisteredUser;
  let firstId: string;
  let legs: ActivityDetail[];

  beforeAll(async () => {
    user = await registerUser(server);
    const final = await uploadOne(user, 'triathlon.fit', TRIATHLON);
    expect(final, final?.message).toMatchObject({
      state: 'complete',
      duplicate: false,
      message: 'Imported as 3 activities: swim, ride and run.',
    });
    firstId = final?.activityId ?? '';
    const first = (await user.client.get<ActivityDetail>(`/api/activities/${firstId}`)).body;
    legs = await Promise.all(
      (first.multisport?.legs ?? []).map(
        async (leg) => (await user.client.get<ActivityDetail>(`/api/activities/${leg.id}`)).body,
      ),
    );
  });

  it('stores three activities, a swim, a ride and a run, linked as one event; the file once', async () => {
    const { activities, files } = await storedRows(user.id);
    expect(activities.map((row) => [row.type, row.legIndex])).toEqual([
      ['swim', 0],
      ['ride', 1],
      ['run', 2],
    ]);
    expect(new Set(activities.map((row) => row.multisportId)).size).toBe(1);
    expect(activities[0]?.multisportId).not.toBeNull();
    expect(activities[0]?.id).toBe(firstId);
    expect(files.map((file) => file.activityId)).toEqual([firstId]);
  });

  it.each([0, 1, 2])("leg %i: its distance and time are its session's (±1 %%)", (index) => {
    const leg = legs[index] as ActivityDetail;
    const session = SESSIONS[index] as (typeof SESSIONS)[number];
    expect(leg.type).toBe(session.type);
    within1Percent(leg.distance, session.distance);
    within1Percent(leg.elapsedTime, session.timer);
    expect(leg.movingTime).toBeLessThanOrEqual(Math.ceil(session.timer));
    expect(leg.name).toBe(`Morning ${{ swim: 'Swim', ride: 'Ride', run: 'Run' }[session.type]}`);
  });

  it('every leg lists the event in order, and downloads the original file', async () => {
    const expected = legs.map((leg) => ({ id: leg.id, name: leg.name, type: leg.type }));
    for (const leg of legs) {
      expect(leg.multisport).toEqual({ legs: expected });
      const original = await fetch(`${server.url}/api/activities/${leg.id}/original`, {
        headers: { cookie: cookieHeader(user.client) },
      });
      expect(original.status).toBe(200);
      expect(Buffer.from(await original.arrayBuffer()).equals(TRIATHLON)).toBe(true);
    }
  });

  it('only the run leg is a run: the list by type and the running records', async () => {
    const totals = async (type: string) =>
      (await user.client.get<ActivityPage>(`/api/activities?type=${type}`)).body.items.map((item) => item.id);
    expect(await totals('run')).toEqual([legs[2]?.id]);
    expect(await totals('ride')).toEqual([legs[1]?.id]);
    expect(await totals('swim')).toEqual([legs[0]?.id]);
    const medals = (await user.client.get<TrophyCase>(`/api/medals?timeZone=${ZONE}`)).body;
    const longest = medals.medals.find((medal) => medal.medalId === 'longest-run');
    // The run's 4.5 km holds the record, not the 13.5 km ride.
    expect(longest).toMatchObject({ earned: true, activityId: legs[2]?.id });
    const runIds = new Set(medals.medals.filter((medal) => medal.earned).map((medal) => medal.activityId));
    expect(runIds.has(legs[1]?.id ?? '')).toBe(false);
    expect(runIds.has(legs[0]?.id ?? '')).toBe(false);
  });

  it('uploading the file again creates nothing and answers "already imported" with the first leg', async () => {
    const final = await uploadOne(user, 'triathlon-again.fit', TRIATHLON);
    expect(final).toMatchObject({
      state: 'complete',
      duplicate: true,
      activityId: firstId,
      message: UPLOAD_MESSAGES.alreadyImported,
    });
    expect((await storedRows(user.id)).activities).toHaveLength(3);
  });

  it('deleting the leg that keeps the file hands it to the next leg', async () => {
    expect((await user.client.delete(`/api/activities/${firstId}`)).status).toBe(200);
    const { activities, files } = await storedRows(user.id);
    expect(activities.map((row) => row.type)).toEqual(['ride', 'run']);
    expect(files.map((file) => file.activityId)).toEqual([legs[1]?.id]);
    const original = await fetch(`${server.url}/api/activities/${legs[2]?.id}/original`, {
      headers: { cookie: cookieHeader(user.client) },
    });
    expect(Buffer.from(await original.arrayBuffer()).equals(TRIATHLON)).toBe(true);
    const ride = (await user.client.get<ActivityDetail>(`/api/activities/${legs[1]?.id}`)).body;
    expect(ride.multisport?.legs.map((leg) => leg.type)).toEqual(['ride', 'run']);
  });
});

describe('an indoor treadmill run (FIT without positions)', () => {
  // 30 minutes at 3 m/s: 5,397 m by the footpod, 07:00 in Chicago.
  const points = straightRun({ points: 1800, speed: 3, start: Date.UTC(2026, 2, 3, 13, 0, 0) });
  const bytes = Buffer.from(
    encodeFit({
      points,
      sport: 'running',
      subSport: 'treadmill',
      lapStarts: [0],
      withoutPosition: new Set(points.map((_, i) => i)),
    }),
  );

  it('imports with the device distance and time, pace and splits, and no map', async () => {
    const user = await registerUser(server);
    const final = await uploadOne(user, 'treadmill.fit', bytes);
    expect(final, final?.message).toMatchObject({ state: 'complete', duplicate: false });
    expect(final?.message).toBeUndefined();
    const detail = (await user.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`)).body;
    expect(detail).toMatchObject({
      type: 'run',
      name: 'Morning Run',
      elapsedTime: 1799,
      movingTime: 1799,
      startLatLng: null,
      endLatLng: null,
      hasTrack: true,
      multisport: null,
      timezone: ZONE,
    });
    expect(detail.distance).toBeCloseTo(5397, 1);
    expect(detail.averageSpeed).toBeCloseTo(3, 3);
    expect(detail.splitsMetric).toHaveLength(6);
    const track = (await user.client.get<DisplayTrack>(`/api/activities/${final?.activityId}/track`)).body;
    expect(track.lat).toEqual([]);
    expect(track.lon).toEqual([]);
    expect(track.heartRate.filter((value) => value !== null).length).toBe(track.distance.length);
    const { db } = server.database;
    const stored = await db
      .selectFrom('activityFiles')
      .select('data')
      .where('activityId', '=', final?.activityId ?? '')
      .executeTakeFirstOrThrow();
    expect(gunzipSync(stored.data).equals(bytes)).toBe(true);
  });
});
