import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analytics, MedalCheck, RunningDays, TrophyCase } from '../../core/medals/api.ts';
import { MEDAL_CATALOGUE } from '../../core/medals/catalogue.ts';
import { addDays } from '../../core/calendar-days.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { cookieHeader, finalFileEvents, uploadFiles } from '../test-support/uploads.ts';
import { localDate } from '../../core/activity/time-zone.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const ZONE = 'Europe/Ljubljana';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

const trophyCase = async (user: RegisteredUser) =>
  (await user.client.get<TrophyCase>(`/api/medals?timeZone=${ZONE}`)).body;
const earnedIds = (medals: TrophyCase) => medals.medals.filter((medal) => medal.earned).map((medal) => medal.medalId);
const card = (medals: TrophyCase, id: string) => medals.medals.find((medal) => medal.medalId === id);

async function upload(user: RegisteredUser, name: string): Promise<string> {
  const result = await uploadFiles(server, user.client, [{ name, content: fixture(name) }], ZONE);
  const id = finalFileEvents(result.events)[0]?.activityId;
  expect(id).toBeDefined();
  return id ?? '';
}

async function awardCount(userId: string): Promise<number> {
  const { db } = server.database;
  const row = await db
    .selectFrom('medalAwards')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /api/medals', () => {
  it('shows the whole catalogue, nothing earned, for a new runner', async () => {
    const runner = await registerUser(server);
    const medals = await trophyCase(runner);
    expect(medals.catalogueCount).toBe(MEDAL_CATALOGUE.length);
    expect(medals.medals.map((medal) => medal.medalId)).toEqual(MEDAL_CATALOGUE.map((medal) => medal.id));
    expect(medals).toMatchObject({ earnedCount: 0, unseenCount: 0 });
    expect(medals.medals.every((medal) => !medal.earned && medal.progress === 0 && medal.earnedAt === null)).toBe(true);
    expect(card(medals, 'early-bird')?.hint).toBe('0 of 5 early runs');
  });

  it('needs a session', async () => {
    const response = await fetch(`${server.url}/api/medals`);
    expect(response.status).toBe(401);
  });
});

describe('awarding', () => {
  let runner: RegisteredUser;
  let shortRun: string;

  beforeAll(async () => {
    runner = await registerUser(server, { name: 'Medal Runner' });
  });

  it('awards medals after an import, each once, logged in the global award collection', async () => {
    shortRun = await upload(runner, 'running-with-developer-data.fit');
    const medals = await trophyCase(runner);
    expect(earnedIds(medals)).toEqual(expect.arrayContaining(['longest-run', 'fastest-run', '5k-hero']));
    expect(earnedIds(medals)).not.toContain('10k-warrior');
    const longest = card(medals, 'longest-run');
    expect(longest).toMatchObject({
      isNew: true,
      progress: 100,
      activityId: shortRun,
      value: '3.34 miles',
      hint: null,
    });
    expect(longest?.earnedAt).not.toBeNull();
    expect(medals.unseenCount).toBe(medals.earnedCount);

    const awards = await server.database.db
      .selectFrom('medalAwards')
      .selectAll()
      .where('userId', '=', runner.id)
      .execute();
    expect(awards.length).toBe(medals.earnedCount);
    expect(awards.map((award) => award.id)).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^${runner.id}_5k-hero_\\d+$`))]),
    );
  });

  it('never awards a medal twice', async () => {
    const before = await awardCount(runner.id);
    const check = await runner.client.post<MedalCheck>('/api/medals/check', { timeZone: ZONE });
    expect(check.status).toBe(200);
    expect(check.body.awarded).toEqual([]);
    expect(await awardCount(runner.id)).toBe(before);
  });

  it('marks a medal viewed once; the unseen count never drops below zero', async () => {
    const before = (await trophyCase(runner)).unseenCount;
    const viewed = await runner.client.post<{ unseenCount: number }>('/api/medals/longest-run/viewed');
    expect(viewed.body.unseenCount).toBe(before - 1);
    const again = await runner.client.post<{ unseenCount: number }>('/api/medals/longest-run/viewed');
    expect(again.body.unseenCount).toBe(before - 1);
    const longest = card(await trophyCase(runner), 'longest-run');
    expect(longest?.isNew).toBe(false);
    expect(longest?.viewedAt).not.toBeNull();
    expectApiError(await runner.client.post('/api/medals/ultra-runner/viewed'), 404, {
      type: 'api_error',
      message: 'Medal not found.',
    });
    expect((await runner.client.post('/api/medals/not-a-medal/viewed')).status).toBe(400);
  });

  it('moves a record medal to a longer run and shows it as new again', async () => {
    // Its four tracks cover 14.9 km once the untravelled gaps between them are left out.
    const longRun = await upload(runner, 'korita-zbevnica.gpx');
    const medals = await trophyCase(runner);
    const longest = card(medals, 'longest-run');
    expect(longest).toMatchObject({ activityId: longRun, isNew: true, viewedAt: null, value: '9.26 miles' });
    expect(longest?.activityId).not.toBe(shortRun);
    // The distance class of the new run is 10K Warrior (the highest class it meets).
    expect(earnedIds(medals)).toContain('10k-warrior');
  });

  it('shows every held medal value in the unit system the profile has now', async () => {
    const imperial = await trophyCase(runner);
    expect(card(imperial, 'longest-run')?.value).toBe('9.26 miles');
    expect(card(imperial, '5k-hero')?.value).toBe('3.34 miles');
    expect(card(imperial, 'fastest-run')?.value).toMatch(/^\d+:\d{2}\/mi$/);

    expect((await runner.client.patch('/api/profile', { preferences: { unitSystem: 'metric' } })).status).toBe(200);
    const metric = await trophyCase(runner);
    expect(card(metric, 'longest-run')?.value).toBe('14.90 km');
    // Awarded while the profile was imperial: its award value is shown in kilometres now.
    expect(card(metric, '5k-hero')?.value).toBe('5.38 km');
    expect(card(metric, 'fastest-run')?.value).toMatch(/^\d+:\d{2}\/km$/);
    const values = metric.medals.flatMap((medal) => (medal.value ? [medal.value] : []));
    expect(values.filter((value) => /miles|ft|\/mi$/.test(value))).toEqual([]);
    expect(metric.medals.filter((medal) => medal.earned).map((medal) => medal.requirement)).not.toContainEqual(
      expect.stringContaining('miles'),
    );

    await runner.client.patch('/api/profile', { preferences: { unitSystem: 'imperial' } });
    expect(card(await trophyCase(runner), '5k-hero')?.value).toBe('3.34 miles');
  });

  it('pushes new medals to open pages over Server-Sent Events', async () => {
    const fresh = await registerUser(server, { name: 'Live Runner' });
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/events`, {
      headers: { cookie: cookieHeader(fresh.client) },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (!received.includes('event: ready')) {
      received += (await reader.read()).value ?? '';
    }
    await upload(fresh, 'running-with-developer-data.fit');
    while (!received.includes('event: medals-awarded')) {
      const { value, done } = await reader.read();
      if (done) {
        break;
      }
      received += value;
    }
    controller.abort();
    const data = received.split('event: medals-awarded\ndata: ')[1]?.split('\n')[0] ?? '{}';
    const event = JSON.parse(data) as { medals: { medalId: string }[]; unseenCount: number };
    expect(event.medals.map((medal) => medal.medalId)).toEqual(expect.arrayContaining(['5k-hero', 'longest-run']));
    expect(event.unseenCount).toBe(event.medals.length);
  });

  it('keeps sample runs out of the medals', async () => {
    const sampler = await registerUser(server);
    await sampler.client.post('/api/activities/samples');
    const check = await sampler.client.post<MedalCheck>('/api/medals/check', { timeZone: ZONE });
    expect(check.body.awarded).toEqual([]);
  });
});

describe('analytics', () => {
  let runner: RegisteredUser;
  const today = localDate(Date.now(), ZONE);
  const setLastActive = (date: string) =>
    sql`update user_analytics set streak_last_active_date = ${date} where user_id = ${runner.id}`.execute(
      server.database.db,
    );

  beforeAll(async () => {
    runner = await registerUser(server, { name: 'Streak Runner' });
  });

  it('creates the record on the first session: streak 1/1, one session, totalMedals 100', async () => {
    const first = await runner.client.post<Analytics>('/api/analytics/sessions', { timeZone: ZONE });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      userId: runner.id,
      strideStreak: { current: 1, longest: 1, lastActiveDate: today },
      totalSessions: 1,
      totalMedals: 100,
      minutesSpentPlanning: 0,
      screenshotsTaken: 0,
    });
  });

  it('counts a later session the same day without moving the streak', async () => {
    const again = await runner.client.post<Analytics>('/api/analytics/sessions', { timeZone: ZONE });
    expect(again.body).toMatchObject({ strideStreak: { current: 1, longest: 1 }, totalSessions: 2 });
  });

  it('extends the streak after a session yesterday and resets it after a gap', async () => {
    await setLastActive(addDays(today, -1));
    const next = await runner.client.post<Analytics>('/api/analytics/sessions', { timeZone: ZONE });
    expect(next.body.strideStreak).toEqual({ current: 2, longest: 2, lastActiveDate: today });
    await setLastActive(addDays(today, -3));
    const reset = await runner.client.post<Analytics>('/api/analytics/sessions', { timeZone: ZONE });
    expect(reset.body.strideStreak).toEqual({ current: 1, longest: 2, lastActiveDate: today });
    expect(reset.body.totalSessions).toBe(4);
  });

  it('resets the streak to 1/1 on a forced recalculation', async () => {
    const forced = await runner.client.post<Analytics>('/api/analytics/streak/recalculate', { timeZone: ZONE });
    expect(forced.body.strideStreak).toEqual({ current: 1, longest: 1, lastActiveDate: today });
  });

  it('adds rounded Run Planner minutes only, and only above zero', async () => {
    const post = (page: string, elapsedMs: number) =>
      runner.client.post<Analytics>('/api/analytics/page-time', { page, elapsedMs });
    expect((await post('run-planner', 150_000)).body.minutesSpentPlanning).toBe(3);
    expect((await post('run-planner', 20_000)).body.minutesSpentPlanning).toBe(3);
    expect((await post('dashboard', 600_000)).body.minutesSpentPlanning).toBe(3);
    expect((await post('run-planner', 89_999)).body.minutesSpentPlanning).toBe(4);
    expect((await post('run-planner', -5)).status).toBe(400);
  });

  it('counts share cards as screenshots', async () => {
    const shot = await runner.client.post<Analytics>('/api/analytics/screenshots');
    expect(shot.body.screenshotsTaken).toBe(1);
    expect((await runner.client.get<Analytics>('/api/analytics')).body.screenshotsTaken).toBe(1);
  });

  it('lists the running days of the past year, without sample runs', async () => {
    const lake = await upload(runner, 'cerknicko-jezero.gpx');
    const read = async () =>
      (await runner.client.get<RunningDays>(`/api/analytics/running-days?timeZone=${ZONE}`)).body;
    const before = await read();
    expect(before).toMatchObject({ from: addDays(today, -364), to: today });
    // The lake run is from 2010: outside the window until it is moved to this morning.
    expect(before.days).toEqual([]);
    await sql`update activities set start_date_local = ${`${today}T07:00:00`} where id = ${lake}`.execute(
      server.database.db,
    );
    await runner.client.post('/api/activities/samples');
    const after = await read();
    expect(after.days).toHaveLength(1);
    expect(after.days[0]).toMatchObject({ date: today, runs: 1 });
    // Seven recorded tracks, 4.6 km without the gaps between them.
    expect(after.days[0]?.distance).toBeCloseTo(4575, 0);
  });

  it('counts medals earned in the record after an award', async () => {
    const medalist = await registerUser(server);
    await medalist.client.post('/api/analytics/sessions', { timeZone: ZONE });
    await upload(medalist, 'running-with-developer-data.fit');
    const analytics = (await medalist.client.get<Analytics>('/api/analytics')).body;
    expect(analytics.medalsEarned).toBe((await trophyCase(medalist)).earnedCount);
    expect(analytics.medalsEarned).toBeGreaterThan(0);
  });
});
