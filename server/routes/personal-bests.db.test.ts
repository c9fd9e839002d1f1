import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import {
  BEST_EFFORT_STATUS_TEXT,
  PERSONAL_BEST_MESSAGES,
  type ActivityBestEfforts,
  type PersonalBests,
} from '../../core/running/best-efforts-api.ts';
import { bytesParameter } from '../db/activity-track-repository.ts';
import { computePendingTrackFigures, startTrackFiguresBackfill } from '../services/best-efforts-service.ts';
import { REAL_CLOCK } from '../clock.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ activityRederive: false });
});

afterAll(async () => {
  await server.stop();
});

const DAY = 86_400_000;
const FIRST_DAY = Date.UTC(2026, 2, 1, 7, 0, 0);

/** A run due north at `speed` m/s for `metres`, one point every 5 s, on day `day` after FIRST_DAY. */
async function uploadRun(runner: RegisteredUser, day: number, metres: number, speed: number, type = 'running') {
  const interval = 5;
  const points = straightRun({
    points: Math.round(metres / speed / interval) + 1,
    interval,
    speed,
    start: FIRST_DAY + day * DAY,
  });
  const name = `run-${day}-${speed}.gpx`;
  const result = await uploadFiles(server, runner.client, [{ name, content: garminConnectGpx(points, name, type) }]);
  const id = finalFileEvents(result.events)[0]?.activityId;
  expect(id).toBeDefined();
  return id ?? '';
}

const bests = async (runner: RegisteredUser) => {
  const response = await runner.client.get<PersonalBests>('/api/personal-bests');
  expect(response.status).toBe(200);
  return response.body;
};
const distance = (body: PersonalBests, id: string) => body.distances.find((entry) => entry.distanceId === id);
const efforts = async (runner: RegisteredUser, activityId: string) =>
  (await runner.client.get<ActivityBestEfforts>(`/api/activities/${activityId}/best-efforts`)).body;

describe('personal bests', () => {
  let runner: RegisteredUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    runner = await registerUser(server);
    // 6 km at 3 m/s, then 5.1 km at 3.2 m/s (faster), then 5.1 km at 2.9 m/s (slower), and a ride.
    ids.first = await uploadRun(runner, 0, 6000, 3);
    ids.faster = await uploadRun(runner, 7, 5100, 3.2);
    ids.slower = await uploadRun(runner, 14, 5100, 2.9);
    ids.ride = await uploadRun(runner, 20, 12_000, 6, 'cycling');
  });

  it('ranks each distance’s fastest three, with the date and the activity', async () => {
    const body = await bests(runner);
    expect(body.distances.map((entry) => entry.distanceId)).toEqual([
      '400m',
      '1k',
      '1mi',
      '5k',
      '10k',
      'half',
      'marathon',
    ]);
    const fiveK = distance(body, '5k');
    expect(fiveK?.efforts.map((effort) => [effort.rank, effort.activityId, effort.date])).toEqual([
      [1, ids.faster, '2026-03-08'],
      [2, ids.first, '2026-03-01'],
      [3, ids.slower, '2026-03-15'],
    ]);
    expect(fiveK?.efforts[0]?.seconds).toBeCloseTo(5000 / 3.2, 0);
    expect(fiveK?.efforts[1]?.seconds).toBeCloseTo(5000 / 3, 0);
    // Nobody ran 10 km: no figure is invented, and the ride is no running record.
    expect(distance(body, '10k')?.efforts).toEqual([]);
    expect(fiveK?.efforts.some((effort) => effort.activityId === ids.ride)).toBe(false);
  });

  it('draws the progression of the distance asked: each effort that was a best when it was run', async () => {
    const { progression } = await bests(runner);
    expect(progression.distanceId).toBe('5k');
    expect(progression.steps.map((step) => [step.date, step.activityId])).toEqual([
      ['2026-03-01', ids.first],
      ['2026-03-08', ids.faster],
    ]);
    const mile = (await runner.client.get<PersonalBests>('/api/personal-bests?distance=1mi')).body.progression;
    expect(mile.distanceId).toBe('1mi');
    expect(mile.steps.map((step) => step.activityId)).toEqual([ids.first, ids.faster]);
    expectApiError(await runner.client.get('/api/personal-bests?distance=2mi'), 400, {
      type: 'validation_error',
      message: `distance: ${PERSONAL_BEST_MESSAGES.distance}`,
    });
  });

  it('says on each activity where its efforts place', async () => {
    const slower = await efforts(runner, ids.slower ?? '');
    expect(slower.status).toBe('ranked');
    expect(slower.efforts.find((effort) => effort.distanceId === '5k')).toMatchObject({
      rank: 3,
      place: '3rd fastest',
    });
    const first = await efforts(runner, ids.first ?? '');
    expect(first.efforts.find((effort) => effort.distanceId === '5k')).toMatchObject({ rank: 2, place: '2nd fastest' });
    const faster = await efforts(runner, ids.faster ?? '');
    expect(faster.efforts.map((effort) => effort.distanceId)).toEqual(['400m', '1k', '1mi', '5k']);
    expect(faster.efforts.find((effort) => effort.distanceId === '5k')?.place).toBe('Personal best');
    expect(await efforts(runner, ids.ride ?? '')).toEqual({ status: 'not-a-run', efforts: [] });
  });

  it('says why a run has none: shorter than 400 m, or a track that cannot be read — not “treadmill”', async () => {
    const other = await registerUser(server);
    const short = await uploadRun(other, 30, 300, 3);
    expect(await efforts(other, short)).toEqual({ status: 'too-short', efforts: [] });
    expect(BEST_EFFORT_STATUS_TEXT['too-short']).toBe(
      'No best efforts: this run is shorter than 400 m, the shortest best-effort distance.',
    );

    const broken = await uploadRun(other, 31, 2000, 3);
    expect((await efforts(other, broken)).status).toBe('ranked');
    const { db } = server.database;
    await db
      .updateTable('activityTracks')
      .set({ data: bytesParameter(new Uint8Array([1, 2, 3, 4, 5])) })
      .where('activityId', '=', broken)
      .execute();
    await db.updateTable('activities').set({ trackFiguresAt: null }).where('id', '=', broken).execute();
    expect(await efforts(other, broken)).toEqual({ status: 'unreadable', efforts: [] });
  });

  it('keeps one runner’s efforts from another, and a deleted run takes its efforts along', async () => {
    const other = await registerUser(server);
    expect(distance(await bests(other), '5k')?.efforts).toEqual([]);
    expectApiError(await other.client.get(`/api/activities/${ids.first}/best-efforts`), 404, {
      type: 'api_error',
      message: 'Activity not found.',
    });
    const extra = await uploadRun(runner, 21, 5100, 4);
    expect(distance(await bests(runner), '5k')?.efforts[0]?.activityId).toBe(extra);
    expect((await runner.client.delete(`/api/activities/${extra}`)).status).toBe(200);
    expect(distance(await bests(runner), '5k')?.efforts[0]?.activityId).toBe(ids.faster);
  });

  it('stores an upload’s track figures with it: what a later pass works out from its stored track', async () => {
    const { db } = server.database;
    const context = { db, clock: REAL_CLOCK, logger: server.logger };
    const id = ids.first ?? '';
    const stored = async () => ({
      efforts: await db
        .selectFrom('bestEfforts')
        .select(['distanceId', 'seconds', 'source'])
        .where('activityId', '=', id)
        .orderBy('distanceId')
        .execute(),
      row: await db
        .selectFrom('activities')
        .select(['trackFiguresAt', 'heartRateSecondsAtMost'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    });
    const uploaded = await stored();
    expect(uploaded.row.trackFiguresAt).not.toBeNull();
    expect(uploaded.efforts.map((effort) => effort.distanceId)).toContain('5k');
    expect(uploaded.row.heartRateSecondsAtMost?.length).toBeGreaterThan(0);

    await db.deleteFrom('bestEfforts').where('activityId', '=', id).execute();
    await db
      .updateTable('activities')
      .set({ trackFiguresAt: null, heartRateSecondsAtMost: null })
      .where('id', '=', id)
      .execute();
    expect(await computePendingTrackFigures(context, 10, runner.id)).toBe(1);
    const workedOut = await stored();
    expect(workedOut.efforts).toEqual(uploaded.efforts);
    expect(workedOut.row.heartRateSecondsAtMost).toEqual(uploaded.row.heartRateSecondsAtMost);
  });

  it('works out runs stored before best efforts existed, a batch at a time, resuming after a stop', async () => {
    const { db } = server.database;
    const context = { db, clock: REAL_CLOCK, logger: server.logger };
    // As the runs were before this feature: nothing worked out.
    await db.deleteFrom('bestEfforts').where('userId', '=', runner.id).execute();
    await db.updateTable('activities').set({ trackFiguresAt: null }).where('userId', '=', runner.id).execute();
    const pending = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from activities where user_id = ${runner.id} and track_figures_at is null and type = 'run'`.execute(
            db,
          )
        ).rows[0]?.n,
      );
    expect(await pending()).toBe(3);
    // A pass stopped after one run leaves the others for the next start.
    expect(await computePendingTrackFigures(context, 1)).toBe(1);
    expect(await pending()).toBe(2);
    const backfill = startTrackFiguresBackfill(context);
    await backfill.done;
    expect(await pending()).toBe(0);
    expect(distance(await bests(runner), '5k')?.efforts.map((effort) => effort.activityId)).toEqual([
      ids.faster,
      ids.first,
      ids.slower,
    ]);
  });
});
