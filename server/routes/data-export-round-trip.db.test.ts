/**
 * "Download my data" is lossless: a runner with one of everything on one server (an uploaded FIT
 * with heart rate, cadence and laps, a manual run with a description and private notes, synced
 * Strava runs, gear with a sport default and a retired one, units, time zone and heart-rate
 * settings, a goal and a plan with a ticked day, a check-in, wellbeing preferences, breathing and
 * stretching, a saved route, a privacy zone, profile fields and a photo) exports; the ZIP imported
 * into a fresh account on another server answers every endpoint the screens read as the first did,
 * apart from ids and timestamps; imported again into the account it came from it adds nothing; and
 * a Strava sync of the same athlete into the importing account adds no activity.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveImport } from '../../core/activity/archive-api.ts';
import type { ActivityPage } from '../../core/activity/schemas.ts';
import type { DataExportStatus } from '../../core/data-export.ts';
import type { Gear } from '../../core/gear.ts';
import type { PlanVersion, TrainingPlan } from '../../core/training/training-api.ts';
import { createStravaSimulator, type StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { uploadArchive, waitForArchive } from '../test-support/archives.ts';
import { fixedClock } from '../test-support/clock.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import {
  connectedRunner,
  connectStrava,
  stravaConfigFor,
  waitForSync,
  waitUntil,
  type ConnectedRunner,
} from '../test-support/strava.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { cookieHeader, finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Ljubljana';
/** Tuesday 24 November 2026, noon in Ljubljana (a plan made now starts today). */
const START = Date.UTC(2026, 10, 24, 11, 0, 0);
const TODAY = '2026-11-24';
const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A wait for background jobs, not a speed target. */
const JOB_WAIT_MS = 90_000;

let strava: StravaSimulator;
let source: TestServer;
let target: TestServer;

beforeAll(async () => {
  strava = await createStravaSimulator({ seed: 11, enforceRateLimits: false });
  source = await startTestServer({ strava: stravaConfigFor(strava) }, { clock: fixedClock(START) });
  target = await startTestServer({ strava: stravaConfigFor(strava) }, { clock: fixedClock(START) });
}, 120_000);

afterAll(async () => {
  await source?.stop();
  await target?.stop();
  await strava?.stop();
});

/** Any id (a UUID, a token) stands for where a thing is kept, not for what it is. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** Ids, and the instants a row was written or a screen read (not what the runner did). */
const DROPPED_KEY = /^(id|uid|createdAt|updatedAt|lastActive|lastUpdated|calendarUrl)$|Ids?$/;

/** An answer without ids and the instants rows were written: what must survive the round trip. */
function normalise(value: unknown, userId: string): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => normalise(item, userId));
  }
  if (typeof value === 'string') {
    return value.replace(UUID, '<id>').replaceAll(userId, '<id>');
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !DROPPED_KEY.test(key))
        .map(([key, inner]) => [key, normalise(inner, userId)]),
    );
  }
  return value;
}

/** The answers of every endpoint the screens read, keyed by path (lists' items opened one by one). */
async function screens({ id, client }: RegisteredUser): Promise<Record<string, unknown>> {
  const read = async (url: string) => {
    const answer = await client.get(url);
    expect(answer.status, url).toBe(200);
    return answer.body;
  };
  const answers: Record<string, unknown> = {};
  for (const url of [
    '/api/profile',
    '/api/profile/privacy',
    '/api/profile/privacy-zones',
    '/api/activities?limit=200',
    '/api/activities/totals',
    '/api/gear',
    `/api/goals?timeZone=${ZONE}`,
    '/api/training-plans',
    `/api/training/today?timeZone=${ZONE}`,
    `/api/wellbeing/check-ins/latest?timeZone=${ZONE}&date=${TODAY}`,
    `/api/wellbeing?timeZone=${ZONE}`,
    '/api/wellbeing/preferences',
    '/api/coaching-settings',
    `/api/readiness?timeZone=${ZONE}`,
    '/api/routes',
    `/api/medals?timeZone=${ZONE}`,
    `/api/analytics?timeZone=${ZONE}`,
    `/api/analytics/running-days?timeZone=${ZONE}`,
    `/api/charts?timeZone=${ZONE}`,
    `/api/charts?period=all&timeZone=${ZONE}`,
    '/api/personal-bests',
    '/api/heart-rate',
  ]) {
    answers[url] = await read(url);
  }
  // A medal's value is the figure it was earned with (the Strava summary's, read before the detail
  // refined it); the import earns it again from the figures as they are now.
  const medals = answers[`/api/medals?timeZone=${ZONE}`] as { medals: { value?: unknown }[] };
  for (const medal of medals.medals) {
    delete medal.value;
  }
  const activities = (answers['/api/activities?limit=200'] as ActivityPage).items;
  answers.details = await Promise.all(
    activities.map(async (activity) => ({
      detail: await read(`/api/activities/${activity.id}`),
      track: await client.get(`/api/activities/${activity.id}/track`).then((answer) => [answer.status, answer.body]),
      bestEfforts: await read(`/api/activities/${activity.id}/best-efforts`),
    })),
  );
  const plans = (answers['/api/training-plans'] as { plans: { id: string }[] }).plans;
  answers.plans = await Promise.all(
    plans.map(async (plan) => [
      await read(`/api/training-plans/${plan.id}`),
      await read(`/api/training-plans/${plan.id}/progress`),
    ]),
  );
  const routes = (answers['/api/routes'] as { routes: { id: string }[] }).routes;
  answers.routes = await Promise.all(routes.map((route) => read(`/api/routes/${route.id}`)));
  return normalise(answers, id) as Record<string, unknown>;
}

async function exportZip(server: TestServer, runner: RegisteredUser): Promise<Uint8Array> {
  const asked = await runner.client.post<DataExportStatus>('/api/account/data-export');
  expect(asked.status).toBe(200);
  const ready = await waitUntil(
    async () => {
      const current = (await runner.client.get<DataExportStatus>('/api/account/data-export')).body.export;
      return current?.state === 'ready' || current?.state === 'failed' ? current : undefined;
    },
    'the data export',
    JOB_WAIT_MS,
  );
  expect(ready.state).toBe('ready');
  const answer = await fetch(`${server.url}${ready.downloadPath as string}`, {
    headers: { cookie: cookieHeader(runner.client) },
  });
  expect(answer.status).toBe(200);
  return new Uint8Array(await answer.arrayBuffer());
}

async function importZip(server: TestServer, runner: RegisteredUser, zip: Uint8Array): Promise<ArchiveImport> {
  const started = await uploadArchive(server, runner.client, zip, 'stride-data.zip', ZONE);
  expect(started.status).toBe(202);
  const report = await waitForArchive(runner.client, JOB_WAIT_MS);
  expect(report.status, JSON.stringify(report)).toBe('done');
  return report;
}

describe('a runner with one of everything, exported and imported on another server', () => {
  let runner: ConnectedRunner;
  let zip: Uint8Array;
  let before: Record<string, unknown>;

  beforeAll(async () => {
    runner = await connectedRunner(source, strava, 3);
    const client = runner.client;
    const fit = await readFile(path.join(FIXTURES, 'activity-small-fenix2-run.fit'));
    const uploaded = await uploadFiles(source, client, [{ name: 'fenix.fit', content: fit }], ZONE);
    expect(finalFileEvents(uploaded.events).map((event) => event.state)).toEqual(['complete']);
    const manual = await client.post<{ id: string }>('/api/activities/manual', {
      type: 'run',
      name: 'Treadmill tempo',
      distance: 8000,
      movingTime: 2400,
      elapsedTime: 2460,
      startDateLocal: '2026-11-23T18:30',
      timeZone: ZONE,
      description: 'Three by ten minutes at threshold.',
      privateNotes: 'Left calf tight after the second.',
    });
    expect(manual.status).toBe(201);

    const shoe = await client.post<Gear>('/api/gear', { kind: 'shoe', name: 'Pegasus 40', brand: 'Nike' });
    const old = await client.post<Gear>('/api/gear', {
      kind: 'shoe',
      name: 'Old trail shoe',
      startingDistance: 700_000,
    });
    expect([shoe.status, old.status]).toEqual([201, 201]);
    expect((await client.patch(`/api/gear/${old.body.id}`, { retired: true })).status).toBe(200);
    expect((await client.put('/api/gear/defaults', { type: 'run', gearId: shoe.body.id })).status).toBe(200);
    expect((await client.patch(`/api/activities/${manual.body.id}`, { gearId: old.body.id })).status).toBe(200);

    const profile = await client.patch('/api/profile', {
      firstName: 'Ada',
      lastName: 'Runner',
      bio: 'Trails before work.',
      location: 'Ljubljana',
      preferences: { unitSystem: 'metric', timeZone: ZONE, theme: 'light', darkMode: true },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect((await client.put('/api/heart-rate', { maxHeartRate: 188 })).status).toBe(200);
    const photo = await fetch(`${source.url}/api/profile/photo`, {
      method: 'POST',
      headers: { cookie: cookieHeader(client), origin: source.url, 'content-type': 'image/png' },
      body: PNG,
    });
    expect(photo.status).toBe(200);
    const zone = await client.post('/api/profile/privacy-zones', { label: 'Home', lat: 46.05, lon: 14.5, radius: 300 });
    expect(zone.status).toBe(201);

    const goal = await client.post<{ id: string }>(`/api/goals?timeZone=${ZONE}`, {
      kind: 'race',
      title: 'Spring half',
      startDate: TODAY,
      // Exactly 10 weeks from today: the plan starts today.
      endDate: '2027-02-01',
      raceDistanceM: 21_097.5,
      targetTimeS: 6900,
    });
    expect(goal.status).toBe(201);
    const plan = await client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
      goalId: goal.body.id,
      level: 'intermediate',
      runsPerWeek: 6,
      longRunDay: 0,
    });
    expect(plan.status).toBe(201);
    // Today's first task (a day to come cannot be ticked yet).
    const day = plan.body.calendar
      .flatMap((week) => week.days)
      .find((entry) => entry.date <= TODAY && entry.tasks.length > 0);
    expect(day, JSON.stringify(plan.body.calendar[0])).toBeDefined();
    const ticked = await client.put(`/api/training-plans/${plan.body.id}/progress`, {
      date: day?.date,
      taskId: day?.tasks[0]?.task.id,
      completed: true,
    });
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    // A re-plan asked for and kept: the plan's history of versions.
    const replan = await client.post<PlanVersion>(`/api/training-plans/${plan.body.id}/replan`, {});
    expect(replan.status, JSON.stringify(replan.body)).toBe(200);
    if (replan.body.status === 'proposed') {
      const keep = `/api/training-plans/${plan.body.id}/versions/${replan.body.id}/keep`;
      expect((await client.post(keep, {})).status).toBe(200);
    }

    expect((await client.put('/api/wellbeing/preferences', { sleepQuality: 'low', hydration: 'low' })).status).toBe(
      200,
    );
    const checkIn = await client.post(`/api/wellbeing/check-ins?timeZone=${ZONE}`, {
      sleepQuality: 'high',
      energyLevel: 'high',
      stressLevel: 'low',
      soreness: 'low',
      hydration: 'moderate',
      nutrition: 'high',
      moodRating: 'high',
      injuryFeeling: 'low',
      note: 'Fresh legs.',
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(201);
    for (const exercise of ['breathing', 'stretching']) {
      expect((await client.post(`/api/wellbeing/exercises?timeZone=${ZONE}`, { exercise })).status).toBe(200);
    }
    expect(
      (await client.put('/api/coaching-settings', { remindersEnabled: true, reminderTime: '06:30', focus: 'recovery' }))
        .status,
    ).toBe(200);
    const loop = [
      { lat: 46.05, lng: 14.5 },
      { lat: 46.06, lng: 14.51 },
      { lat: 46.05, lng: 14.52 },
    ];
    expect((await client.post('/api/routes', { name: 'Castle loop', waypoints: loop, line: loop })).status).toBe(201);

    // Opening a Strava run's map stores its track (with heart rate), which must travel too.
    const list = (await client.get<ActivityPage>('/api/activities?limit=200')).body.items;
    for (const item of list.filter((activity) => activity.source === 'strava')) {
      await client.get(`/api/activities/${item.id}/track`);
    }
    // The first reading fetches what the screens cache (Strava's details); the second is the state.
    await screens(runner);
    // Medals as the runner's data now earns them (an import works them out from that data).
    expect((await client.post('/api/medals/check', { timeZone: ZONE })).status).toBe(200);
    before = await screens(runner);
    zip = await exportZip(source, runner);
  }, 240_000);

  it(
    'answers every screen the same on the other server, then adds nothing imported again or synced',
    { timeout: 240_000 },
    async () => {
      const list = before['/api/activities?limit=200'] as ActivityPage;
      const [planDetail] = before.plans as [TrainingPlan, unknown][];
      expect(planDetail?.[0].versions.length).toBe(1);
      expect(list.items.map((item) => item.source).sort()).toEqual(['manual', 'strava', 'strava', 'strava', 'upload']);

      // The same e-mail on a server that never saw it: a fresh account.
      const fresh = await registerUser(target, runner.credentials);
      const report = await importZip(target, fresh, zip);
      expect(report.refused, JSON.stringify(report.entries)).toBe(0);
      expect(await screens(fresh)).toEqual(before);

      // Into the account it came from: every activity a duplicate, nothing added.
      const again = await importZip(source, runner, zip);
      expect([again.imported, again.refused]).toEqual([0, 0]);
      // The five activities and stride/records.json.
      expect(again.duplicates).toBe(6);
      expect(await screens(runner)).toEqual(before);

      // The same Strava athlete connected to the importing account: its sync finds every run there.
      strava.state.signedInAthleteId = runner.athlete.id;
      expect((await connectStrava(fresh.client)).status).toBe(200);
      await waitForSync(fresh.client);
      const synced = (await fresh.client.get<ActivityPage>('/api/activities?limit=200')).body.items;
      expect(synced.map((item) => item.source).sort()).toEqual(['manual', 'strava', 'strava', 'strava', 'upload']);
    },
  );
});
