/**
 * The runner corrects an activity (PATCH /api/activities/{id}: name, type, description, private
 * notes, counted) and adds one without a file (POST /api/activities/manual), over HTTP on a fixed
 * clock. Totals, charts, medals, best efforts and plan ticks follow every change at once; a Strava
 * activity's name, type and description stay Strava's; re-deriving a file keeps the runner's edits;
 * private notes never leave the runner.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_CORRECTION_MESSAGES } from '../../core/activity/activity-corrections.ts';
import { ACTIVITY_EDIT_MESSAGES } from '../../core/activity/activity-edit.ts';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { FLAG_MESSAGES } from '../../core/activity/plausibility.ts';
import type { ActivityDetail, ActivityPage } from '../../core/activity/schemas.ts';
import type { Charts } from '../../core/charts/chart-api.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import type { TrophyCase } from '../../core/medals/api.ts';
import type { Profile, PublicProfile } from '../../core/profile.ts';
import type { ActivityBestEfforts, PersonalBests } from '../../core/running/best-efforts-api.ts';
import { STRAVA_TEXTS } from '../../core/strava/api.ts';
import { RUN_TASK_KINDS } from '../../core/training/plan-generation.ts';
import type { Goal, TrainingPlan } from '../../core/training/training-api.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { fixedClock } from '../test-support/clock.ts';
import { expectApiError, makeProfilePublic, type RegisteredUser, registerUser } from '../test-support/factories.ts';
import { rederiveNow } from '../test-support/rederive.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Ljubljana';
/** Tuesday 24 November 2026, noon in Ljubljana. */
const NOW = Date.UTC(2026, 10, 24, 11, 0, 0);
const DAY = 86_400_000;
const clock = fixedClock(NOW);
const invalid = (message: string) => ({ type: 'validation_error' as const, message });
/** A field's refusal names the field first (server/http/errors.ts validationFailure). */
const invalidField = (field: string, message: string) => invalid(`${field}: ${message}`);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});

afterAll(async () => {
  await server.stop();
});

/** A 6 km activity on foot at 3 m/s, `daysAgo` days before NOW, declared as `gpxType` in the file. */
async function uploadOnFoot(runner: RegisteredUser, daysAgo: number, gpxType: string): Promise<string> {
  const points = straightRun({ points: 401, interval: 5, speed: 3, start: NOW - daysAgo * DAY });
  const name = `${gpxType}-${daysAgo}.gpx`;
  const result = await uploadFiles(
    server,
    runner.client,
    [{ name, content: garminConnectGpx(points, name, gpxType) }],
    ZONE,
  );
  const id = finalFileEvents(result.events)[0]?.activityId;
  expect(id).toBeDefined();
  return id ?? '';
}

const detail = async (runner: RegisteredUser, id: string) =>
  (await runner.client.get<ActivityDetail>(`/api/activities/${id}`)).body;
const statistics = async (runner: RegisteredUser) => (await runner.client.get<Profile>('/api/profile')).body.statistics;
const runTotals = async (runner: RegisteredUser) =>
  (await runner.client.get<Charts>(`/api/charts?period=all&type=run&timeZone=${ZONE}`)).body.totals.current;
const earned = async (runner: RegisteredUser) =>
  (await runner.client.get<TrophyCase>(`/api/medals?timeZone=${ZONE}`)).body.medals
    .filter((medal) => medal.earned)
    .map((medal) => medal.medalId);
const fiveKBests = async (runner: RegisteredUser) =>
  (await runner.client.get<PersonalBests>('/api/personal-bests')).body.distances
    .find((distance) => distance.distanceId === '5k')
    ?.efforts.map((effort) => effort.activityId) ?? [];
const patch = (runner: RegisteredUser, id: string, body: unknown) =>
  runner.client.patch<ActivityDetail>(`/api/activities/${id}`, body);

const treadmill = {
  type: 'run',
  name: 'Treadmill tempo',
  distance: 8000,
  movingTime: 2400,
  elapsedTime: 2460,
  startDateLocal: '2026-11-23T18:30',
  timeZone: ZONE,
  description: 'Gym, 1 % incline',
  privateNotes: 'Left calf tight',
};

describe('PATCH /api/activities/{id}', () => {
  let runner: RegisteredUser;
  let other: RegisteredUser;
  let walk: string;

  beforeAll(async () => {
    runner = await registerUser(server);
    other = await registerUser(server);
    walk = await uploadOnFoot(runner, 3, 'walking');
  });

  it('a walk changed to a run counts in run totals, earns the 5K medal and gets best efforts at once', async () => {
    expect((await detail(runner, walk)).type).toBe('walk');
    expect(await runTotals(runner)).toMatchObject({ count: 0, distance: 0 });
    expect(await earned(runner)).not.toContain('5k-hero');
    expect(await fiveKBests(runner)).toEqual([]);

    const edited = await patch(runner, walk, { type: 'run', description: 'It was a run.', privateNotes: 'Knee ok' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      type: 'run',
      description: 'It was a run.',
      privateNotes: 'Knee ok',
      counted: true,
      countedOverride: null,
      updatedAt: new Date(NOW).toISOString(),
    });
    expect(await runTotals(runner)).toMatchObject({ count: 1, distance: (await detail(runner, walk)).distance });
    expect(await earned(runner)).toContain('5k-hero');
    expect(await fiveKBests(runner)).toEqual([walk]);
    const own = (await runner.client.get<ActivityBestEfforts>(`/api/activities/${walk}/best-efforts`)).body;
    expect(own.efforts.map((effort) => effort.distanceId)).toContain('5k');
  });

  it('"don\'t count" takes a run out of totals, charts and best efforts; counting it again brings it back', async () => {
    const distance = (await detail(runner, walk)).distance;
    expect(await statistics(runner)).toMatchObject({ totalActivities: 1, totalDistance: distance });

    const left = await patch(runner, walk, { counted: false });
    expect(left.body).toMatchObject({ counted: false, countedOverride: false, flagged: false });
    expect(await statistics(runner)).toMatchObject({ totalActivities: 0, totalDistance: 0 });
    expect(await runTotals(runner)).toMatchObject({ count: 0, distance: 0 });
    expect(await fiveKBests(runner)).toEqual([]);
    const listed = (await runner.client.get<ActivityPage>('/api/activities')).body.items;
    expect(listed.map((item) => [item.id, item.counted])).toEqual([[walk, false]]);

    const back = await patch(runner, walk, { counted: true });
    expect(back.body).toMatchObject({ counted: true, countedOverride: true });
    expect(await statistics(runner)).toMatchObject({ totalActivities: 1, totalDistance: distance });
    expect(await runTotals(runner)).toMatchObject({ count: 1 });
    expect(await fiveKBests(runner)).toEqual([walk]);
  });

  it('a run changed to a walk leaves the run totals and has no best efforts', async () => {
    const run = await uploadOnFoot(runner, 4, 'running');
    expect(await runTotals(runner)).toMatchObject({ count: 2 });
    expect((await patch(runner, run, { type: 'walk' })).body.type).toBe('walk');
    expect(await runTotals(runner)).toMatchObject({ count: 1 });
    expect(await statistics(runner)).toMatchObject({ totalActivities: 2 });
    const own = (await runner.client.get<ActivityBestEfforts>(`/api/activities/${run}/best-efforts`)).body;
    expect(own.efforts).toEqual([]);
  });

  it('counting a flagged activity confirms it; a type it is implausible for flags it', async () => {
    // A 6 km ride at 15 m/s: plausible on a bike, not on foot.
    const points = straightRun({ points: 81, interval: 5, speed: 15, start: NOW - 5 * DAY });
    const result = await uploadFiles(
      server,
      runner.client,
      [{ name: 'fast.gpx', content: garminConnectGpx(points, 'Fast', 'biking') }],
      ZONE,
    );
    const ride = finalFileEvents(result.events)[0]?.activityId as string;
    expect(await detail(runner, ride)).toMatchObject({ type: 'ride', flagged: false, counted: true });
    const before = (await statistics(runner)).totalActivities;

    const run = await patch(runner, ride, { type: 'run' });
    expect(run.body).toMatchObject({
      type: 'run',
      flagged: true,
      flagReason: FLAG_MESSAGES.speed(run.body.maxSpeed, 'run'),
      counted: false,
    });
    expect((await statistics(runner)).totalActivities).toBe(before - 1);

    const counted = await patch(runner, ride, { counted: true });
    expect(counted.body).toMatchObject({ flagged: true, counted: true, flagConfirmedAt: new Date(NOW).toISOString() });
    expect((await statistics(runner)).totalActivities).toBe(before);
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const before = await detail(runner, walk);
    expectApiError(await patch(runner, walk, { type: 'jog' }), 400, invalidField('type', ACTIVITY_EDIT_MESSAGES.type));
    expectApiError(await patch(runner, walk, {}), 400, invalid(ACTIVITY_EDIT_MESSAGES.nothingToChange));
    expectApiError(await patch(runner, walk, { name: '  ' }), 400, invalidField('name', 'Enter a name.'));
    expectApiError(
      await patch(runner, walk, { privateNotes: 'x'.repeat(2001), type: 'ride' }),
      400,
      invalidField('privateNotes', 'Use at most 2000 characters.'),
    );
    expectApiError(
      await patch(runner, walk, { counted: 'no' }),
      400,
      invalidField('counted', ACTIVITY_EDIT_MESSAGES.counted),
    );
    expect(await detail(runner, walk)).toEqual(before);
  });

  it('another runner’s activity is a 404, and changes nothing', async () => {
    const before = await detail(runner, walk);
    expectApiError(await patch(other, walk, { privateNotes: 'mine' }), 404, {
      type: 'api_error',
      message: NOT_FOUND_MESSAGES.activity,
    });
    expect(await detail(runner, walk)).toEqual(before);
  });

  it('a Strava activity keeps Strava’s name, type, description and figures; its notes and counting are the runner’s', async () => {
    const synced = await uploadOnFoot(runner, 6, 'running');
    await sql`update activities set source = 'strava', strava_id = '777001' where id = ${synced}`.execute(
      server.database.db,
    );
    const rename = { type: 'validation_error' as const, message: STRAVA_TEXTS.renameOnStrava, code: 'strava-rename' };
    expectApiError(await patch(runner, synced, { name: 'Mine' }), 409, rename);
    expectApiError(await patch(runner, synced, { description: 'Mine' }), 409, rename);
    expectApiError(await patch(runner, synced, { type: 'walk', privateNotes: 'x' }), 409, {
      type: 'validation_error',
      message: ACTIVITY_EDIT_MESSAGES.typeOnStrava,
      code: 'strava-type',
    });
    expectApiError(await patch(runner, synced, { distance: 5000 }), 409, {
      type: 'validation_error',
      message: ACTIVITY_CORRECTION_MESSAGES.onStrava,
      code: 'strava-figures',
    });
    const allowed = await patch(runner, synced, { privateNotes: 'Shoes: Pegasus', counted: false });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ privateNotes: 'Shoes: Pegasus', counted: false, type: 'run' });
  });
});

describe('POST /api/activities/manual', () => {
  let runner: RegisteredUser;
  let other: RegisteredUser;

  beforeAll(async () => {
    runner = await registerUser(server);
    other = await registerUser(server);
  });

  it('adds a treadmill run without a track: listed, in totals, charts and medals, with its figures', async () => {
    const created = await runner.client.post<ActivityDetail>('/api/activities/manual', treadmill);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Treadmill tempo',
      type: 'run',
      source: 'manual',
      startDate: '2026-11-23T17:30:00.000Z',
      startDateLocal: '2026-11-23T18:30:00',
      timezone: ZONE,
      distance: 8000,
      movingTime: 2400,
      elapsedTime: 2460,
      averageSpeed: 8000 / 2400,
      hasTrack: false,
      hasTiming: true,
      startLatLng: null,
      description: 'Gym, 1 % incline',
      privateNotes: 'Left calf tight',
      flagged: false,
      counted: true,
      splitsMetric: [],
      laps: [],
    });
    const id = created.body.id;
    const list = (await runner.client.get<ActivityPage>('/api/activities')).body;
    expect(list.items.map((item) => [item.id, item.source])).toEqual([[id, 'manual']]);
    expect(await statistics(runner)).toMatchObject({ totalActivities: 1, totalDistance: 8000, totalDuration: 2400 });
    expect(await runTotals(runner)).toEqual({ count: 1, distance: 8000, movingTime: 2400, elevation: 0 });
    expect(await earned(runner)).toEqual(expect.arrayContaining(['5k-hero']));
    expectApiError(await runner.client.get(`/api/activities/${id}/track`), 404, {
      type: 'api_error',
      message: NOT_FOUND_MESSAGES.activity,
    });
  });

  it('can be edited and deleted, the totals following', async () => {
    const created = await runner.client.post<ActivityDetail>('/api/activities/manual', {
      ...treadmill,
      name: '',
      distance: 3000,
      movingTime: 1200,
      elapsedTime: undefined,
      startDateLocal: '2026-11-24T07:05',
    });
    expect(created.body).toMatchObject({ name: 'Morning Run', elapsedTime: 1200 });
    expect(await statistics(runner)).toMatchObject({ totalActivities: 2, totalDistance: 11_000 });
    const edited = await patch(runner, created.body.id, { type: 'walk', name: 'Walk to work' });
    expect(edited.body).toMatchObject({ type: 'walk', name: 'Walk to work', source: 'manual' });
    expect(await runTotals(runner)).toMatchObject({ count: 1, distance: 8000 });
    expect((await runner.client.delete(`/api/activities/${created.body.id}`)).status).toBe(200);
    expect(await statistics(runner)).toMatchObject({ totalActivities: 1, totalDistance: 8000 });
  });

  it('flags an absurd pace as a file would be, leaving it out of the totals', async () => {
    const before = await statistics(runner);
    const typo = await runner.client.post<ActivityDetail>('/api/activities/manual', {
      ...treadmill,
      distance: 10_000,
      movingTime: 600,
      elapsedTime: 600,
    });
    expect(typo.status).toBe(201);
    expect(typo.body).toMatchObject({
      flagged: true,
      flagReason: FLAG_MESSAGES.speed(10_000 / 600, 'run'),
      counted: false,
    });
    expect(await statistics(runner)).toEqual(before);
  });

  it('refuses bad input and a start in the future with a sentence, leaving no row behind', async () => {
    const count = async () =>
      Number(
        (
          await server.database.db
            .selectFrom('activities')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('userId', '=', other.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const post = (body: unknown) => other.client.post('/api/activities/manual', body);
    expectApiError(
      await post({ ...treadmill, distance: 0 }),
      400,
      invalidField('distance', ACTIVITY_EDIT_MESSAGES.distance),
    );
    expectApiError(
      await post({ ...treadmill, movingTime: -5 }),
      400,
      invalidField('movingTime', ACTIVITY_EDIT_MESSAGES.movingTime),
    );
    expectApiError(
      await post({ ...treadmill, elapsedTime: 100 }),
      400,
      invalidField('elapsedTime', ACTIVITY_EDIT_MESSAGES.elapsedShorter),
    );
    expectApiError(
      await post({ ...treadmill, startDateLocal: '2026-11-31T07:00' }),
      400,
      invalidField('startDateLocal', ACTIVITY_EDIT_MESSAGES.startDateLocal),
    );
    expectApiError(
      await post({ ...treadmill, timeZone: 'Nowhere/Else' }),
      400,
      invalidField('timeZone', ACTIVITY_EDIT_MESSAGES.timeZone),
    );
    // Noon in Ljubljana now: 12:01 is a minute ahead.
    expectApiError(
      await post({ ...treadmill, startDateLocal: '2026-11-24T12:01' }),
      400,
      invalid(ACTIVITY_EDIT_MESSAGES.startInFuture),
    );
    expect(await count()).toBe(0);
    expect((await post({ ...treadmill, startDateLocal: '2026-11-24T12:00' })).status).toBe(201);
    expect(await count()).toBe(1);
  });
});

describe('plan ticks follow an edit', () => {
  it('a walk on a plan day ticks nothing; changed to a run, it ticks the day’s run task', async () => {
    const runner = await registerUser(server);
    const goal = await runner.client.post<Goal>(`/api/goals?timeZone=${ZONE}`, {
      kind: 'race',
      title: 'Spring half',
      startDate: '2026-11-24',
      endDate: '2027-02-01',
      raceDistanceM: 21_097.5,
      targetTimeS: 6900,
    });
    const made = await runner.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
      goalId: goal.body.id,
      level: 'intermediate',
      runsPerWeek: 6,
      longRunDay: 0,
    });
    expect(made.status).toBe(201);
    const runTask = made.body.calendar[0]?.days[0]?.tasks.find(({ task }) => RUN_TASK_KINDS.has(task.kind))?.task;
    expect(runTask?.distanceM).toBeGreaterThan(0);
    const walk = await runner.client.post<ActivityDetail>('/api/activities/manual', {
      ...treadmill,
      type: 'walk',
      distance: runTask?.distanceM,
      movingTime: Math.round((runTask?.distanceM ?? 0) / 3),
      elapsedTime: undefined,
      startDateLocal: '2026-11-24T07:00',
    });
    expect(walk.status).toBe(201);
    const progress = async () =>
      (await runner.client.get<TrainingPlan>(`/api/training-plans/${made.body.id}`)).body.dailyProgress['2026-11-24']
        ?.completedTasks ?? [];
    expect(await progress()).toEqual([]);
    await patch(runner, walk.body.id, { type: 'run' });
    expect(await progress()).toEqual([runTask?.id]);
  });
});

describe('re-deriving a file keeps the runner’s edits', () => {
  it('keeps an edited type, description, private notes and counting', async () => {
    const runner = await registerUser(server);
    const id = await uploadOnFoot(runner, 2, 'walking');
    const edit = { type: 'run', name: 'Tempo', description: 'Warm day', privateNotes: 'Gel at 4 km', counted: false };
    expect((await patch(runner, id, edit)).status).toBe(200);
    const edited = await detail(runner, id);
    await sql`update activities set derivation_version = 0, distance = 1234 where id = ${id}`.execute(
      server.database.db,
    );

    const outcome = await rederiveNow(server, clock);
    expect(outcome.rederived).toBeGreaterThanOrEqual(1);
    const after = await detail(runner, id);
    expect(after).toMatchObject({ ...edit, countedOverride: false, distance: edited.distance });
    expect(await statistics(runner)).toMatchObject({ totalActivities: 0 });
  });
});

describe('private notes', () => {
  it('are never on the public profile, in the analytics a share card is drawn from, or for another runner', async () => {
    const runner = await registerUser(server);
    await makeProfilePublic(runner.client);
    const username = `notes-${Date.now().toString(36)}`;
    expect((await runner.client.patch<Profile>('/api/profile', { username })).status).toBe(200);
    const secret = 'Private: resting HR 48, injury worries';
    const created = await runner.client.post<ActivityDetail>('/api/activities/manual', {
      ...treadmill,
      privateNotes: secret,
    });
    expect(created.body.privateNotes).toBe(secret);
    const anonymous = createApiClient(server.url);
    const publicProfile = await anonymous.get<PublicProfile>(`/api/public/profiles/${username}`);
    expect(publicProfile.status).toBe(200);
    expect(JSON.stringify(publicProfile.body)).not.toContain('resting HR');
    const analytics = await runner.client.get(`/api/analytics?timeZone=${ZONE}`);
    expect(analytics.status).toBe(200);
    expect(JSON.stringify(analytics.body)).not.toContain('resting HR');
    const list = await runner.client.get<ActivityPage>('/api/activities');
    expect(JSON.stringify(list.body)).not.toContain('resting HR');
    const stranger = await registerUser(server);
    expect((await stranger.client.get(`/api/activities/${created.body.id}`)).status).toBe(404);
  });
});
