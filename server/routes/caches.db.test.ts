/**
 * The session cache and the per-runner read cache (server/cache/), over HTTP: a session is answered
 * from memory, yet every way it ends is refused at once; each write that changes a cached read is
 * shown by the runner's own next read; and on PostgreSQL, a second app server on the same database
 * forgets both once the invalidation arrives over LISTEN/NOTIFY (awaited, far inside the caches'
 * five-minute safety net, so only the invalidation can have dropped them).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import type { ActivityPage } from '../../core/activity/schemas.ts';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { IDENTITY_ERROR_MESSAGES } from '../../core/identity-errors.ts';
import type { Profile } from '../../core/profile.ts';
import type { StravaStatus } from '../../core/strava/api.ts';
import type { TodayTasks, TrainingPlan } from '../../core/training/training-api.ts';
import { DEFAULT_WELLBEING_PREFERENCES } from '../../core/wellbeing/check-in.ts';
import { READINESS_SENTENCES } from '../../core/wellbeing/readiness.ts';
import type { ReadinessView } from '../../core/wellbeing/wellbeing-api.ts';
import { createApiClient, type ApiClient } from '../test-support/api-client.ts';
import { fixedClock, shiftedClock } from '../test-support/clock.ts';
import { expectApiError, registerUser, signedInClient, type RegisteredUser } from '../test-support/factories.ts';
import { connectedRunner, recordingClock, stravaConfigFor, syncAndWait } from '../test-support/strava.ts';
import { startTestServer, testDatabaseKind, type TestServer } from '../test-support/test-server.ts';
import { createStravaSimulator, type StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Ljubljana';
/** Tuesday 24 November 2026, noon in Ljubljana. */
const NOW = Date.UTC(2026, 10, 24, 11, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const clock = fixedClock(NOW);
/** The time session expiry is judged by: the machine's, which a test may move on. */
const sessionClock = shiftedClock();

let server: TestServer;
let strava: StravaSimulator;

beforeAll(async () => {
  strava = await createStravaSimulator({ seed: 11, enforceRateLimits: false });
  server = await startTestServer(
    { strava: stravaConfigFor(strava) },
    { clock, sessionClock, stravaClock: recordingClock() },
  );
});

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
});

const unauthenticated = { type: 'authentication', message: HTTP_MESSAGES.unauthenticated } as const;
const userDisabled = {
  type: 'permission_error',
  message: IDENTITY_ERROR_MESSAGES['user-disabled'],
  code: 'user-disabled',
} as const;

const profileOf = async (client: ApiClient) => {
  const response = await client.get<Profile>('/api/profile');
  expect(response.status).toBe(200);
  return response.body;
};

const listOf = async (client: ApiClient) => {
  const response = await client.get<ActivityPage>('/api/activities');
  expect(response.status).toBe(200);
  return response.body;
};

async function uploadRun(runner: RegisteredUser, startUtc: number, metres: number, on: TestServer = server) {
  const speed = 3;
  const seconds = Math.round(metres / speed / 5) * 5;
  const points = straightRun({ points: seconds / 5 + 1, interval: 5, speed, start: startUtc });
  const name = `run-${startUtc}-${metres}.gpx`;
  const result = await uploadFiles(on, runner.client, [{ name, content: garminConnectGpx(points, name) }], ZONE);
  const id = finalFileEvents(result.events)[0]?.activityId;
  expect(id).toEqual(expect.any(String));
  return id ?? '';
}

describe('the session cache', () => {
  it('answers a signed-in request from memory: a session row removed behind Stride’s back works until the safety-net age', async () => {
    const runner = await registerUser(server);
    await profileOf(runner.client);
    // Without its trigger, the deletion is one the cache cannot hear of.
    const { db } = server.database;
    await sql`alter table auth_sessions disable trigger auth_sessions_cache_invalidation`.execute(db);
    try {
      await db.deleteFrom('authSessions').where('userId', '=', runner.id).execute();
    } finally {
      await sql`alter table auth_sessions enable trigger auth_sessions_cache_invalidation`.execute(db);
    }

    expect((await profileOf(runner.client)).uid).toBe(runner.id);

    sessionClock.advance(5 * MINUTE_MS + 1);
    try {
      expectApiError(await runner.client.get('/api/profile'), 401, unauthenticated);
    } finally {
      sessionClock.advance(-(5 * MINUTE_MS + 1));
    }
  });

  it('answers get-session from memory with better-auth’s own answer, and from better-auth again once the session changes', async () => {
    const runner = await registerUser(server);
    const fromBetterAuth = await runner.client.get<{ user: { name: string } } | null>('/api/auth/get-session');
    expect(fromBetterAuth.status).toBe(200);
    expect(fromBetterAuth.text).not.toContain('token');
    await profileOf(runner.client);
    const oldCookie = runner.client.fork();
    // Without its trigger, the deletion is one the cache cannot hear of: only memory can answer now.
    const { db } = server.database;
    await sql`alter table auth_sessions disable trigger auth_sessions_cache_invalidation`.execute(db);
    const rows = await db.selectFrom('authSessions').selectAll().where('userId', '=', runner.id).execute();
    try {
      await db.deleteFrom('authSessions').where('userId', '=', runner.id).execute();
      const fromMemory = await runner.client.get('/api/auth/get-session');
      expect(fromMemory.status).toBe(200);
      expect(fromMemory.headers.get('content-type')).toContain('application/json');
      expect(fromMemory.body).toEqual(fromBetterAuth.body);
    } finally {
      await db.insertInto('authSessions').values(rows).execute();
      await sql`alter table auth_sessions enable trigger auth_sessions_cache_invalidation`.execute(db);
    }

    const renamed = await runner.client.patch('/api/profile', { firstName: 'Renamed', lastName: 'Runner' });
    expect(renamed.status).toBe(200);
    expect((await runner.client.get<{ user: { name: string } }>('/api/auth/get-session')).body.user.name).toBe(
      'Renamed Runner',
    );

    expect((await runner.client.post('/api/auth/sign-out', {})).status).toBe(200);
    const signedOut = await oldCookie.get('/api/auth/get-session');
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toBeNull();
  });

  it('refuses, once the database’s notice arrives, a session the operator deletes, or an account the operator disables, with SQL', async () => {
    const { db } = server.database;
    const runner = await registerUser(server);
    const laptop = await signedInClient(server, runner.credentials);
    await profileOf(runner.client);
    await profileOf(laptop);

    await sql`update auth_users set disabled = true where id = ${runner.id}`.execute(db);
    const disabled = async () => (await runner.client.get('/api/profile')).status === 403;
    await expect.poll(disabled).toBe(true);
    await sql`update auth_users set disabled = false where id = ${runner.id}`.execute(db);
    await expect.poll(async () => (await laptop.get('/api/profile')).status === 200).toBe(true);

    const laptopSession = await db
      .selectFrom('authSessions')
      .select('id')
      .where('userId', '=', runner.id)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    await sql`delete from auth_sessions where id = ${laptopSession.id}`.execute(db);
    await expect.poll(async () => (await laptop.get('/api/profile')).status === 401).toBe(true);
    expect((await profileOf(runner.client)).uid).toBe(runner.id);
  });

  it('refuses a cached session past its own expiry', async () => {
    const runner = await registerUser(server);
    await profileOf(runner.client);

    sessionClock.advance(7 * DAY_MS + 1000);
    try {
      expectApiError(await runner.client.get('/api/profile'), 401, unauthenticated);
    } finally {
      sessionClock.advance(-(7 * DAY_MS + 1000));
    }
  });

  it('refuses the old cookie at once after sign-out', async () => {
    const runner = await registerUser(server);
    const oldCookie = runner.client.fork();
    await profileOf(oldCookie);

    expect((await runner.client.post('/api/auth/sign-out', {})).status).toBe(200);

    expectApiError(await oldCookie.get('/api/profile'), 401, unauthenticated);
  });

  it('refuses the other devices at once after "sign out everywhere else", and keeps this one', async () => {
    const runner = await registerUser(server);
    const laptop = await signedInClient(server, runner.credentials);
    await profileOf(laptop);
    await profileOf(runner.client);

    const ended = await runner.client.post<{ otherSessionsEnded: number }>('/api/account/sessions/end-others');
    expect(ended.body).toEqual({ otherSessionsEnded: 1 });

    expectApiError(await laptop.get('/api/profile'), 401, unauthenticated);
    expect((await profileOf(runner.client)).uid).toBe(runner.id);
  });

  it('refuses the other devices at once after a password change, and keeps this one', async () => {
    const runner = await registerUser(server);
    const laptop = await signedInClient(server, runner.credentials);
    await profileOf(laptop);
    await profileOf(runner.client);

    const changed = await runner.client.post('/api/account/password', {
      currentPassword: runner.credentials.password,
      newPassword: 'a-new-password-9',
    });
    expect(changed.status).toBe(200);

    expectApiError(await laptop.get('/api/profile'), 401, unauthenticated);
    expect((await profileOf(runner.client)).uid).toBe(runner.id);
  });

  it('refuses every device at once after the account is deleted', async () => {
    const runner = await registerUser(server);
    const laptop = await signedInClient(server, runner.credentials);
    await profileOf(laptop);

    const deleted = await runner.client.delete('/api/account', {
      confirmEmail: runner.credentials.email,
      password: runner.credentials.password,
    });
    expect(deleted.status).toBe(200);

    expectApiError(await laptop.get('/api/profile'), 401, unauthenticated);
  });

  it('answers user-disabled at once when the operator disables the account, and lets it in once re-enabled', async () => {
    const runner = await registerUser(server);
    await profileOf(runner.client);

    await server.services.accounts.setDisabled(runner.id, true);
    expectApiError(await runner.client.get('/api/profile'), 403, userDisabled);

    await server.services.accounts.setDisabled(runner.id, false);
    expect((await profileOf(runner.client)).uid).toBe(runner.id);
  });
});

describe('the read cache: the runner’s own write shows in the next read', () => {
  it('answers from memory: a row removed behind Stride’s back is still listed until the runner writes what the list reads', async () => {
    const runner = await registerUser(server);
    await uploadRun(runner, NOW - DAY_MS, 6000);
    expect((await listOf(runner.client)).total).toBe(1);
    await server.database.db.deleteFrom('activities').where('userId', '=', runner.id).execute();

    expect((await listOf(runner.client)).total).toBe(1);
    // A write of a column the list does not read keeps it.
    expect((await runner.client.patch('/api/profile', { bio: 'A write' })).status).toBe(200);
    expect((await listOf(runner.client)).total).toBe(1);

    const manual = await runner.client.post<{ id: string }>('/api/activities/manual', {
      type: 'run',
      distance: 5000,
      movingTime: 1500,
      startDateLocal: '2026-11-20T07:00',
      timeZone: 'UTC',
    });
    expect(manual.status).toBe(201);
    expect(await listOf(runner.client)).toMatchObject({ items: [{ id: manual.body.id }], total: 1 });
  });

  it('an upload, a rename and re-type, and a deletion: the list, its count and the profile’s totals', async () => {
    const runner = await registerUser(server);
    expect(await listOf(runner.client)).toMatchObject({ items: [], total: 0 });
    expect((await profileOf(runner.client)).statistics.totalDistance).toBe(0);

    const id = await uploadRun(runner, NOW - DAY_MS, 6000);
    const afterUpload = await listOf(runner.client);
    expect(afterUpload.total).toBe(1);
    expect(afterUpload.items.map((item) => item.id)).toEqual([id]);
    expect((await profileOf(runner.client)).statistics.totalDistance).toBeGreaterThan(5900);

    expect((await runner.client.patch(`/api/activities/${id}`, { name: 'Bridge loop', type: 'walk' })).status).toBe(
      200,
    );
    expect((await listOf(runner.client)).items[0]).toMatchObject({ id, name: 'Bridge loop', type: 'walk' });

    expect((await runner.client.delete(`/api/activities/${id}`)).status).toBe(200);
    expect(await listOf(runner.client)).toMatchObject({ items: [], total: 0 });
    expect((await profileOf(runner.client)).statistics.totalDistance).toBe(0);
  });

  it('a Strava disconnection: its activities leave the list and the totals', async () => {
    const runner = await connectedRunner(server, strava, 5);
    expect((await listOf(runner.client)).total).toBe(5);
    expect((await profileOf(runner.client)).statistics.totalActivities).toBe(5);

    expect((await runner.client.delete('/api/strava/connection')).status).toBe(200);

    expect(await listOf(runner.client)).toMatchObject({ items: [], total: 0 });
    expect((await profileOf(runner.client)).statistics.totalActivities).toBe(0);
  });

  it('the Strava status: from memory until a sync, the runner’s own app or a token about to change reads it again', async () => {
    // No activities: nothing the sync imports announces a change later (its reactions and the
    // best-efforts back-fill drop the runner's cached reads at a time of their own).
    const runner = await connectedRunner(server, strava, 0);
    // The first sync's unit of work drops what it wrote once it ends, which may be after it says done.
    await server.services.readCache.settled();
    const status = async () => (await runner.client.get<StravaStatus>('/api/strava/status')).body;
    const renameBehindStride = (athleteName: string) =>
      server.database.db
        .updateTable('stravaIntegrations')
        .set({ athleteName })
        .where('userId', '=', runner.id)
        .execute();
    expect((await status()).athleteName).toBe(runner.status.athleteName);

    await renameBehindStride('Renamed behind Stride');
    expect((await status()).athleteName).toBe(runner.status.athleteName);

    // A sync's progress reaches the status through its events, here the job's own (queued, running, done).
    const synced = await syncAndWait(runner.client);
    expect(synced.sync?.state).toBe('done');
    expect(synced.athleteName).toBe('Renamed behind Stride');

    await renameBehindStride('Renamed again');
    const ownApp = await runner.client.put<StravaStatus>('/api/strava/app', {
      clientId: '98765',
      clientSecret: 'b'.repeat(40),
    });
    expect(ownApp.status).toBe(200);
    expect(await status()).toMatchObject({ ownApp: { clientId: '98765' }, athleteName: 'Renamed again' });

    // A token within its load margin, refreshed a second ago (so reused, not refreshed): the answer
    // holds for no time at all, since the next check may decide otherwise.
    await server.database.db
      .updateTable('stravaIntegrations')
      .set({ expiresAt: new Date(Date.now() + 250_000), lastRefreshAttempt: new Date(Date.now() - 1000) })
      .where('userId', '=', runner.id)
      .execute();
    await server.services.readCache.invalidateUser(runner.id);
    expect((await status()).connected).toBe(true);
    await renameBehindStride('Read every time');
    expect((await status()).athleteName).toBe('Read every time');
  });

  it('a profile edit', async () => {
    const runner = await registerUser(server);
    expect((await profileOf(runner.client)).bio).toBe('');

    expect((await runner.client.patch('/api/profile', { bio: 'Morning miles' })).status).toBe(200);

    expect((await profileOf(runner.client)).bio).toBe('Morning miles');
  });

  it('a medal awarded by an upload, then seen', async () => {
    const runner = await registerUser(server);
    const unseen = async () => (await runner.client.get<{ unseenCount: number }>('/api/medals/unseen')).body;
    expect(await unseen()).toEqual({ unseenCount: 0 });

    await uploadRun(runner, NOW - DAY_MS, 6000);
    const awarded = (await unseen()).unseenCount;
    expect(awarded).toBeGreaterThan(0);

    expect((await runner.client.post('/api/medals/5k-hero/viewed')).status).toBe(200);
    expect(await unseen()).toEqual({ unseenCount: awarded - 1 });
  });

  it('a check-in: readiness reads today’s score', async () => {
    const runner = await registerUser(server);
    const readiness = async () => (await runner.client.get<ReadinessView>(`/api/readiness?timeZone=${ZONE}`)).body;
    expect(await readiness()).toMatchObject({ level: 'unknown', sentence: READINESS_SENTENCES.noData, score: null });

    const checkIn = await runner.client.post(`/api/wellbeing/check-ins?timeZone=${ZONE}`, {
      ...DEFAULT_WELLBEING_PREFERENCES,
    });
    expect(checkIn.status).toBe(201);

    expect(await readiness()).toMatchObject({ level: 'ready', sentence: READINESS_SENTENCES.ready, score: 78 });
  });

  it('a plan created, then archived: today’s training', async () => {
    const runner = await registerUser(server);
    const today = async () => (await runner.client.get<TodayTasks>(`/api/training/today?timeZone=${ZONE}`)).body;
    expect((await today()).plans).toEqual([]);

    const goal = await runner.client.post<{ id: string }>(`/api/goals?timeZone=${ZONE}`, {
      kind: 'race',
      title: 'Spring half',
      startDate: '2026-11-24',
      endDate: '2027-02-01',
      raceDistanceM: 21_097.5,
      targetTimeS: 6900,
    });
    expect(goal.status).toBe(201);
    const plan = await runner.client.post<TrainingPlan>(`/api/training-plans?timeZone=${ZONE}`, {
      goalId: goal.body.id,
      level: 'intermediate',
      runsPerWeek: 6,
      longRunDay: 0,
    });
    expect(plan.status).toBe(201);
    expect((await today()).plans.map((day) => day.planId)).toEqual([plan.body.id]);

    expect((await runner.client.patch(`/api/training-plans/${plan.body.id}`, { status: 'archived' })).status).toBe(200);
    expect((await today()).plans).toEqual([]);
  });

  it('a time-dependent read moves with the clock: the reminder at its minute, today’s tasks at midnight', async () => {
    const runner = await registerUser(server);
    const readiness = async () => (await runner.client.get<ReadinessView>(`/api/readiness?timeZone=${ZONE}`)).body;
    const today = async () => (await runner.client.get<TodayTasks>(`/api/training/today?timeZone=${ZONE}`)).body;
    const settings = { remindersEnabled: true, reminderTime: '12:07', focus: 'general' };
    expect((await runner.client.put('/api/coaching-settings', settings)).status).toBe(200);
    try {
      expect((await readiness()).reminder).toBeNull();
      expect((await today()).today).toBe('2026-11-24');

      clock.advance(7 * MINUTE_MS);
      expect((await readiness()).reminder).toBe('It is past 12:07, your check-in time: how are you today?');

      // Midnight in Ljubljana: 23:00 UTC.
      clock.set(Date.UTC(2026, 10, 24, 23, 0, 0));
      expect((await today()).today).toBe('2026-11-25');
    } finally {
      clock.set(NOW);
    }
  });

  it('never shares an answer between runners', async () => {
    const first = await registerUser(server);
    const second = await registerUser(server);
    await uploadRun(first, NOW - DAY_MS, 6000);

    expect((await listOf(first.client)).total).toBe(1);
    expect((await listOf(second.client)).total).toBe(0);
  });
});

/** Asks until `check` holds, with no wait between asks; how long it took (ms), or a failure after `limitMs`. */
// Two app servers share one database only on PostgreSQL (PGlite lives inside one process), so these
// tests exist in the db:postgres project only (registered there, rather than reported as skipped).
const postgresOnly = testDatabaseKind() === 'postgres' ? describe : () => undefined;
postgresOnly('two app servers on one PostgreSQL database', () => {
  let other: TestServer;

  beforeAll(async () => {
    other = await startTestServer(
      { appSecret: server.config.appSecret, strava: stravaConfigFor(strava) },
      { database: server.testDatabase, clock, sessionClock },
    );
  });

  afterAll(async () => {
    await other.stop();
  });

  it('a write on one server shows on the other once the invalidation arrives', async () => {
    const runner = await registerUser(server);
    const onOther = await signedInClient(other, runner.credentials);
    expect((await listOf(onOther)).total).toBe(0);
    expect((await profileOf(onOther)).bio).toBe('');

    await uploadRun(runner, NOW - DAY_MS, 6000);
    await expect.poll(async () => (await listOf(onOther)).total === 1).toBe(true);

    expect((await runner.client.patch('/api/profile', { bio: 'Two servers' })).status).toBe(200);
    await expect.poll(async () => (await profileOf(onOther)).bio === 'Two servers').toBe(true);
  });

  it('a Strava disconnection on one server shows in the other’s status once the invalidation arrives', async () => {
    const runner = await connectedRunner(server, strava, 3);
    const onOther = await signedInClient(other, runner.credentials);
    const statusOnOther = async () => (await onOther.get<StravaStatus>('/api/strava/status')).body;
    expect(await statusOnOther()).toMatchObject({ connected: true, activityCount: 3 });

    expect((await runner.client.delete('/api/strava/connection')).status).toBe(200);

    await expect.poll(async () => (await statusOnOther()).connected).toBe(false);
    expect((await statusOnOther()).activityCount).toBe(0);
  });

  it('a session ended on one server is refused by the other once the invalidation arrives', async () => {
    const runner = await registerUser(server);
    const laptopOnOther = await signedInClient(other, runner.credentials);
    const phoneOnOther = await signedInClient(other, runner.credentials);
    const refused = (client: ApiClient) => async () => (await client.get('/api/profile')).status === 401;
    await profileOf(laptopOnOther);
    await profileOf(phoneOnOther);

    // "Sign out everywhere else" on the first server.
    expect((await runner.client.post('/api/account/sessions/end-others')).status).toBe(200);
    await expect.poll(refused(laptopOnOther)).toBe(true);
    await expect.poll(refused(phoneOnOther)).toBe(true);

    // A password change on the first server.
    const tablet = await signedInClient(other, runner.credentials);
    await profileOf(tablet);
    const changed = await runner.client.post('/api/account/password', {
      currentPassword: runner.credentials.password,
      newPassword: 'a-new-password-9',
    });
    expect(changed.status).toBe(200);
    await expect.poll(refused(tablet)).toBe(true);

    // Sign-out on the first server of a session the second one holds.
    const onOther = await signedInClient(other, { ...runner.credentials, password: 'a-new-password-9' });
    const sameSessionOnFirst = createApiClient(server.url, onOther.cookies);
    await profileOf(onOther);
    expect((await sameSessionOnFirst.post('/api/auth/sign-out', {})).status).toBe(200);
    await expect.poll(refused(onOther)).toBe(true);
    expect((await profileOf(runner.client)).uid).toBe(runner.id);
  });
});
