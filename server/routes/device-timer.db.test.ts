/**
 * The device's own timer as an activity's time: what a runner sees over HTTP against what the file
 * itself says, computed here from the file (Garmin's FIT SDK for FIT, the TCX's own laps), never
 * from Stride's output. The time, pace, lap and split times follow the watch; Stride's moving time
 * stays beside it; the runner's Account choice switches every time and total between the two; and
 * activities stored before the timer was kept get it when the next server starts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Decoder, Stream } from '@garmin/fitsdk';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  garminTcx,
  straightRun,
  type GeneratedPoint,
} from '../../core/activity/activity-file-builders.test-support.ts';
import type { ActivityDetail, ActivityPage } from '../../core/activity/schemas.ts';
import type { SportTotals } from '../../core/activity/sport-totals.ts';
import type { Charts } from '../../core/charts/chart-api.ts';
import type { ActivityTimeChoice, Profile } from '../../core/profile.ts';
import type { PublicTotals } from '../../core/profile-privacy.ts';
import {
  getOwnProfile,
  makeProfilePublic,
  registerUser,
  signedInClient,
  type RegisteredUser,
} from '../test-support/factories.ts';
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
/** Garmin Forerunner 110: five laps, an auto-lap every kilometre, the timer running at crossings. */
const AUTO_LAP = '2013-02-06-12-11-14.fit';
/** Garmin vívoactive (Stamina): intervals, the timer running through the recoveries. */
const INTERVALS = 'garmin-stamina.fit';
const TCX = 'stop-at-the-lights.tcx';

interface DeviceFigures {
  /** The device's timer, seconds. */
  timer: number;
  distance: number;
  laps: { timer: number; distance: number }[];
}

/** The FIT file's own session and lap totals, read by Garmin's SDK. */
function fitFigures(bytes: Uint8Array): DeviceFigures {
  const { messages } = new Decoder(Stream.fromByteArray(bytes)).read();
  const [session] = messages.sessionMesgs ?? [];
  return {
    timer: Number(session?.totalTimerTime),
    distance: Number(session?.totalDistance),
    laps: (messages.lapMesgs ?? []).map((lap) => ({
      timer: Number(lap.totalTimerTime),
      distance: Number(lap.totalDistance),
    })),
  };
}

/** The TCX file's own laps: TotalTimeSeconds and DistanceMeters of each <Lap>, summed for the activity. */
function tcxFigures(text: string): DeviceFigures {
  const laps = [
    ...text.matchAll(/<Lap [^>]*>\s*<TotalTimeSeconds>([\d.]+)<\/TotalTimeSeconds>\s*<DistanceMeters>([\d.]+)</g),
  ].map((match) => ({ timer: Number(match[1]), distance: Number(match[2]) }));
  return {
    timer: laps.reduce((sum, lap) => sum + lap.timer, 0),
    distance: laps.reduce((sum, lap) => sum + lap.distance, 0),
    laps,
  };
}

/** A run of two laps with two minutes at a crossing in the first, the watch's timer running. */
function stopAtTheLightsTcx(): string {
  const run = straightRun({ points: 601, speed: 3 });
  const crossing = run[300] as GeneratedPoint;
  const waiting = Array.from({ length: 24 }, (_, i) => ({ ...crossing, time: crossing.time + (i + 1) * 5000 }));
  const after = run.slice(301).map((point) => ({ ...point, time: point.time + 120_000 }));
  const lap = (points: GeneratedPoint[]) => ({ points, averageHeartRate: 140, maxHeartRate: 150, calories: 60 });
  return garminTcx([lap([...run.slice(0, 301), ...waiting]), lap(after)]);
}

const pacePerKm = (seconds: number, metres: number) => seconds / (metres / 1000);

let database: TestDatabase;
let server: TestServer;
let runner: RegisteredUser;
const files = new Map<string, { bytes: Uint8Array; device: DeviceFigures }>();
const ids = new Map<string, string>();

async function upload(name: string, bytes: Uint8Array): Promise<void> {
  const result = await uploadFiles(server, runner.client, [{ name, content: bytes }]);
  const [final] = finalFileEvents(result.events);
  expect(final, final?.message).toMatchObject({ state: 'complete' });
  ids.set(name, final?.activityId as string);
}

const detailOf = async (name: string) =>
  (await runner.client.get<ActivityDetail>(`/api/activities/${ids.get(name) as string}`)).body;
const device = (name: string) => files.get(name)?.device as DeviceFigures;

async function choose(activityTime: ActivityTimeChoice): Promise<void> {
  const response = await runner.client.patch<Profile>('/api/profile', { preferences: { activityTime } });
  expect(response.status).toBe(200);
  expect(response.body.preferences.activityTime).toBe(activityTime);
}

beforeAll(async () => {
  database = await createTestDatabase({ persistent: true });
  server = await startTestServer({}, { database });
  runner = await registerUser(server, { name: 'Watch Checker' });
  for (const name of [AUTO_LAP, INTERVALS]) {
    const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, name)));
    files.set(name, { bytes, device: fitFigures(bytes) });
  }
  const tcx = stopAtTheLightsTcx();
  files.set(TCX, { bytes: new TextEncoder().encode(tcx), device: tcxFigures(tcx) });
  for (const [name, { bytes }] of files) {
    await upload(name, bytes);
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
});

describe("the device's timer, by default", () => {
  it('is the time of a FIT or TCX whose timer differs from the moving time, and its pace the watch’s', async () => {
    for (const name of [AUTO_LAP, INTERVALS, TCX]) {
      const figures = device(name);
      const shown = await detailOf(name);
      expect(Math.abs(shown.movingTime - figures.timer), name).toBeLessThanOrEqual(1);
      expect(shown.timerTime, name).toBe(figures.timer);
      // Stride's moving time is kept beside it: the runner stood with the timer running.
      expect(figures.timer - shown.strideMovingTime, name).toBeGreaterThan(60);
      const pace = pacePerKm(shown.movingTime, shown.distance);
      expect(Math.abs(pace - pacePerKm(figures.timer, figures.distance)), name).toBeLessThanOrEqual(1);
      expect(Math.abs(1 / shown.averageSpeed - shown.movingTime / shown.distance), name).toBeLessThan(1e-9);
    }
  });

  it('times each lap as the device did', async () => {
    for (const name of [AUTO_LAP, INTERVALS, TCX]) {
      const { laps } = await detailOf(name);
      expect(laps.length, name).toBe(device(name).laps.length);
      laps.forEach((lap, i) => {
        expect(
          Math.abs(lap.movingTime - (device(name).laps[i]?.timer as number)),
          `${name} lap ${i + 1}`,
        ).toBeLessThanOrEqual(1);
      });
    }
  });

  it('gives the kilometre splits of an exact 1 km auto-lap file its laps’ times', async () => {
    const laps = device(AUTO_LAP).laps;
    expect(laps.slice(0, -1).every((lap) => lap.distance === 1000)).toBe(true);
    const { splitsMetric } = await detailOf(AUTO_LAP);
    expect(splitsMetric.length).toBe(laps.length);
    splitsMetric.forEach((split, i) => {
      expect(Math.abs(split.moving_time - (laps[i]?.timer as number)), `km ${i + 1}`).toBeLessThanOrEqual(1);
      expect(split.average_speed).toBeCloseTo(split.distance / split.moving_time, 9);
    });
  });

  it('adds each activity’s timer to the totals', async () => {
    const timers = [...files.values()].reduce((sum, { device: figures }) => sum + figures.timer, 0);
    expect((await getOwnProfile(runner.client)).statistics.totalDuration).toBeCloseTo(timers, 6);
  });
});

describe('the Account choice', () => {
  /** Every total of time the runner sees: the profile, the dashboard, the charts (all weeks), the list. */
  async function totalsSeen() {
    const profile = await getOwnProfile(runner.client);
    const dashboard = (await runner.client.get<SportTotals>('/api/activities/totals')).body;
    const charts = (await runner.client.get<Charts>('/api/charts?period=all&timeZone=UTC')).body;
    const list = (await runner.client.get<ActivityPage>('/api/activities?sort=time&order=desc')).body;
    const publicProfile = (
      await runner.client.get<{ totals: PublicTotals }>(`/api/public/profiles/${profile.username}`)
    ).body;
    return {
      statistics: profile.statistics.totalDuration,
      dashboard: dashboard.sports.find((sport) => sport.type === 'run')?.duration,
      weeks: charts.buckets.reduce((sum, bucket) => sum + bucket.movingTime, 0),
      charts: charts.totals.current.movingTime,
      list: list.items.map((item) => [item.id, item.movingTime, item.averageSpeed]),
      publicTotal: publicProfile.totals.movingTime,
    };
  }

  it('switches pace and every total between the device’s timer and Stride’s moving time', async () => {
    await makeProfilePublic(runner.client);
    const names = [...files.keys()];
    const timers = names.map((name) => device(name).timer);
    const moving = await Promise.all(names.map(async (name) => (await detailOf(name)).strideMovingTime));
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

    const byTimer = await totalsSeen();
    for (const total of [byTimer.statistics, byTimer.dashboard, byTimer.weeks, byTimer.charts, byTimer.publicTotal]) {
      expect(total).toBeCloseTo(sum(timers), 6);
    }
    // Longest first by the watch's time.
    expect(byTimer.list.map(([id]) => id)).toEqual(
      names
        .map((name, i) => [ids.get(name), timers[i] as number] as const)
        .sort((a, b) => b[1] - a[1])
        .map(([id]) => id),
    );

    await choose('moving');
    const byMoving = await totalsSeen();
    for (const total of [
      byMoving.statistics,
      byMoving.dashboard,
      byMoving.weeks,
      byMoving.charts,
      byMoving.publicTotal,
    ]) {
      expect(total).toBeCloseTo(sum(moving), 6);
    }
    for (const [i, name] of names.entries()) {
      const shown = await detailOf(name);
      expect(shown.movingTime, name).toBe(moving[i]);
      expect(shown.timerTime, name).toBe(timers[i]);
      const item = byMoving.list.find(([id]) => id === ids.get(name));
      expect(item?.[1], name).toBe(moving[i]);
      expect(item?.[2] as number, name).toBeCloseTo(shown.distance / (moving[i] as number), 9);
    }
    const splits = (await detailOf(AUTO_LAP)).splitsMetric;
    expect(splits.map((split) => split.moving_time)).not.toEqual(
      device(AUTO_LAP).laps.map((lap) => Math.round(lap.timer)),
    );

    await choose('device');
    expect((await totalsSeen()).statistics).toBeCloseTo(sum(timers), 6);
  });
});

describe('activities imported before the timer was kept', () => {
  beforeAll(async () => {
    // What an import under derivation version 2 stored: no timer, splits without one.
    await sql`update activities set derivation_version = 2, timer_time = null,
      splits_metric = (select coalesce(jsonb_agg(split - 'timer_time'), '[]'::jsonb) from jsonb_array_elements(splits_metric) split)
      where user_id = ${runner.id}`.execute(server.database.db);
    await server.services.readCache.invalidateUser(runner.id);
    const before = await detailOf(AUTO_LAP);
    expect(before.timerTime).toBeNull();
    expect(before.movingTime).toBe(before.strideMovingTime);
    await server.stop();
    server = await startTestServer({}, { database });
    runner = { ...runner, client: await signedInClient(server, runner.credentials) };
    await server.rederive?.done;
  }, 120_000);

  it('are re-derived at start with the device’s timer', async () => {
    for (const name of [AUTO_LAP, INTERVALS, TCX]) {
      const shown = await detailOf(name);
      expect(Math.abs(shown.movingTime - device(name).timer), name).toBeLessThanOrEqual(1);
    }
    const { splitsMetric } = await detailOf(AUTO_LAP);
    splitsMetric.forEach((split, i) => {
      expect(
        Math.abs(split.moving_time - (device(AUTO_LAP).laps[i]?.timer as number)),
        `km ${i + 1}`,
      ).toBeLessThanOrEqual(1);
    });
  });
});
