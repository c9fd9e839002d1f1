/**
 * Correcting a file's activity (PATCH /api/activities/{id} with a start, zone, distance, time or
 * moving time; POST /api/activities/{id}/revert), over HTTP on a fixed clock: the totals, the
 * weekly chart, gear distance, medals, plan ticks and personal bests follow the correction, "Revert
 * to the file" brings back exactly what the file gave (computed here from the file with the FIT
 * SDK), the original file never changes, bad input changes nothing, and a re-derivation of the file
 * keeps the runner's correction.
 */
import { Decoder, Stream } from '@garmin/fitsdk';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_CORRECTION_MESSAGES } from '../../core/activity/activity-corrections.ts';
import { ACTIVITY_EDIT_MESSAGES } from '../../core/activity/activity-edit.ts';
import { straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { encodeFit } from '../../core/activity/fit-file-builders.test-support.ts';
import type { ActivityDetail } from '../../core/activity/schemas.ts';
import type { SportTotals } from '../../core/activity/sport-totals.ts';
import type { Charts } from '../../core/charts/chart-api.ts';
import type { Gear, GearList } from '../../core/gear.ts';
import type { TrophyCase } from '../../core/medals/api.ts';
import type { Profile } from '../../core/profile.ts';
import type { ActivityBestEfforts, PersonalBests } from '../../core/running/best-efforts-api.ts';
import { RUN_TASK_KINDS } from '../../core/training/plan-generation.ts';
import type { Goal, TrainingPlan } from '../../core/training/training-api.ts';
import { fixedClock } from '../test-support/clock.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { rederiveNow } from '../test-support/rederive.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { cookieHeader, finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Ljubljana';
/** Tuesday 24 November 2026, noon in Ljubljana. */
const NOW = Date.UTC(2026, 10, 24, 11, 0, 0);
/** Tuesday 17 November 2026, 07:00 in Ljubljana: the week before. */
const FILE_START = Date.UTC(2026, 10, 17, 6, 0, 0);
const clock = fixedClock(NOW);
const invalid = (message: string) => ({ type: 'validation_error' as const, message });
const invalidField = (field: string, message: string) => invalid(`${field}: ${message}`);

/** A run the watch recorded at 3 m/s for 1,600 s: 4.8 km, short of the 5K Hero medal (3.1 mi). */
const FIT = encodeFit({
  points: straightRun({ points: 1601, interval: 1, speed: 3, start: FILE_START }),
  sport: 'running',
  lapStarts: [0],
});

/** What the file says, read with the FIT SDK: the session's start, distance and timer time. */
function fileSession() {
  const { messages } = new Decoder(Stream.fromByteArray(FIT)).read();
  const session = (messages as { sessionMesgs?: Record<string, unknown>[] }).sessionMesgs?.[0] ?? {};
  return {
    start: session.startTime as Date,
    distance: session.totalDistance as number,
    timer: session.totalTimerTime as number,
  };
}

/** The runner's correction: the run was on the 24th, 5.05 km in 30:00 with 29:10 moving. */
const CORRECTION = { startDateLocal: '2026-11-24T07:00', timeZone: ZONE, distance: 5050, time: 1800, movingTime: 1750 };

let server: TestServer;
let runner: RegisteredUser;
let id: string;
let shoe: Gear;
let plan: TrainingPlan;
let planRunDay: string;
let planRunTask: string;

const detail = async () => (await runner.client.get<ActivityDetail>(`/api/activities/${id}`)).body;
const patch = (body: unknown) => runner.client.patch<ActivityDetail>(`/api/activities/${id}`, body);
const revert = () => runner.client.post<ActivityDetail>(`/api/activities/${id}/revert`, { timeZone: ZONE });
const statistics = async () => (await runner.client.get<Profile>('/api/profile')).body.statistics;
const weeks = async () =>
  (await runner.client.get<Charts>(`/api/charts?period=12w&type=run&timeZone=${ZONE}`)).body.buckets
    .filter((bucket) => bucket.count > 0)
    .map(({ key, count, distance, movingTime }) => ({ key, count, distance, movingTime }));
const shoeNow = async () =>
  (await runner.client.get<GearList>('/api/gear')).body.gear.find((item) => item.id === shoe.id);
const earned = async () =>
  (await runner.client.get<TrophyCase>(`/api/medals?timeZone=${ZONE}`)).body.medals
    .filter((medal) => medal.earned)
    .map((medal) => medal.medalId);
const kmBests = async () =>
  (await runner.client.get<PersonalBests>('/api/personal-bests')).body.distances
    .find((distance) => distance.distanceId === '1k')
    ?.efforts.map(({ activityId, seconds }) => ({ activityId, seconds })) ?? [];
const ownEfforts = async () =>
  (await runner.client.get<ActivityBestEfforts>(`/api/activities/${id}/best-efforts`)).body;
const planTicks = async () =>
  (await runner.client.get<TrainingPlan>(`/api/training-plans/${plan.id}`)).body.dailyProgress[planRunDay]
    ?.completedTasks ?? [];
async function original(): Promise<Buffer> {
  const response = await fetch(`${server.url}/api/activities/${id}/original`, {
    headers: { cookie: cookieHeader(runner.client) },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}
/** Everything that follows the activity's figures, as the runner reads it. */
const dashboard = async () => (await runner.client.get<SportTotals>('/api/activities/totals')).body.sports;
const followers = async () => ({
  statistics: await statistics(),
  dashboard: await dashboard(),
  weeks: await weeks(),
  shoe: await shoeNow(),
  kmBests: await kmBests(),
});

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  runner = await registerUser(server);
  const made = await runner.client.post<Gear>('/api/gear', { kind: 'shoe', name: 'Pegasus' });
  expect(made.status).toBe(201);
  shoe = made.body;
  expect((await runner.client.put(`/api/gear/defaults`, { type: 'run', gearId: shoe.id })).status).toBe(200);
  const goal = await runner.client.post<Goal>(`/api/goals?timeZone=${ZONE}`, {
    kind: 'race',
    title: 'Spring half',
    startDate: '2026-11-24',
    endDate: '2027-02-01',
    raceDistanceM: 21_097.5,
    targetTimeS: 6900,
  });
  const created = await runner.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
    goalId: goal.body.id,
    level: 'intermediate',
    runsPerWeek: 6,
    longRunDay: 0,
  });
  expect(created.status).toBe(201);
  plan = created.body;
  const day = plan.calendar[0]?.days[0];
  planRunDay = day?.date ?? '';
  planRunTask = day?.tasks.find(({ task }) => RUN_TASK_KINDS.has(task.kind))?.task.id ?? '';
  expect([planRunDay, planRunTask.length > 0]).toEqual(['2026-11-24', true]);

  const result = await uploadFiles(server, runner.client, [{ name: 'watch.fit', content: Buffer.from(FIT) }], ZONE);
  id = finalFileEvents(result.events)[0]?.activityId ?? '';
  expect(id).not.toBe('');
});

afterAll(async () => {
  await server.stop();
});

describe('correcting a file activity', () => {
  let asImported: ActivityDetail;
  let followersAsImported: Awaited<ReturnType<typeof followers>>;

  it('shows the file’s figures before any correction', async () => {
    const file = fileSession();
    asImported = await detail();
    expect(asImported.startDate).toBe(file.start.toISOString());
    expect(asImported.distance).toBeCloseTo(file.distance, 0);
    expect(asImported.elapsedTime).toBeCloseTo(file.timer, 0);
    expect(asImported.correction).toBeNull();
    expect(asImported.splitsMetric.length).toBe(Math.ceil(file.distance / 1000));
    followersAsImported = await followers();
    expect(followersAsImported.statistics).toMatchObject({ totalActivities: 1 });
    expect(followersAsImported.statistics.totalDistance).toBeCloseTo(file.distance, 0);
    expect(followersAsImported.dashboard).toMatchObject([{ type: 'run', activities: 1 }]);
    expect(followersAsImported.dashboard[0]?.distance).toBeCloseTo(file.distance, 0);
    expect(followersAsImported.weeks).toEqual([
      { key: '2026-11-16', count: 1, distance: asImported.distance, movingTime: asImported.movingTime },
    ]);
    expect(followersAsImported.shoe?.distance).toBeCloseTo(file.distance, 0);
    // A steady 3 m/s: every kilometre took 1000 / 3 s.
    const [best] = followersAsImported.kmBests;
    expect(best?.activityId).toBe(id);
    expect(Math.abs((best?.seconds ?? 0) - 1000 / (file.distance / file.timer))).toBeLessThan(1);
    expect(await earned()).not.toContain('5k-hero');
    expect(await planTicks()).toEqual([]);
    expect((await ownEfforts()).status).toBe('ranked');
  });

  it('refuses bad input with the edit’s sentences and changes nothing', async () => {
    expectApiError(await patch({ distance: 0 }), 400, invalidField('distance', ACTIVITY_EDIT_MESSAGES.distance));
    expectApiError(await patch({ time: 90.5 }), 400, invalidField('time', ACTIVITY_EDIT_MESSAGES.time));
    expectApiError(await patch({ movingTime: -1 }), 400, invalidField('movingTime', ACTIVITY_EDIT_MESSAGES.movingTime));
    expectApiError(
      await patch({ time: 1000, movingTime: 1200 }),
      400,
      invalidField('time', ACTIVITY_EDIT_MESSAGES.timeShorter),
    );
    // Longer than the file's time (1,600 s) with the time left as the file's.
    expectApiError(await patch({ movingTime: 2000 }), 400, invalid(ACTIVITY_EDIT_MESSAGES.timeShorter));
    expectApiError(
      await patch({ startDateLocal: '2026-11-31T07:00' }),
      400,
      invalidField('startDateLocal', ACTIVITY_EDIT_MESSAGES.startDateLocal),
    );
    expectApiError(
      await patch({ timeZone: 'Mars/Olympus' }),
      400,
      invalidField('timeZone', ACTIVITY_EDIT_MESSAGES.timeZone),
    );
    expectApiError(
      await patch({ startDateLocal: '2026-11-24T12:30', distance: 5050 }),
      400,
      invalid(ACTIVITY_CORRECTION_MESSAGES.startInFuture),
    );
    expect(await detail()).toEqual(asImported);
    expect(await followers()).toEqual(followersAsImported);
  });

  it('an edited start, distance and time move the totals, week, gear, medals, plan ticks and personal bests', async () => {
    const file = fileSession();
    const edited = await patch(CORRECTION);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      startDate: '2026-11-24T06:00:00.000Z',
      startDateLocal: '2026-11-24T07:00:00',
      timezone: ZONE,
      distance: 5050,
      elapsedTime: 1800,
      // The file has a device timer, which the runner's time now replaces: the activity's time (the
      // Account default) is the corrected time, and Stride's moving time the corrected one beside it.
      timerTime: 1800,
      movingTime: 1800,
      strideMovingTime: 1750,
      averageSpeed: 5050 / 1800,
      splitsMetric: [],
      splitsStandard: [],
      correction: {
        fields: ['start', 'distance', 'time', 'movingTime'],
        file: {
          startDate: file.start.toISOString(),
          startDateLocal: '2026-11-17T07:00:00',
          timezone: ZONE,
          distance: asImported.distance,
          elapsedTime: asImported.elapsedTime,
          movingTime: asImported.movingTime,
          type: 'run',
        },
        splitsHidden: true,
      },
    });
    expect(edited.body.laps).toEqual(asImported.laps);
    expect(await statistics()).toMatchObject({ totalActivities: 1, totalDistance: 5050 });
    expect(await dashboard()).toMatchObject([{ type: 'run', activities: 1, distance: 5050, duration: 1800 }]);
    expect(await weeks()).toEqual([{ key: '2026-11-23', count: 1, distance: 5050, movingTime: 1800 }]);
    expect(await shoeNow()).toMatchObject({ distance: 5050, movingTime: 1800, activityCount: 1 });
    // The track measures 4.8 km in 1,600 s, not the corrected run: its efforts are left out.
    expect(await kmBests()).toEqual([]);
    expect(await ownEfforts()).toEqual({ status: 'corrected', efforts: [] });
    expect(await earned()).toContain('5k-hero');
    expect(await planTicks()).toEqual([planRunTask]);
  });

  it('the original file downloads byte for byte as uploaded', async () => {
    expect((await original()).equals(Buffer.from(FIT))).toBe(true);
  });

  it('a re-derivation of the file keeps the correction and takes the file’s new figures beside it', async () => {
    const corrected = await detail();
    // As if stored under older rules: the file's figures beside the correction are stale.
    await sql`update activities set derivation_version = 0,
      file_figures = jsonb_set(file_figures, '{distance}', '1234'::jsonb) where id = ${id}`.execute(server.database.db);
    expect((await detail()).correction?.file.distance).toBe(1234);
    const outcome = await rederiveNow(server, clock);
    expect(outcome.rederived).toBe(1);
    const after = await detail();
    expect(after).toEqual({ ...corrected, updatedAt: after.updatedAt });
    expect(after.correction?.file.distance).toBe(asImported.distance);
  });

  it('"Revert to the file" brings back exactly what the file gave', async () => {
    const reverted = await revert();
    expect(reverted.status).toBe(200);
    expect(reverted.body).toEqual({ ...asImported, updatedAt: reverted.body.updatedAt });
    expect(await followers()).toEqual(followersAsImported);
    expect((await ownEfforts()).status).toBe('ranked');
    expect((await original()).equals(Buffer.from(FIT))).toBe(true);
    // The medal the corrected figures gave goes with them (the file's 4.8 km run earns no 5K Hero);
    // a ticked task stays ticked (the runner unticks it).
    expect(await earned()).not.toContain('5k-hero');
    expect(await planTicks()).toEqual([planRunTask]);
    // Nothing left to revert: the activity is answered as it is.
    expect((await revert()).body).toEqual(reverted.body);
  });

  it('a value set back to the file’s is no correction', async () => {
    expect((await patch({ distance: 6000 })).body.correction?.fields).toEqual(['distance']);
    const back = await patch({ distance: asImported.distance });
    expect(back.body.correction).toBeNull();
    expect(back.body.splitsMetric).toEqual(asImported.splitsMetric);
  });

  it('a type changed alone is a correction too, and reverts to the file’s', async () => {
    const walked = await patch({ type: 'walk' });
    expect(walked.body.correction).toMatchObject({ fields: ['type'], file: { type: 'run' }, splitsHidden: false });
    const reverted = await revert();
    expect(reverted.body).toMatchObject({ type: 'run', correction: null });
    expect(reverted.body.splitsMetric).toEqual(asImported.splitsMetric);
  });

  it('a manual activity’s figures are edited in place, with no file to revert to', async () => {
    const created = await runner.client.post<ActivityDetail>('/api/activities/manual', {
      type: 'run',
      distance: 8000,
      movingTime: 2400,
      startDateLocal: '2026-11-23T18:30',
      timeZone: ZONE,
    });
    const manual = created.body.id;
    const edited = await runner.client.patch<ActivityDetail>(`/api/activities/${manual}`, { distance: 8400 });
    expect(edited.body).toMatchObject({ distance: 8400, averageSpeed: 8400 / 2400, correction: null });
    expectApiError(await runner.client.post(`/api/activities/${manual}/revert`, {}), 409, {
      type: 'validation_error',
      message: ACTIVITY_CORRECTION_MESSAGES.noFile,
      code: 'no-file',
    });
  });
});
