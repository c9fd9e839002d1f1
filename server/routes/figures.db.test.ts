/**
 * Figures a runner can check against the watch, over HTTP: a run whose watch settled its position
 * with one jump counts in the totals; the same run uploaded again from another file (a second TCX
 * with the same Id, a GPX export of a FIT) is refused as already imported with no rows added; and
 * the dashboard's totals are per sport, runs first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  garminConnectGpx,
  garminTcx,
  settlingGpsRun,
  straightRun,
} from '../../core/activity/activity-file-builders.test-support.ts';
import { encodeFit } from '../../core/activity/fit-file-builders.test-support.ts';
import type { ActivityDetail } from '../../core/activity/schemas.ts';
import type { SportTotals } from '../../core/activity/sport-totals.ts';
import { UPLOAD_MESSAGES } from '../../core/activity/upload-rules.ts';
import type { Profile } from '../../core/profile.ts';
import { fixedClock } from '../test-support/clock.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles, type UploadFile } from '../test-support/uploads.ts';

const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);
const DAY_MS = 86_400_000;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock: fixedClock(NOW) });
});

afterAll(async () => {
  await server.stop();
});

async function rowsOf(userId: string) {
  const { db } = server.database;
  const activities = await db.selectFrom('activities').select('id').where('userId', '=', userId).execute();
  const ids = activities.map((row) => row.id);
  const count = async (table: 'activityTracks' | 'activityFiles') =>
    ids.length ? (await db.selectFrom(table).select('activityId').where('activityId', 'in', ids).execute()).length : 0;
  return { activities: ids.length, tracks: await count('activityTracks'), files: await count('activityFiles') };
}

async function uploadOne(user: RegisteredUser, file: UploadFile) {
  const result = await uploadFiles(server, user.client, [file]);
  expect(result.status).toBe(200);
  const [final] = finalFileEvents(result.events);
  return { final, done: result.events.at(-1) };
}

const profileOf = async (user: RegisteredUser) => (await user.client.get<Profile>('/api/profile')).body;

describe('one GPS jump is not an implausible run', () => {
  it('a 9 km run with a 79 m-in-4 s jump at the start is not flagged and counts in the totals', async () => {
    const user = await registerUser(server);
    const points = settlingGpsRun({ seconds: 2974, start: NOW - 2 * DAY_MS });
    const { final } = await uploadOne(user, { name: 'settling.gpx', content: garminConnectGpx(points, 'Nine') });
    expect(final).toMatchObject({ state: 'complete', duplicate: false });
    const detail = (await user.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`)).body;
    expect(detail).toMatchObject({ type: 'run', flagged: false, flagReason: null });
    expect(detail.distance).toBeCloseTo(8989, 0);
    const { statistics } = await profileOf(user);
    expect(statistics.totalActivities).toBe(1);
    expect(statistics.totalDistance).toBeCloseTo(detail.distance, 3);
  });
});

describe('the same run from two files is one activity', () => {
  const run = straightRun({ points: 1201, speed: 3, start: NOW - 3 * DAY_MS });
  const lap = { points: run, averageHeartRate: 150, maxHeartRate: 170, calories: 300 };

  it('a second TCX with the same Id (another export, other bytes) is already imported, no rows added', async () => {
    const user = await registerUser(server);
    const first = await uploadOne(user, { name: 'tempo.tcx', content: garminTcx([lap]) });
    expect(first.final).toMatchObject({ state: 'complete', duplicate: false });
    const before = await rowsOf(user.id);
    expect(before).toEqual({ activities: 1, tracks: 1, files: 1 });

    const again = garminTcx([lap], 'Running', 'Forerunner 965');
    expect(again).not.toBe(garminTcx([lap]));
    expect(again.match(/<Id>.*<\/Id>/)?.[0]).toBe(garminTcx([lap]).match(/<Id>.*<\/Id>/)?.[0]);
    const second = await uploadOne(user, { name: 'tempo-from-another-tool.tcx', content: again });
    expect(second.final).toMatchObject({
      state: 'complete',
      duplicate: true,
      activityId: first.final?.activityId,
      message: UPLOAD_MESSAGES.alreadyImported,
    });
    expect(second.final?.message).toBe('Already imported: this file is already in your activities.');
    expect(second.done).toEqual({ kind: 'done', imported: 0, duplicates: 1, failed: 0 });
    expect(await rowsOf(user.id)).toEqual(before);
    expect((await profileOf(user)).statistics.totalActivities).toBe(1);
  });

  it('a FIT and the GPX export of it: the second upload is already imported, no rows added', async () => {
    const user = await registerUser(server);
    const fit = encodeFit({ points: run, sport: 'running', lapStarts: [0] });
    const first = await uploadOne(user, { name: 'watch.fit', content: fit });
    expect(first.final).toMatchObject({ state: 'complete', duplicate: false });
    const before = await rowsOf(user.id);

    const second = await uploadOne(user, { name: 'export.gpx', content: garminConnectGpx(run) });
    expect(second.final).toMatchObject({
      state: 'complete',
      duplicate: true,
      activityId: first.final?.activityId,
      message: UPLOAD_MESSAGES.alreadyImported,
    });
    expect(await rowsOf(user.id)).toEqual(before);
  });

  it('another run (a minute later, or 3 % longer) is imported', async () => {
    const user = await registerUser(server);
    await uploadOne(user, { name: 'watch.fit', content: encodeFit({ points: run, sport: 'running', lapStarts: [0] }) });
    const later = straightRun({ points: 1201, speed: 3, start: NOW - 3 * DAY_MS + 60_000 });
    const longer = straightRun({ points: 1201, speed: 3.09, start: NOW - 3 * DAY_MS });
    const result = await uploadFiles(server, user.client, [
      { name: 'later.gpx', content: garminConnectGpx(later) },
      { name: 'longer.gpx', content: garminConnectGpx(longer) },
    ]);
    expect(result.events.at(-1)).toEqual({ kind: 'done', imported: 2, duplicates: 0, failed: 0 });
    expect((await rowsOf(user.id)).activities).toBe(3);
  });
});

describe('GET /api/activities/totals: the dashboard totals per sport', () => {
  it('runs first, rides beside them, never added up', async () => {
    const user = await registerUser(server);
    // 2 runs of 5 km and 7 km, a 20 km ride, a 3 km walk.
    const runA = straightRun({ points: 1668, speed: 3, start: NOW - 5 * DAY_MS });
    const runB = straightRun({ points: 2334, speed: 3, start: NOW - 4 * DAY_MS });
    const ride = straightRun({ points: 2001, speed: 10, start: NOW - 3 * DAY_MS });
    const walk = straightRun({ points: 2001, speed: 1.5, start: NOW - 2 * DAY_MS });
    const result = await uploadFiles(server, user.client, [
      { name: 'a.gpx', content: garminConnectGpx(runA, 'Run A') },
      { name: 'b.gpx', content: garminConnectGpx(runB, 'Run B') },
      { name: 'ride.gpx', content: garminConnectGpx(ride, 'Ride', 'cycling') },
      { name: 'walk.gpx', content: garminConnectGpx(walk, 'Walk', 'walking') },
    ]);
    expect(result.events.at(-1)).toEqual({ kind: 'done', imported: 4, duplicates: 0, failed: 0 });

    const response = await user.client.get<SportTotals>('/api/activities/totals');
    expect(response.status).toBe(200);
    const { sports } = response.body;
    expect(sports.map((sport) => [sport.type, sport.activities])).toEqual([
      ['run', 2],
      ['ride', 1],
      ['walk', 1],
    ]);
    expect(sports[0]?.distance).toBeCloseTo(1667 * 3 + 2333 * 3, 3);
    expect(sports[0]?.duration).toBe(1667 + 2333);
    expect(sports[1]?.distance).toBeCloseTo(20_000, 3);
    expect(sports[2]?.distance).toBeCloseTo(3000, 3);
    // The profile's statistics (spec §3) still count everything.
    expect((await profileOf(user)).statistics.totalDistance).toBeCloseTo(12_000 + 20_000 + 3000, 3);
  });

  it('a new runner has runs with zeros and nothing else; visitors get a 401', async () => {
    const user = await registerUser(server);
    const response = await user.client.get<SportTotals>('/api/activities/totals');
    expect(response.body).toEqual({ sports: [{ type: 'run', activities: 0, distance: 0, elevation: 0, duration: 0 }] });
    const visitor = await fetch(`${server.url}/api/activities/totals`);
    expect(visitor.status).toBe(401);
  });
});
