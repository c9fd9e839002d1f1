import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrophyCase } from '../../core/medals/api.ts';
import { DEFAULT_WELLBEING_PREFERENCES, type WellbeingPreferences } from '../../core/profile.ts';
import {
  CHECK_IN_MESSAGES,
  COACHING_MESSAGES,
  DEFAULT_COACHING_SETTINGS,
  USER_ID_REQUIRED_MESSAGE,
  type CoachingSettings,
} from '../../core/wellbeing/check-in.ts';
import { COACHING_TIPS } from '../../core/wellbeing/coaching.ts';
import { STRETCHING_ROUTINE } from '../../core/wellbeing/stretching.ts';
import { READINESS_SENTENCES } from '../../core/wellbeing/readiness.ts';
import {
  CHECK_IN_DATE_MESSAGES,
  EXERCISE_MESSAGES,
  type ExerciseRecorded,
  type ReadinessView,
  type StoredCheckIn,
  type WellbeingOverview,
} from '../../core/wellbeing/wellbeing-api.ts';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { deleteAuthUser } from '../db/user-repository.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';
import { fixedClock } from '../test-support/clock.ts';
import { expectApiError, getOwnProfile, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
/** Tuesday 24 November 2026, 09:00 in Berlin. */
const START = Date.UTC(2026, 10, 24, 8, 0, 0);
const clock = fixedClock(START);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});

afterAll(async () => {
  await server.stop();
});

const ANSWERS: WellbeingPreferences = { ...DEFAULT_WELLBEING_PREFERENCES };

async function checkIn(runner: RegisteredUser, body: object = ANSWERS, zone = BERLIN) {
  const response = await runner.client.post<StoredCheckIn>(`/api/wellbeing/check-ins?timeZone=${zone}`, body);
  expect(response.status).toBe(201);
  return response.body;
}

async function latest(runner: RegisteredUser, date: string, zone: string) {
  const response = await runner.client.get<{ checkIn: StoredCheckIn | null }>(
    `/api/wellbeing/check-ins/latest?timeZone=${zone}&date=${date}`,
  );
  expect(response.status).toBe(200);
  return response.body.checkIn;
}

async function exercise(runner: RegisteredUser, name: string) {
  const response = await runner.client.post<ExerciseRecorded>(`/api/wellbeing/exercises?timeZone=${BERLIN}`, {
    exercise: name,
  });
  expect(response.status).toBe(200);
  return response.body;
}

/** A run due north at 3 m/s for 1,000 s (3,000 m), uploaded from Berlin. */
async function uploadRun(runner: RegisteredUser, startUtc: number) {
  const points = straightRun({ points: 201, interval: 5, speed: 3, start: startUtc });
  const name = `run-${startUtc}.gpx`;
  const upload = await uploadFiles(
    server,
    runner.client,
    [{ name, content: garminConnectGpx(points, name, 'running') }],
    BERLIN,
  );
  expect(finalFileEvents(upload.events)[0]?.activityId).toBeDefined();
}

const countCheckIns = async (userId: string) =>
  Number(
    (
      await server.database.db
        .selectFrom('coachingCheckIns')
        .select((eb) => eb.fn.countAll<string>().as('rows'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
    ).rows,
  );

describe('check-ins', () => {
  let runner: RegisteredUser;
  beforeAll(async () => {
    clock.set(START);
    runner = await registerUser(server);
  });

  it('stores the answers with the score computed in core, the runner’s local day and the instant', async () => {
    const stored = await checkIn(runner, { ...ANSWERS, note: '  Slept well  ' });
    expect(stored).toMatchObject({
      ...ANSWERS,
      userId: runner.id,
      wellbeingScore: 78,
      date: '2026-11-24',
      timestamp: START,
      note: 'Slept well',
      createdAt: new Date(START).toISOString(),
    });
    clock.set(START + 60_000);
    const poor = await checkIn(runner, {
      ...ANSWERS,
      sleepQuality: 'low',
      energyLevel: 'low',
      stressLevel: 'high',
      soreness: 'high',
      hydration: 'low',
      nutrition: 'low',
      moodRating: 'low',
      injuryFeeling: 'high',
    });
    expect(poor.wellbeingScore).toBe(0);
    expect((await latest(runner, '2026-11-24', BERLIN))?.id).toBe(poor.id);
    const overview = (await runner.client.get<WellbeingOverview>(`/api/wellbeing?timeZone=${BERLIN}`)).body;
    expect(overview.today).toBe('2026-11-24');
    expect(overview.trend).toHaveLength(30);
    expect(overview.trend.at(-1)).toEqual({ date: '2026-11-24', score: 0 });
    expect(overview.trend[0]).toEqual({ date: '2026-10-26', score: null });
    expect(overview.streaks.any).toBe(1);
  });

  it('keeps a check-in for a past day in the trend without counting it towards a streak', async () => {
    const runner2 = await registerUser(server);
    clock.set(START);
    const past = await checkIn(runner2, { ...ANSWERS, date: '2026-11-20' });
    // The same time of day as now (09:00 in Berlin), on that day.
    expect(past).toMatchObject({ date: '2026-11-20', timestamp: START - 4 * 86_400_000 });
    const overview = (await runner2.client.get<WellbeingOverview>(`/api/wellbeing?timeZone=${BERLIN}`)).body;
    expect(overview.trend.find((point) => point.date === '2026-11-20')?.score).toBe(78);
    expect(overview.checkIn).toBeNull();
    expect(overview.streaks.any).toBe(0);
    expect((await latest(runner2, '2026-11-20', BERLIN))?.id).toBe(past.id);
    expect(await latest(runner2, '2026-11-24', BERLIN)).toBeNull();
  });

  it('refuses answers out of range, unknown fields and days after today, storing nothing', async () => {
    const before = await countCheckIns(runner.id);
    const out = await runner.client.post(`/api/wellbeing/check-ins?timeZone=${BERLIN}`, {
      ...ANSWERS,
      sleepQuality: 'extreme',
    });
    expectApiError(out, 400, { type: 'validation_error', message: `sleepQuality: ${CHECK_IN_MESSAGES.answer}` });
    const missing = await runner.client.post(`/api/wellbeing/check-ins?timeZone=${BERLIN}`, { energyLevel: 'high' });
    expect(missing.status).toBe(400);
    const long = await runner.client.post(`/api/wellbeing/check-ins?timeZone=${BERLIN}`, {
      ...ANSWERS,
      note: 'x'.repeat(1001),
    });
    expectApiError(long, 400, { type: 'validation_error', message: `note: ${CHECK_IN_MESSAGES.noteTooLong}` });
    const future = await runner.client.post(`/api/wellbeing/check-ins?timeZone=${BERLIN}`, {
      ...ANSWERS,
      date: '2026-11-25',
    });
    expectApiError(future, 400, { type: 'validation_error', message: `date: ${CHECK_IN_DATE_MESSAGES.future}` });
    expect(await countCheckIns(runner.id)).toBe(before);
  });

  it('finds the latest check-in of a local day, 00:00:00.000 to 23:59:59.999, across a daylight-saving change', async () => {
    const dst = await registerUser(server);
    // Berlin moves to summer time on Sunday 29 March 2026 at 02:00 (01:00 UTC): a 23-hour day.
    const lastOf28 = Date.UTC(2026, 2, 28, 22, 59, 59, 999); // 23:59:59.999 on the 28th (UTC+1)
    const firstOf29 = Date.UTC(2026, 2, 28, 23, 0, 0, 0); // 00:00:00.000 on the 29th
    const lastOf29 = Date.UTC(2026, 2, 29, 21, 59, 59, 999); // 23:59:59.999 on the 29th (UTC+2)
    const firstOf30 = Date.UTC(2026, 2, 29, 22, 0, 0, 0);
    const at = async (instant: number) => {
      clock.set(instant);
      const stored = await checkIn(dst);
      // Read back later, as the runner would: no check-in lies after "now".
      clock.set(START);
      return stored;
    };
    const a = await at(firstOf29);
    expect(a.date).toBe('2026-03-29');
    expect((await latest(dst, '2026-03-29', BERLIN))?.id).toBe(a.id);
    expect(await latest(dst, '2026-03-28', BERLIN)).toBeNull();
    const b = await at(lastOf28);
    expect(b.date).toBe('2026-03-28');
    expect((await latest(dst, '2026-03-28', BERLIN))?.id).toBe(b.id);
    expect((await latest(dst, '2026-03-29', BERLIN))?.id).toBe(a.id);
    const c = await at(lastOf29);
    const d = await at(firstOf30);
    expect((await latest(dst, '2026-03-29', BERLIN))?.id).toBe(c.id);
    expect((await latest(dst, '2026-03-30', BERLIN))?.id).toBe(d.id);
    // The same instants in New York (UTC-4 since 8 March): all four fall on the 28th and 29th there.
    expect((await latest(dst, '2026-03-28', NEW_YORK))?.id).toBe(a.id);
    expect((await latest(dst, '2026-03-29', NEW_YORK))?.id).toBe(d.id);
    expect(await latest(dst, '2026-03-31', BERLIN)).toBeNull();
    // A day after today has no check-ins yet.
    expect(await latest(dst, '9999-12-31', BERLIN)).toBeNull();
    clock.set(START);
  });
});

describe('wellbeing preferences and coaching settings', () => {
  it('start at the spec defaults; an update forces hydration and nutrition to high', async () => {
    const runner = await registerUser(server);
    expect((await runner.client.get('/api/wellbeing/preferences')).body).toEqual(DEFAULT_WELLBEING_PREFERENCES);
    const updated = await runner.client.put<WellbeingPreferences>('/api/wellbeing/preferences', {
      sleepQuality: 'low',
      hydration: 'low',
      nutrition: 'moderate',
    });
    expect(updated.status).toBe(200);
    const expected = { ...DEFAULT_WELLBEING_PREFERENCES, sleepQuality: 'low', hydration: 'high', nutrition: 'high' };
    expect(updated.body).toEqual(expected);
    expect((await runner.client.get('/api/wellbeing/preferences')).body).toEqual(expected);
    expect((await getOwnProfile(runner.client)).wellbeingPreferences).toEqual(expected);
    const bad = await runner.client.put('/api/wellbeing/preferences', { moodRating: 'great' });
    expectApiError(bad, 400, { type: 'validation_error', message: `moodRating: ${CHECK_IN_MESSAGES.answer}` });
  });

  it('keeps each runner’s reminder time and focus, refusing a bad time or an unknown focus', async () => {
    const runner = await registerUser(server);
    const other = await registerUser(server);
    expect((await runner.client.get('/api/coaching-settings')).body).toEqual(DEFAULT_COACHING_SETTINGS);
    const saved = await runner.client.put<CoachingSettings>('/api/coaching-settings', {
      remindersEnabled: true,
      reminderTime: '06:30',
      focus: 'recovery',
    });
    expect(saved.body).toEqual({ remindersEnabled: true, reminderTime: '06:30', focus: 'recovery' });
    const badTime = await runner.client.put('/api/coaching-settings', { reminderTime: '24:00' });
    expectApiError(badTime, 400, {
      type: 'validation_error',
      message: `reminderTime: ${COACHING_MESSAGES.reminderTime}`,
    });
    const badFocus = await runner.client.put('/api/coaching-settings', { focus: 'speed', reminderTime: '07:00' });
    expectApiError(badFocus, 400, { type: 'validation_error', message: `focus: ${COACHING_MESSAGES.focus}` });
    expect((await runner.client.get('/api/coaching-settings')).body).toEqual(saved.body);
    expect((await other.client.get('/api/coaching-settings')).body).toEqual(DEFAULT_COACHING_SETTINGS);
  });
});

describe('exercises', () => {
  it('records each exercise once in today’s entry', async () => {
    clock.set(START);
    const runner = await registerUser(server);
    expect((await exercise(runner, 'breathing')).exercises).toEqual(['breathing']);
    expect((await exercise(runner, 'breathing')).exercises).toEqual(['breathing']);
    const both = await exercise(runner, 'stretching');
    expect(both).toMatchObject({
      date: '2026-11-24',
      exercises: ['breathing', 'stretching'],
      streaks: { any: 1, breathing: 1, stretching: 1 },
    });
    const overview = (await runner.client.get<WellbeingOverview>(`/api/wellbeing?timeZone=${BERLIN}`)).body;
    expect(overview.todayExercises).toEqual(['breathing', 'stretching']);
    const unknown = await runner.client.post(`/api/wellbeing/exercises?timeZone=${BERLIN}`, { exercise: 'yoga' });
    expectApiError(unknown, 400, { type: 'validation_error', message: `exercise: ${EXERCISE_MESSAGES.exercise}` });
  });
});

describe('a stretching routine with every stretch skipped', () => {
  it('is refused with a sentence and records nothing; one stretch held counts', async () => {
    clock.set(START);
    const runner = await registerUser(server);
    const ids = STRETCHING_ROUTINE.map((stretch) => stretch.id);
    const skippedAll = await runner.client.post(`/api/wellbeing/exercises?timeZone=${BERLIN}`, {
      exercise: 'stretching',
      skippedStretches: ids,
    });
    expectApiError(skippedAll, 400, {
      type: 'validation_error',
      message:
        'Every stretch of the routine was skipped, so this does not count as stretching done. Hold at least one.',
    });
    const overview = (await runner.client.get<WellbeingOverview>(`/api/wellbeing?timeZone=${BERLIN}`)).body;
    expect(overview.todayExercises).toEqual([]);
    expect(overview.streaks.stretching).toBe(0);

    const oneHeld = await runner.client.post<ExerciseRecorded>(`/api/wellbeing/exercises?timeZone=${BERLIN}`, {
      exercise: 'stretching',
      skippedStretches: ids.slice(1),
    });
    expect(oneHeld.status).toBe(200);
    expect(oneHeld.body).toMatchObject({ exercises: ['stretching'], streaks: { stretching: 1 } });
  });
});

describe('User ID is required', () => {
  it('every wellbeing use case refuses a call without a user id', async () => {
    const { wellbeing } = server.services;
    const calls = [
      () => wellbeing.saveCheckIn(undefined, { ...ANSWERS }),
      () => wellbeing.latestCheckIn(null, {}),
      () => wellbeing.overview('', {}),
      () => wellbeing.finishExercise(undefined, { exercise: 'breathing' }),
      () => wellbeing.preferences(undefined),
      () => wellbeing.updatePreferences(null, { sleepQuality: 'low' }),
      () => wellbeing.coachingSettings(undefined),
      () => wellbeing.updateCoachingSettings(undefined, { focus: 'general' }),
      () => wellbeing.readiness(undefined, {}),
    ];
    for (const call of calls) {
      await expect(call()).rejects.toThrow(USER_ID_REQUIRED_MESSAGE);
    }
  });

  it('over HTTP a visitor without a session gets 401', async () => {
    const visitor = createApiClient(server.url);
    expect((await visitor.get('/api/wellbeing/preferences')).status).toBe(401);
    expect((await visitor.post('/api/wellbeing/check-ins', ANSWERS)).status).toBe(401);
  });
});

describe('readiness', () => {
  it('asks for a check-in, then reads today’s score', async () => {
    clock.set(START);
    const runner = await registerUser(server);
    const before = (await runner.client.get<ReadinessView>(`/api/readiness?timeZone=${BERLIN}`)).body;
    expect(before).toMatchObject({ level: 'unknown', sentence: READINESS_SENTENCES.noData, score: null, ratio: null });
    await checkIn(runner);
    const after = (await runner.client.get<ReadinessView>(`/api/readiness?timeZone=${BERLIN}`)).body;
    expect(after).toMatchObject({ level: 'ready', sentence: READINESS_SENTENCES.ready, score: 78 });
  });

  it('reminds at the coaching reminder time until the check-in, with the focus’s tip', async () => {
    clock.set(START); // 09:00 in Berlin
    const runner = await registerUser(server);
    const readinessNow = async () => (await runner.client.get<ReadinessView>(`/api/readiness?timeZone=${BERLIN}`)).body;
    expect(await readinessNow()).toMatchObject({ reminder: null, tip: COACHING_TIPS.general.unknown });
    await runner.client.put('/api/coaching-settings', {
      remindersEnabled: true,
      reminderTime: '09:30',
      focus: 'recovery',
    });
    expect((await readinessNow()).reminder).toBeNull();
    clock.set(START + 30 * 60_000);
    expect(await readinessNow()).toMatchObject({
      reminder: 'It is past 09:30, your check-in time: how are you today?',
      tip: COACHING_TIPS.recovery.unknown,
    });
    await checkIn(runner);
    expect(await readinessNow()).toMatchObject({ level: 'ready', reminder: null, tip: COACHING_TIPS.recovery.go });
    clock.set(START);
  });

  it('is still learning until three of the last four weeks hold load, then compares the last 7 and 28 days', async () => {
    clock.set(START);
    const runner = await registerUser(server);
    await checkIn(runner);
    const readinessNow = async () => (await runner.client.get<ReadinessView>(`/api/readiness?timeZone=${BERLIN}`)).body;
    // This morning: 3,000 m in 1,000 s. A first run is no overload: there is no month to compare with.
    await uploadRun(runner, Date.UTC(2026, 10, 24, 6, 0, 0));
    expect(await readinessNow()).toMatchObject({ level: 'ready', ratio: null, learning: true, score: 78 });
    // The same run 27 days ago (as a history imported today holds it): two weeks of four are no
    // "twice your 4-week average" yet.
    await uploadRun(runner, Date.UTC(2026, 9, 28, 7, 0, 0));
    expect(await readinessNow()).toMatchObject({ level: 'ready', ratio: null, learning: true, score: 78 });
    // A third week with the run, 10 days ago: now this week holds a third of the month's load.
    await uploadRun(runner, Date.UTC(2026, 10, 14, 7, 0, 0));
    const view = await readinessNow();
    expect(view.acuteLoad).toBeGreaterThan(0);
    expect(view.chronicLoad).toBeCloseTo((view.acuteLoad * 7 * 3) / 28);
    expect(view.ratio).toBeCloseTo(28 / 21);
    expect(view).toMatchObject({ level: 'easy', sentence: READINESS_SENTENCES.easyHighLoad, learning: false });
  });

  it('says it is still learning without a check-in', async () => {
    clock.set(START);
    const runner = await registerUser(server);
    await uploadRun(runner, Date.UTC(2026, 10, 24, 6, 0, 0));
    const view = (await runner.client.get<ReadinessView>(`/api/readiness?timeZone=${BERLIN}`)).body;
    expect(view).toMatchObject({
      level: 'unknown',
      sentence:
        'Still learning your training: readiness compares your load once it has three weeks of your history. Check in to see how ready you are today.',
      ratio: null,
      learning: true,
    });
  });
});

describe('deleting the account', () => {
  it('removes its check-ins, coaching settings and wellbeing entries', async () => {
    const runner = await registerUser(server);
    await checkIn(runner);
    await exercise(runner, 'breathing');
    await runner.client.put('/api/coaching-settings', { focus: 'recovery' });
    await deleteAuthUser(server.database.db, runner.id);
    const { db } = server.database;
    for (const table of ['coachingCheckIns', 'coachingSettings', 'wellbeingEntries'] as const) {
      const rows = await db.selectFrom(table).select('userId').where('userId', '=', runner.id).execute();
      expect(rows).toEqual([]);
    }
  });
});

describe('the wellbeing medals', () => {
  it('are earned after seven consecutive days of check-ins, breathing and stretching', async () => {
    const runner = await registerUser(server);
    const earned = async () =>
      (await runner.client.get<TrophyCase>(`/api/medals?timeZone=${BERLIN}`)).body.medals
        .filter((medal) => medal.earned)
        .map((medal) => medal.medalId);
    const DAY = 86_400_000;
    for (let day = 0; day < 7; day += 1) {
      clock.set(START + day * DAY);
      expect(await earned()).toEqual([]);
      await checkIn(runner);
      await exercise(runner, 'breathing');
      const done = await exercise(runner, 'stretching');
      expect(done.streaks).toEqual({ any: day + 1, breathing: day + 1, stretching: day + 1 });
    }
    expect((await earned()).sort()).toEqual(['breathing-buddha', 'limber-limbs', 'wellbeing-streak']);
    clock.set(START);
  });
});
