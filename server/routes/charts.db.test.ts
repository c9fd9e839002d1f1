import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { CHART_QUERY_MESSAGES, type Charts } from '../../core/charts/chart-api.ts';
import {
  ASSUMED_RESTING_HEART_RATE,
  ASSUMED_THRESHOLD_PACE_S_PER_KM,
  DEFAULT_MAX_HEART_RATE,
  loadAssumptions,
  loadOfActivity,
} from '../../core/charts/chart-load.ts';
import { HEART_RATE_MESSAGES, type HeartRateSettings } from '../../core/running/heart-rate-api.ts';
import { fixedClock } from '../test-support/clock.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Ljubljana';
/** Tuesday 24 November 2026, noon in Ljubljana. */
const NOW = Date.UTC(2026, 10, 24, 11, 0, 0);
const clock = fixedClock(NOW);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});

afterAll(async () => {
  await server.stop();
});

/** A run due north at `speed` (3 m/s), one point every 5 s: `seconds` long, speed × `seconds` metres. */
async function uploadRun(runner: RegisteredUser, startUtc: number, seconds: number, type = 'running', speed = 3) {
  const points = straightRun({ points: seconds / 5 + 1, interval: 5, speed, start: startUtc });
  const name = `run-${startUtc}.gpx`;
  const result = await uploadFiles(
    server,
    runner.client,
    [{ name, content: garminConnectGpx(points, name, type) }],
    ZONE,
  );
  expect(finalFileEvents(result.events)[0]?.activityId).toBeDefined();
}

const charts = async (runner: RegisteredUser, query: string) => {
  const response = await runner.client.get<Charts>(`/api/charts?timeZone=${ZONE}&${query}`);
  expect(response.status).toBe(200);
  return response.body;
};

describe('GET /api/charts', () => {
  let runner: RegisteredUser;

  beforeAll(async () => {
    runner = await registerUser(server);
    // Monday of this week, 07:00 local: 3,000 m in 1,000 s.
    await uploadRun(runner, Date.UTC(2026, 10, 23, 6, 0, 0), 1000);
    // The week before, Wednesday: 1,500 m in 500 s.
    await uploadRun(runner, Date.UTC(2026, 10, 18, 6, 0, 0), 500);
    // A ride on Friday at 6 m/s: only in "all" types, and never in the runs' pace.
    await uploadRun(runner, Date.UTC(2026, 10, 20, 6, 0, 0), 600, 'cycling', 6);
    // 52 weeks before this Monday: last year's bar of this week.
    await uploadRun(runner, Date.UTC(2025, 10, 24, 6, 0, 0), 400);
  });

  it('sums each of the last 12 weeks, Monday to Sunday in the runner’s days, beside the same week last year', async () => {
    const body = await charts(runner, 'period=12w');
    expect(body).toMatchObject({
      period: '12w',
      bucket: 'week',
      from: '2026-09-07',
      to: '2026-11-24',
      hasActivities: true,
    });
    expect(body.buckets.map((bucket) => bucket.key)).toHaveLength(12);
    expect(body.buckets[0]?.key).toBe('2026-09-07');
    const [previousWeek, thisWeek] = body.buckets.slice(-2);
    expect(thisWeek).toMatchObject({ key: '2026-11-23', count: 1, movingTime: 1000 });
    expect(thisWeek?.distance).toBeCloseTo(3000, -1);
    expect(thisWeek?.pace).toBeCloseTo(1 / 3, 3);
    expect(thisWeek?.lastYear).toMatchObject({ count: 1, movingTime: 400 });
    expect(thisWeek?.lastYear?.distance).toBeCloseTo(1200, -1);
    // The run and the ride of the week before.
    expect(previousWeek).toMatchObject({ key: '2026-11-16', count: 2, movingTime: 1100 });
    expect(body.buckets.slice(0, 10).every((bucket) => bucket.count === 0 && bucket.pace === null)).toBe(true);
    expect(body.totals.current).toMatchObject({ count: 3, movingTime: 2100 });
    expect(body.totals.lastYear).toMatchObject({ count: 1, movingTime: 400 });
  });

  it('filters by activity type', async () => {
    const body = await charts(runner, 'period=12w&type=run');
    expect(body.totals.current).toMatchObject({ count: 2, movingTime: 1500 });
    expect(body.buckets.at(-2)).toMatchObject({ count: 1, movingTime: 500 });
    expect((await charts(runner, 'period=12w&type=ride')).totals.current).toMatchObject({ count: 1, movingTime: 600 });
  });

  it('draws the pace trend of runs only under all types, and of the chosen type under one', async () => {
    const all = await charts(runner, 'period=12w');
    expect(all.paceType).toBe('run');
    // The week before holds the run (1,500 m in 500 s) and the ride (3,600 m in 600 s): the pace is
    // the run's alone (mixed, it would be 1,100 s / 5,100 m).
    const [previousWeek] = all.buckets.slice(-2);
    expect(previousWeek?.pace).toBeCloseTo(1 / 3, 3);
    const rides = await charts(runner, 'period=12w&type=ride');
    expect(rides.paceType).toBe('ride');
    expect(rides.buckets.at(-2)?.pace).toBeCloseTo(1 / 6, 3);
    expect(rides.buckets.at(-1)?.pace).toBeNull();
  });

  it('sums months for 12 months and all time, from the first activity’s month', async () => {
    const months = await charts(runner, 'period=12m');
    expect(months).toMatchObject({ bucket: 'month', from: '2025-12-01' });
    expect(months.buckets.map((bucket) => bucket.key)).toEqual([
      '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05',
      '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11',
    ]); // prettier-ignore
    expect(months.buckets.at(-1)).toMatchObject({
      count: 3,
      movingTime: 2100,
      lastYear: { count: 1, movingTime: 400 },
    });
    const all = await charts(runner, 'period=all');
    expect(all).toMatchObject({ bucket: 'month', from: '2025-11-01' });
    expect(all.buckets).toHaveLength(13);
    expect(all.buckets[0]).toMatchObject({ key: '2025-11', count: 1, lastYear: null });
    // All time is not compared with a year earlier: it would hold nearly the same runs.
    expect(all.totals.lastYear).toBeNull();
    const year = await charts(runner, 'period=year');
    expect(year).toMatchObject({ bucket: 'week', from: '2026-01-01' });
    // 1 January 2026 is a Thursday: its week starts on Monday 29 December.
    expect(year.buckets[0]?.key).toBe('2025-12-29');
  });

  it('draws fitness, fatigue and form from each activity’s load, with the highest heart rate seen as maximum', async () => {
    const body = await charts(runner, 'period=12w');
    expect(body.load.days[0]?.date).toBe('2026-09-07');
    expect(body.load.days.at(-1)?.date).toBe('2026-11-24');
    expect(body.heartRate.maxHeartRateSource).toBe('seen');
    // straightRun's heart rate cycles 130…149.
    expect(body.heartRate.maxHeartRate).toBe(149);
    const monday = body.load.days.find((day) => day.date === '2026-11-23');
    expect(monday?.load).toBeGreaterThan(0);
    const today = body.load.days.at(-1);
    expect(today?.load).toBe(0);
    expect(today?.fitness).toBeGreaterThan(0);
    expect(today?.form).toBeCloseTo((today?.fitness ?? 0) - (today?.fatigue ?? 0), 9);
  });

  it('sums time in heart-rate zones per week from the highest heart rate seen, or from the maximum the runner sets', async () => {
    // This week holds Monday's run: 200 segments of 5 s at 130…149 bpm, 50 s at each.
    const seen = await charts(runner, 'period=12w');
    expect(seen.heartRate.model).toBe('% of maximum heart rate, 5 zones');
    // Maximum 149: zone 4 starts at 120 and zone 5 at 135 (149 × 0.9 = 134.1).
    expect(seen.heartRate.zones.map((zone) => zone.fromBpm)).toEqual([75, 90, 105, 120, 135]);
    expect(seen.buckets.at(-1)?.zones).toEqual([0, 0, 0, 250, 750]);

    const set = await runner.client.put<HeartRateSettings>('/api/heart-rate', { maxHeartRate: 190 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      maxHeartRate: 190,
      highestRecorded: 149,
      effectiveMaxHeartRate: 190,
      source: 'set',
    });
    const own = await charts(runner, 'period=12w');
    expect(own.heartRate).toMatchObject({ maxHeartRate: 190, maxHeartRateSource: 'set' });
    // Maximum 190: zone 2 is 114–132 (130…132: 150 s), zone 3 is 133–151 (the other 850 s).
    expect(own.buckets.at(-1)?.zones).toEqual([0, 150, 850, 0, 0]);
    // The ride of the week before is in "all" but not in runs only.
    expect(own.buckets.at(-2)?.zones.reduce((a, b) => a + b, 0)).toBe(1100);
    const runs = await charts(runner, 'period=12w&type=run');
    expect(runs.buckets.at(-2)?.zones.reduce((a, b) => a + b, 0)).toBe(500);

    const cleared = await runner.client.put<HeartRateSettings>('/api/heart-rate', { maxHeartRate: null });
    expect(cleared.body).toMatchObject({ maxHeartRate: null, effectiveMaxHeartRate: 149, source: 'seen' });
    expect((await runner.client.get<HeartRateSettings>('/api/heart-rate')).body.source).toBe('seen');
  });

  it('refuses a maximum heart rate that is not a whole number from 120 to 230', async () => {
    const message = `maxHeartRate: ${HEART_RATE_MESSAGES.maxHeartRate}`;
    for (const maxHeartRate of [119, 231, 180.5, '180']) {
      expectApiError(await runner.client.put('/api/heart-rate', { maxHeartRate }), 400, {
        type: 'validation_error',
        message,
      });
    }
    expect((await runner.client.get<HeartRateSettings>('/api/heart-rate')).body.maxHeartRate).toBeNull();
  });

  it('keeps resting and lactate-threshold heart rate, threshold pace and the zone method; zones and stored loads follow', async () => {
    const athlete = await registerUser(server);
    // Monday's run: 1,000 s at 130…149 bpm, 3,000 m.
    await uploadRun(athlete, Date.UTC(2026, 10, 23, 6, 0, 0), 1000);
    const { db } = server.database;
    const storedLoad = async () =>
      (await db.selectFrom('activityLoads').select('load').where('userId', '=', athlete.id).executeTakeFirstOrThrow())
        .load;
    const activity = await db
      .selectFrom('activities')
      .select(['type', 'movingTime', 'distance', 'averageHeartrate'])
      .where('userId', '=', athlete.id)
      .executeTakeFirstOrThrow();
    expect((await athlete.client.get<HeartRateSettings>('/api/heart-rate')).body).toMatchObject({
      restingHeartRate: null,
      effectiveRestingHeartRate: ASSUMED_RESTING_HEART_RATE,
      restingHeartRateSource: 'assumed',
      lactateThresholdHeartRate: null,
      thresholdPaceSecondsPerKm: null,
      effectiveThresholdPaceSecondsPerKm: ASSUMED_THRESHOLD_PACE_S_PER_KM,
      zoneMethod: 'max',
    });
    const before = await storedLoad();
    expect(before).toBeCloseTo(loadOfActivity(activity, loadAssumptions({ set: null, highestSeen: 149 })), 9);

    const settings = {
      maxHeartRate: 190,
      restingHeartRate: 45,
      lactateThresholdHeartRate: 165,
      thresholdPaceSecondsPerKm: 250,
      zoneMethod: 'reserve',
    } as const;
    const saved = await athlete.client.put<HeartRateSettings>('/api/heart-rate', settings);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      ...settings,
      effectiveRestingHeartRate: 45,
      restingHeartRateSource: 'set',
      effectiveThresholdPaceSecondsPerKm: 250,
      thresholdPaceSource: 'set',
    });
    // The stored load is worked out again with resting 45 (TRIMP's heart-rate reserve).
    const after = await storedLoad();
    expect(after).not.toBeCloseTo(before, 3);
    expect(after).toBeCloseTo(
      loadOfActivity(
        activity,
        loadAssumptions({ set: 190, highestSeen: 149, restingHeartRate: 45, thresholdPaceSecondsPerKm: 250 }),
      ),
      9,
    );
    // Karvonen: 45 + 50…90 % of the 145 bpm reserve = 117.5, 132, 146.5, 161, 175.5.
    const reserve = await charts(athlete, 'period=12w');
    expect(reserve.heartRate.model).toBe('% of heart-rate reserve (Karvonen), 5 zones');
    expect(reserve.heartRate.zones.map((zone) => zone.fromBpm)).toEqual([118, 132, 147, 161, 176]);
    // 130…131 bpm (100 s) in zone 1, 132…146 (750 s) in zone 2, 147…149 (150 s) in zone 3.
    expect(reserve.buckets.at(-1)?.zones).toEqual([100, 750, 150, 0, 0]);
    expect(reserve.load).toMatchObject({
      restingHeartRate: 45,
      restingHeartRateSource: 'set',
      thresholdPaceSecondsPerKm: 250,
      thresholdPaceSource: 'set',
    });

    // Friel: below 85 % of 165, then 85, 90, 95 and 100 %: 140.25, 148.5, 156.75, 165.
    await athlete.client.put<HeartRateSettings>('/api/heart-rate', { maxHeartRate: 190, zoneMethod: 'lthr' });
    const lthr = await charts(athlete, 'period=12w');
    expect(lthr.heartRate.model).toBe('% of lactate-threshold heart rate (Friel), 5 zones');
    expect(lthr.heartRate.zones.map((zone) => zone.fromBpm)).toEqual([0, 141, 149, 157, 165]);
    expect(lthr.buckets.at(-1)?.zones).toEqual([550, 400, 50, 0, 0]);

    // Bad values are refused with their sentence and change nothing, the loads included.
    const refusals: [Record<string, unknown>, string][] = [
      [{ maxHeartRate: 190, restingHeartRate: 25 }, `restingHeartRate: ${HEART_RATE_MESSAGES.restingHeartRate}`],
      [
        { maxHeartRate: 190, lactateThresholdHeartRate: 221 },
        `lactateThresholdHeartRate: ${HEART_RATE_MESSAGES.lactateThresholdHeartRate}`,
      ],
      [
        { maxHeartRate: 190, thresholdPaceSecondsPerKm: 100 },
        `thresholdPaceSecondsPerKm: ${HEART_RATE_MESSAGES.thresholdPace}`,
      ],
      [{ maxHeartRate: 190, lactateThresholdHeartRate: 195 }, HEART_RATE_MESSAGES.thresholdOutsideRange],
      [
        { maxHeartRate: 190, restingHeartRate: 100, lactateThresholdHeartRate: 100 },
        HEART_RATE_MESSAGES.thresholdOutsideRange,
      ],
      [{ maxHeartRate: 190, lactateThresholdHeartRate: null }, HEART_RATE_MESSAGES.lthrMethodNeedsThreshold],
    ];
    for (const [body, message] of refusals) {
      expectApiError(await athlete.client.put('/api/heart-rate', body), 400, { type: 'validation_error', message });
    }
    expect((await athlete.client.get<HeartRateSettings>('/api/heart-rate')).body).toMatchObject({
      ...settings,
      zoneMethod: 'lthr',
    });
    expect(await storedLoad()).toBe(after);
  });

  it('gives an empty runner twelve empty weeks and says there is nothing yet', async () => {
    const empty = await registerUser(server);
    const body = await charts(empty, 'period=12w');
    expect(body.hasActivities).toBe(false);
    expect(body.buckets).toHaveLength(12);
    expect(body.buckets.every((bucket) => bucket.count === 0)).toBe(true);
    expect(body.heartRate).toMatchObject({ maxHeartRate: DEFAULT_MAX_HEART_RATE, maxHeartRateSource: 'default' });
    expect(body.buckets.every((bucket) => bucket.zones.every((seconds) => seconds === 0))).toBe(true);
  });

  it('charts the sample runs until they are removed', async () => {
    const newcomer = await registerUser(server);
    expect((await newcomer.client.post('/api/activities/samples')).status).toBe(200);
    const body = await charts(newcomer, 'period=12w');
    expect(body.hasActivities).toBe(true);
    expect(body.totals.current.count).toBe(3);
  });

  it('refuses an unknown period or type with a sentence, and needs a session', async () => {
    expectApiError(await runner.client.get('/api/charts?period=5y'), 400, {
      type: 'validation_error',
      message: `period: ${CHART_QUERY_MESSAGES.period}`,
    });
    expectApiError(await runner.client.get('/api/charts?type=skating'), 400, {
      type: 'validation_error',
      message: `type: ${CHART_QUERY_MESSAGES.type}`,
    });
    const anonymous = await fetch(`${server.url}/api/charts`);
    expect(anonymous.status).toBe(401);
  });
});
