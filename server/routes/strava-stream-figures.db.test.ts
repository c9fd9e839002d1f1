/**
 * A Strava run whose detail has no splits and no best efforts (Strava had not analysed it yet),
 * over HTTP against the simulator: both say they are pending until its streams are fetched, then
 * come from the streams the way a file's do; the expected figures are worked out here from the
 * streams Strava sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityDetail, DisplayTrack } from '../../core/activity/schemas.ts';
import type { ActivityBestEfforts } from '../../core/running/best-efforts-api.ts';
import { buildStreams } from '../../tools/strava-simulator/activity-track.ts';
import type { SimActivity } from '../../tools/strava-simulator/generate-activities.ts';
import type { StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import {
  connectedRunner,
  recordingClock,
  startStravaTestServer,
  syncAndWait,
  type ConnectedRunner,
} from '../test-support/strava.ts';
import type { TestServer } from '../test-support/test-server.ts';

const clock = recordingClock(0.001);
let server: TestServer;
let strava: StravaSimulator;

beforeAll(async () => {
  ({ server, strava } = await startStravaTestServer({ simulator: { enforceRateLimits: false }, clock }));
});

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
});

/** Seconds at which the streams reach `metres`, between their samples. */
function secondsAt(time: readonly number[], distance: readonly number[], metres: number): number {
  const i = distance.findIndex((d) => d >= metres);
  if (i <= 0) {
    return time[Math.max(0, i)] as number;
  }
  const [d0, d1, t0, t1] = [distance[i - 1], distance[i], time[i - 1], time[i]] as number[];
  return t0! + ((metres - d0!) / (d1! - d0!)) * (t1! - t0!);
}

/** The fewest seconds any `metres` of the streams took (each sample as a start, the end between samples). */
function fastest(time: readonly number[], distance: readonly number[], metres: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < distance.length; i += 1) {
    const target = (distance[i] as number) + metres;
    if (target > (distance.at(-1) as number)) {
      break;
    }
    best = Math.min(best, secondsAt(time, distance, target) - (time[i] as number));
  }
  return best;
}

describe('a Strava run Strava sent no splits or best efforts for', () => {
  let runner: ConnectedRunner;
  let run: SimActivity;
  let id: string;

  beforeAll(async () => {
    runner = await connectedRunner(server, strava, 0);
    run = strava.addActivity(runner.athlete.id, {
      sportType: 'Run',
      distance: 5400,
      movingTime: 1800,
      elapsedTime: 1800,
      manual: false,
      trainer: false,
      notAnalysed: true,
    });
    await syncAndWait(runner.client);
    const row = await server.database.db
      .selectFrom('activities')
      .select('id')
      .where('stravaId', '=', String(run.id))
      .executeTakeFirstOrThrow();
    id = row.id;
  });

  it('says its splits and best efforts are pending until its streams are fetched, then has them from the streams', async () => {
    const opened = await runner.client.get<ActivityDetail>(`/api/activities/${id}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ type: 'run', splitsMetric: [], streamsPending: true, hasTrack: true });
    const before = await runner.client.get<ActivityBestEfforts>(`/api/activities/${id}/best-efforts`);
    expect(before.body).toEqual({ status: 'pending', efforts: [] });

    // The charts read the track: its streams are fetched from Strava.
    expect((await runner.client.get<DisplayTrack>(`/api/activities/${id}/track`)).status).toBe(200);

    const { time, distance } = buildStreams(run);
    const total = distance.at(-1) as number;
    const detail = (await runner.client.get<ActivityDetail>(`/api/activities/${id}`)).body;
    expect(detail.streamsPending).toBe(false);
    const wholeKilometres = Math.floor(total / 1000);
    expect(detail.splitsMetric.length).toBeGreaterThanOrEqual(wholeKilometres);
    for (let k = 1; k <= wholeKilometres; k += 1) {
      const split = detail.splitsMetric[k - 1];
      expect(split?.distance).toBeCloseTo(1000, 0);
      const seconds = secondsAt(time, distance, k * 1000) - secondsAt(time, distance, (k - 1) * 1000);
      expect(Math.abs((split?.elapsed_time as number) - seconds), `km ${k}`).toBeLessThanOrEqual(1);
    }
    expect(detail.splitsStandard.length).toBeGreaterThanOrEqual(Math.floor(total / 1609.34));

    const after = (await runner.client.get<ActivityBestEfforts>(`/api/activities/${id}/best-efforts`)).body;
    expect(after.status).toBe('ranked');
    const ids = after.efforts.map((effort) => effort.distanceId);
    expect(ids).toEqual(['400m', '1k', '1mi', '5k']);
    for (const [distanceId, metres] of [
      ['400m', 400],
      ['1k', 1000],
      ['1mi', 1609.34],
      ['5k', 5000],
    ] as const) {
      const effort = after.efforts.find((each) => each.distanceId === distanceId);
      expect(Math.abs((effort?.seconds as number) - fastest(time, distance, metres)), distanceId).toBeLessThanOrEqual(
        1,
      );
    }
  });
});
