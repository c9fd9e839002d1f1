/**
 * Sub-30 5K and Sub-60 10K by spec §5's rule (the run's own distance within 95–105 % of the target,
 * its moving time under the limit), and medals awarded under an earlier rule re-derived when the
 * next server starts: a wrongly awarded one is removed, a rightly awarded one stays as it was, and
 * neither is announced. The figures expected are worked out here from the generated files.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  garminConnectGpx,
  METRES_PER_DEGREE_LAT,
  type GeneratedPoint,
} from '../../core/activity/activity-file-builders.test-support.ts';
import type { ActivityBestEfforts } from '../../core/running/best-efforts-api.ts';
import type { MedalCheck, TrophyCase } from '../../core/medals/api.ts';
import { formatDuration } from '../../core/format.ts';
import { registerUser, signedInClient, type RegisteredUser } from '../test-support/factories.ts';
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Ljubljana';
const INTERVAL_S = 5;

/** A straight run north, one point every 5 s, through stretches of [metres, seconds]. */
function runOf(stretches: readonly (readonly [number, number])[], start: number): GeneratedPoint[] {
  const points: GeneratedPoint[] = [];
  let distance = 0;
  let time = start;
  const push = () =>
    points.push({
      lat: 46.05 + distance / METRES_PER_DEGREE_LAT,
      lon: 14.5,
      time,
      elevation: 300,
      heartRate: 150,
      cadence: 170,
      distance,
    });
  push();
  for (const [metres, seconds] of stretches) {
    const steps = seconds / INTERVAL_S;
    for (let step = 1; step <= steps; step += 1) {
      distance += metres / steps;
      time += INTERVAL_S * 1000;
      push();
    }
  }
  return points;
}

/** A half marathon whose first 5 km took 23:00, the rest at about 7:00/km. */
const HALF = runOf(
  [
    [5000, 23 * 60],
    [16_100, 6765],
  ],
  Date.UTC(2026, 2, 1, 7, 0, 0),
);
/** 5.1 km in 29:00. */
const FIVE_ONE = runOf([[5100, 29 * 60]], Date.UTC(2026, 2, 3, 7, 0, 0));

const lastOf = (points: readonly GeneratedPoint[]) => points[points.length - 1] as GeneratedPoint;
const secondsOf = (points: readonly GeneratedPoint[]) =>
  (lastOf(points).time - (points[0] as GeneratedPoint).time) / 1000;

let database: TestDatabase;
let server: TestServer;

async function upload(user: RegisteredUser, name: string, points: readonly GeneratedPoint[]): Promise<string> {
  const result = await uploadFiles(server, user.client, [{ name, content: garminConnectGpx(points, name) }], ZONE);
  const [final] = finalFileEvents(result.events);
  expect(final, final?.message).toMatchObject({ state: 'complete' });
  return final?.activityId as string;
}

const trophyCase = async (user: RegisteredUser) =>
  (await user.client.get<TrophyCase>(`/api/medals?timeZone=${ZONE}`)).body;
const card = (medals: TrophyCase, id: string) => medals.medals.find((medal) => medal.medalId === id);

beforeAll(async () => {
  database = await createTestDatabase({ persistent: true });
  server = await startTestServer({}, { database });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe('Sub-30 5K and Sub-60 10K read the run’s own distance', () => {
  let halfRunner: RegisteredUser;
  let fiveRunner: RegisteredUser;
  /** Ran both: the half first, the 5.1 km after. */
  let bothRunner: RegisteredUser;
  let half: string;
  let fiveOne: string;
  let bothHalf: string;
  let bothFive: string;

  beforeAll(async () => {
    halfRunner = await registerUser(server, { name: 'Half Runner' });
    fiveRunner = await registerUser(server, { name: 'Five Runner' });
    // The analytics record, whose medal count the re-derivation keeps true.
    expect((await halfRunner.client.post('/api/analytics/sessions', { timeZone: ZONE })).status).toBe(200);
    half = await upload(halfRunner, 'half.gpx', HALF);
    fiveOne = await upload(fiveRunner, 'five-one.gpx', FIVE_ONE);
    bothRunner = await registerUser(server, { name: 'Both Runner' });
    bothHalf = await upload(bothRunner, 'half.gpx', HALF);
    bothFive = await upload(bothRunner, 'five-one.gpx', FIVE_ONE);
  });

  it('gives no Sub-30 5K for a 21.1 km run whose first 5 km took 23:00; its personal bests show that 5K', async () => {
    expect(lastOf(HALF).distance).toBeCloseTo(21_100, 6);
    const efforts = (await halfRunner.client.get<ActivityBestEfforts>(`/api/activities/${half}/best-efforts`)).body;
    expect(efforts.efforts.find((effort) => effort.distanceId === '5k')?.seconds).toBe(23 * 60);
    const medals = await trophyCase(halfRunner);
    expect(card(medals, 'sub-30-5k')).toMatchObject({ earned: false, activityId: null });
    expect(card(medals, 'sub-60-10k')).toMatchObject({ earned: false, activityId: null });
    expect(card(medals, 'half-marathon-champion')).toMatchObject({ earned: true, activityId: half });
  });

  it('gives Sub-30 5K for 5.1 km in 29:00, showing the run’s moving time', async () => {
    expect(lastOf(FIVE_ONE).distance / 5000).toBeCloseTo(1.02, 6);
    const medals = await trophyCase(fiveRunner);
    expect(card(medals, 'sub-30-5k')).toMatchObject({
      earned: true,
      activityId: fiveOne,
      value: formatDuration(secondsOf(FIVE_ONE)),
    });
  });

  it('re-derives medals held under the earlier rule at the next start, announcing nothing', async () => {
    const { db } = server.database;
    // As the earlier rule left them: the half's 5K stretch earned Sub-30 5K (seen since); both
    // runners' other medals were awarded under version 1 too.
    await sql`insert into user_medals (id, user_id, medal_id, title, description, icon, type, earned_at, is_new,
      viewed_at, value, activity_id, rules_version)
      values (${`${halfRunner.id}_sub-30-5k`}, ${halfRunner.id}, 'sub-30-5k', 'Sub-30 5K', 'Achieve Sub-30 5K', 'trophy',
      'gold', now(), false, now(), '23:00', ${half}, 1)`.execute(db);
    // The runner of both got it from the earlier half, not from the 5.1 km.
    await sql`update user_medals set activity_id = ${bothHalf}, value = '23:00'
      where user_id = ${bothRunner.id} and medal_id = 'sub-30-5k'`.execute(db);
    await sql`update user_medals set rules_version = 1, is_new = false, viewed_at = now()`.execute(db);
    const before = {
      half: await trophyCase(halfRunner),
      five: await trophyCase(fiveRunner),
      both: await trophyCase(bothRunner),
    };
    expect(card(before.both, 'sub-30-5k')).toMatchObject({ earned: true, activityId: bothHalf, value: '23:00' });
    expect(card(before.half, 'sub-30-5k')).toMatchObject({ earned: true, value: '23:00' });

    await server.stop();
    server = await startTestServer({}, { database });
    await server.medalRederive.done;
    halfRunner = { ...halfRunner, client: await signedInClient(server, halfRunner.credentials) };
    fiveRunner = { ...fiveRunner, client: await signedInClient(server, fiveRunner.credentials) };
    bothRunner = { ...bothRunner, client: await signedInClient(server, bothRunner.credentials) };

    const after = {
      half: await trophyCase(halfRunner),
      five: await trophyCase(fiveRunner),
      both: await trophyCase(bothRunner),
    };
    // Still earned by the current rule, by the 5.1 km: kept, on that run, with its date and seen state.
    expect(card(after.both, 'sub-30-5k')).toEqual({
      ...card(before.both, 'sub-30-5k'),
      activityId: bothFive,
      activityName: card(after.both, 'sub-30-5k')?.activityName,
      value: formatDuration(secondsOf(FIVE_ONE)),
    });
    expect(after.both.unseenCount).toBe(0);
    expect(card(after.half, 'sub-30-5k')).toMatchObject({ earned: false, activityId: null, value: null });
    expect(after.half.earnedCount).toBe(before.half.earnedCount - 1);
    // Every other medal stays as it was: same run, same date, still seen.
    const others = (medals: TrophyCase) => medals.medals.filter((medal) => medal.medalId !== 'sub-30-5k');
    expect(others(after.half)).toEqual(others(before.half));
    expect(after.five).toEqual(before.five);
    expect(after.five.unseenCount).toBe(0);
    const versions = await server.database.db.selectFrom('userMedals').select('rulesVersion').distinct().execute();
    expect(versions.map((row) => row.rulesVersion)).toEqual([2]);

    // Nothing is awarded again for either runner.
    for (const user of [halfRunner, fiveRunner, bothRunner]) {
      const check = await user.client.post<MedalCheck>('/api/medals/check', { timeZone: ZONE });
      expect(check.body).toEqual({ awarded: [], unseenCount: 0 });
    }
    const analytics = await server.database.db
      .selectFrom('userAnalytics')
      .select('medalsEarned')
      .where('userId', '=', halfRunner.id)
      .executeTakeFirst();
    expect(analytics?.medalsEarned).toBe(after.half.earnedCount);
  });
});
