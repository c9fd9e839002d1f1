/**
 * The readiness and the Charts load lines read stored per-activity loads and a stored extent
 * (server/services/load-aggregates.ts). Their answers must be the ones worked out from the runner's
 * activities as the API lists them, with core's own formulas, after every kind of write: an
 * upload, a manual entry, an edit, a deletion, a new highest heart rate and the maximum the runner
 * sets; and for data stored before the figures were (worked out on the first read).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import type { ActivityDetail, ActivityPage, ActivitySummary } from '../../core/activity/schemas.ts';
import type { Charts } from '../../core/charts/chart-api.ts';
import { LOAD_WARM_UP_DAYS, loadAssumptions, loadLines, type LoadDay } from '../../core/charts/chart-load.ts';
import { addDays, daysBetween } from '../../core/calendar-days.ts';
import type { HeartRateSettings } from '../../core/running/heart-rate-api.ts';
import { READINESS_THRESHOLDS, trainingLoad } from '../../core/wellbeing/readiness.ts';
import type { ReadinessView } from '../../core/wellbeing/wellbeing-api.ts';
import { deleteAuthUser } from '../db/user-repository.ts';
import { createStravaSimulator, type StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { fixedClock } from '../test-support/clock.ts';
import { connectedRunner, recordingClock, stravaConfigFor } from '../test-support/strava.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Berlin';
/** Tuesday 24 November 2026, 09:00 in Berlin. */
const NOW = Date.UTC(2026, 10, 24, 8, 0, 0);
const TODAY = '2026-11-24';
const DAY = 86_400_000;
const clock = fixedClock(NOW);

let server: TestServer;
let strava: StravaSimulator;

beforeAll(async () => {
  strava = await createStravaSimulator({ seed: 27, enforceRateLimits: false });
  server = await startTestServer({ strava: stravaConfigFor(strava) }, { clock, stravaClock: recordingClock() });
});

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
});

/** A GPX activity due north at `speed` m/s for `seconds`, its heart rate 130–149 bpm plus `extraBpm`. */
async function upload(
  runner: RegisteredUser,
  startUtc: number,
  options: { seconds?: number; type?: string; speed?: number; extraBpm?: number } = {},
): Promise<string> {
  const { seconds = 1000, type = 'running', speed = 3, extraBpm = 0 } = options;
  const points = straightRun({ points: seconds / 5 + 1, interval: 5, speed, start: startUtc }).map((point) => ({
    ...point,
    heartRate: point.heartRate + extraBpm,
  }));
  const name = `activity-${startUtc}.gpx`;
  const result = await uploadFiles(
    server,
    runner.client,
    [{ name, content: garminConnectGpx(points, name, type) }],
    ZONE,
  );
  const id = finalFileEvents(result.events)[0]?.activityId;
  expect(id).toBeDefined();
  return id ?? '';
}

/** A manual activity (no heart rate) starting at the local time given. */
async function addManual(
  runner: RegisteredUser,
  entry: { type: string; distance: number; movingTime: number; startDateLocal: string },
): Promise<string> {
  const response = await runner.client.post<ActivityDetail>('/api/activities/manual', { ...entry, timeZone: ZONE });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function listed(runner: RegisteredUser): Promise<ActivitySummary[]> {
  const response = await runner.client.get<ActivityPage>('/api/activities?limit=200');
  expect(response.status).toBe(200);
  expect(response.body.items).toHaveLength(response.body.total);
  return response.body.items;
}

/** What the load is worked out from, from the activities as the API lists them and the maximum set. */
async function expectedBasis(runner: RegisteredUser) {
  const counted = (await listed(runner)).filter((item) => item.counted);
  const heartRate = (await runner.client.get<HeartRateSettings>('/api/heart-rate')).body;
  const recorded = counted.map((item) => item.maxHeartrate).filter((bpm): bpm is number => bpm !== null);
  const assumptions = loadAssumptions({
    set: heartRate.maxHeartRate,
    highestSeen: recorded.length > 0 ? Math.max(...recorded) : null,
  });
  const rows = counted
    .filter((item) => item.hasTiming && item.movingTime > 0)
    .map((item) => ({
      date: item.startDateLocal.slice(0, 10),
      type: item.type,
      movingTime: item.movingTime,
      distance: item.distance,
      averageHeartrate: item.averageHeartrate,
    }));
  const days = counted.map((item) => item.startDateLocal.slice(0, 10)).sort();
  return { assumptions, rows, firstDay: days[0] ?? null };
}

async function readiness(runner: RegisteredUser): Promise<ReadinessView> {
  const response = await runner.client.get<ReadinessView>(`/api/readiness?timeZone=${ZONE}`);
  expect(response.status).toBe(200);
  return response.body;
}

async function loadDays(runner: RegisteredUser, query = 'period=12w'): Promise<LoadDay[]> {
  const response = await runner.client.get<Charts>(`/api/charts?timeZone=${ZONE}&${query}`);
  expect(response.status).toBe(200);
  return response.body.load.days;
}

/** The readiness's loads, worked out in the test with core's formulas. */
async function expectedReadiness(runner: RegisteredUser) {
  const { assumptions, rows, firstDay } = await expectedBasis(runner);
  const from = addDays(TODAY, -(READINESS_THRESHOLDS.chronicDays - 1));
  const historyDays = firstDay === null ? 0 : daysBetween(firstDay, TODAY) + 1;
  const daily = historyDays > 0 ? loadLines(rows, assumptions, { warmUpFrom: from, from, to: TODAY }) : [];
  return trainingLoad(
    daily.map((day) => day.load),
    historyDays,
  );
}

function expectSameLoads(actual: Pick<ReadinessView, 'acuteLoad' | 'chronicLoad' | 'ratio'>, expected: typeof actual) {
  expect(actual.acuteLoad).toBeCloseTo(expected.acuteLoad, 9);
  expect(actual.chronicLoad).toBeCloseTo(expected.chronicLoad, 9);
  if (expected.ratio === null) {
    expect(actual.ratio).toBeNull();
  } else {
    expect(actual.ratio).toBeCloseTo(expected.ratio, 9);
  }
}

/** The readiness and the load lines (all types, and runs only) match the figures worked out here. */
async function expectFiguresOfActivities(runner: RegisteredUser) {
  const view = await readiness(runner);
  expectSameLoads(view, await expectedReadiness(runner));
  const { assumptions, rows } = await expectedBasis(runner);
  for (const type of ['all', 'run'] as const) {
    const days = await loadDays(runner, `period=12w&type=${type}`);
    const from = days[0]?.date ?? '';
    expect(days.at(-1)?.date).toBe(TODAY);
    const expected = loadLines(
      rows.filter((row) => type === 'all' || row.type === type),
      assumptions,
      { warmUpFrom: addDays(from, -LOAD_WARM_UP_DAYS), from, to: TODAY },
    );
    expect(days.map((day) => day.date)).toEqual(expected.map((day) => day.date));
    days.forEach((day, index) => {
      const want = expected[index];
      expect(day.load).toBeCloseTo(want?.load ?? Number.NaN, 9);
      expect(day.fitness).toBeCloseTo(want?.fitness ?? Number.NaN, 9);
      expect(day.fatigue).toBeCloseTo(want?.fatigue ?? Number.NaN, 9);
    });
  }
  return view;
}

/** A runner with six activities over 40 days: runs and a ride with heart rate, manual ones without. */
async function runnerWithHistory(): Promise<{ runner: RegisteredUser; ids: Record<string, string> }> {
  const runner = await registerUser(server);
  const ids = {
    first: await upload(runner, NOW - 40 * DAY),
    tempo: await upload(runner, NOW - 10 * DAY, { seconds: 1500, speed: 3.5 }),
    ride: await upload(runner, NOW - 3 * DAY, { seconds: 1200, type: 'cycling', speed: 7 }),
    walk: await addManual(runner, {
      type: 'walk',
      distance: 4000,
      movingTime: 2700,
      startDateLocal: '2026-11-04T18:00',
    }),
    treadmill: await addManual(runner, {
      type: 'run',
      distance: 8000,
      movingTime: 2640,
      startDateLocal: '2026-11-23T19:30',
    }),
    swim: await addManual(runner, {
      type: 'swim',
      distance: 1500,
      movingTime: 1800,
      startDateLocal: '2026-11-24T07:00',
    }),
  };
  return { runner, ids };
}

describe('readiness and the load lines from stored loads', () => {
  it('give the figures worked out from the activities with core’s formulas', async () => {
    const { runner } = await runnerWithHistory();
    const view = await expectFiguresOfActivities(runner);
    expect(view.acuteLoad).toBeGreaterThan(0);
    expect(view.ratio).not.toBeNull();
  });

  it('follow an upload, an edit and a deletion at once', async () => {
    const { runner, ids } = await runnerWithHistory();
    const before = await expectFiguresOfActivities(runner);

    await upload(runner, NOW - 2 * 3_600_000, { seconds: 2000 });
    const uploaded = await expectFiguresOfActivities(runner);
    expect(uploaded.acuteLoad).toBeGreaterThan(before.acuteLoad);

    // A treadmill "run" at 3:18/km is paced on foot; as a ride it gets the duration-only estimate.
    expect((await runner.client.patch(`/api/activities/${ids.treadmill}`, { type: 'ride' })).status).toBe(200);
    const edited = await expectFiguresOfActivities(runner);
    expect(edited.acuteLoad).not.toBeCloseTo(uploaded.acuteLoad, 3);

    expect((await runner.client.patch(`/api/activities/${ids.ride}`, { counted: false })).status).toBe(200);
    const uncounted = await expectFiguresOfActivities(runner);
    expect(uncounted.acuteLoad).toBeLessThan(edited.acuteLoad);

    expect((await runner.client.delete(`/api/activities/${ids.tempo}`)).status).toBe(200);
    const deleted = await expectFiguresOfActivities(runner);
    expect(deleted.chronicLoad).toBeLessThan(uncounted.chronicLoad);
    const stored = await server.database.db
      .selectFrom('activityLoads')
      .select('activityId')
      .where('userId', '=', runner.id)
      .execute();
    expect(stored.map((row) => row.activityId).sort()).toEqual(
      [ids.first, ids.walk, ids.treadmill, ids.swim]
        .concat((await listed(runner)).filter((item) => !Object.values(ids).includes(item.id)).map((item) => item.id))
        .sort(),
    );

    // Deleting the first activity leaves two of the last four weeks with load: still learning, no ratio.
    expect((await runner.client.delete(`/api/activities/${ids.first}`)).status).toBe(200);
    const young = await expectFiguresOfActivities(runner);
    expect(young).toMatchObject({ ratio: null, learning: true });
    expect(young.acuteLoad).toBeGreaterThan(0);
  });

  it('follow a new highest heart rate and the maximum the runner sets, every heart-rate load with them', async () => {
    const { runner } = await runnerWithHistory();
    const before = await expectFiguresOfActivities(runner);
    expect((await runner.client.get<HeartRateSettings>('/api/heart-rate')).body.highestRecorded).toBe(149);

    // A hard run recording 179 bpm: every heart-rate load is worked out again under the new maximum.
    await upload(runner, NOW - 5 * DAY, { seconds: 600, extraBpm: 30 });
    expect((await runner.client.get<HeartRateSettings>('/api/heart-rate')).body).toMatchObject({
      highestRecorded: 179,
      effectiveMaxHeartRate: 179,
    });
    const harder = await expectFiguresOfActivities(runner);
    expect(harder.chronicLoad).not.toBeCloseTo(before.chronicLoad, 3);

    const set = await runner.client.put<HeartRateSettings>('/api/heart-rate', { maxHeartRate: 200 });
    expect(set.body).toMatchObject({ maxHeartRate: 200, effectiveMaxHeartRate: 200, source: 'set' });
    const lower = await expectFiguresOfActivities(runner);
    expect(lower.chronicLoad).toBeLessThan(harder.chronicLoad);

    await runner.client.put<HeartRateSettings>('/api/heart-rate', { maxHeartRate: null });
    const cleared = await expectFiguresOfActivities(runner);
    expectSameLoads(cleared, harder);
  });

  it('are worked out on the first read for activities stored before the figures were', async () => {
    const { runner } = await runnerWithHistory();
    const { db } = server.database;
    // As after the migration: the activities are there, their stored figures are not.
    await sql`delete from activity_loads where user_id = ${runner.id}`.execute(db);
    await sql`delete from load_extents where user_id = ${runner.id}`.execute(db);
    await server.services.readCache.invalidateUser(runner.id);
    const view = await expectFiguresOfActivities(runner);
    expect(view.ratio).not.toBeNull();
    const stored = await db.selectFrom('activityLoads').select('activityId').where('userId', '=', runner.id).execute();
    expect(stored).toHaveLength(6);
    const extent = await db.selectFrom('loadExtents').selectAll().where('userId', '=', runner.id).executeTakeFirst();
    expect(extent).toEqual({
      userId: runner.id,
      firstDay: addDays(TODAY, -40),
      maxHeartrate: 149,
      loadMaxHeartRate: 149,
    });
  });

  it('store nothing, and fail nothing, for a change that ends after the account was deleted', async () => {
    const { runner } = await runnerWithHistory();
    await deleteAuthUser(server.database.db, runner.id);
    await expect(
      server.services.activityChanges.changed({ userId: runner.id, source: 'strava-sync' }),
    ).resolves.toBeUndefined();
    const { db } = server.database;
    expect(await db.selectFrom('loadExtents').select('userId').where('userId', '=', runner.id).execute()).toEqual([]);
    expect(await db.selectFrom('activityLoads').select('userId').where('userId', '=', runner.id).execute()).toEqual([]);
  });

  it('follow a Strava import and a disconnection', async () => {
    const runner = await connectedRunner(server, strava, 6);
    const storedIds = async () =>
      (
        await server.database.db
          .selectFrom('activityLoads')
          .select('activityId')
          .where('userId', '=', runner.id)
          .execute()
      )
        .map((row) => row.activityId)
        .sort();
    const imported = (await listed(runner)).filter((item) => item.counted && item.hasTiming && item.movingTime > 0);
    expect(imported.length).toBeGreaterThan(0);
    expect(await storedIds()).toEqual(imported.map((item) => item.id).sort());
    await expectFiguresOfActivities(runner);

    expect((await runner.client.delete('/api/strava/connection')).status).toBe(200);
    expect(await storedIds()).toEqual([]);
    const after = await expectFiguresOfActivities(runner);
    expect(after).toMatchObject({ acuteLoad: 0, chronicLoad: 0, ratio: null });
  });
});
