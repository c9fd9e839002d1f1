/**
 * Strava's sports and cadence as Stride shows them, over HTTP against the simulator: each Strava
 * sport typed as Stride's run, ride, walk, hike, swim or other, and cadence on foot in steps per
 * minute (Strava sends strides) in the list, the detail's laps and the track; and migration 0014,
 * which brings activities stored before these rules to them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityDetail, ActivityPage, DisplayTrack } from '../../core/activity/schemas.ts';
import type { SimActivity } from '../../tools/strava-simulator/generate-activities.ts';
import type { SimSportType } from '../../tools/strava-simulator/name-tables.ts';
import type { StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import * as stepsAndSports from '../db/migrations/0014-strava-steps-and-sports.ts';
import {
  connectedRunner,
  startStravaTestServer,
  syncAndWait,
  waitForSync,
  type ConnectedRunner,
} from '../test-support/strava.ts';
import type { TestServer } from '../test-support/test-server.ts';

let server: TestServer;
let strava: StravaSimulator;

beforeAll(async () => {
  ({ server, strava } = await startStravaTestServer({ simulator: { enforceRateLimits: false } }));
});

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
});

const SPORTS: readonly [SimSportType, string][] = [
  ['Run', 'run'],
  ['TrailRun', 'run'],
  ['Ride', 'ride'],
  ['Walk', 'walk'],
  ['Hike', 'hike'],
  ['Swim', 'swim'],
  ['Yoga', 'other'],
];

describe("Strava's sports and cadence", () => {
  let runner: ConnectedRunner;
  const added = new Map<SimSportType, SimActivity>();
  const stored = new Map<SimSportType, ActivityPage['items'][number]>();

  beforeAll(async () => {
    runner = await connectedRunner(server, strava, 0);
    SPORTS.forEach(([sport], index) => {
      added.set(
        sport,
        strava.addActivity(runner.athlete.id, {
          sportType: sport,
          startMs: Date.UTC(2026, 0, 10 + index, 8),
          hasHeartrate: true,
        }),
      );
    });
    expect((await syncAndWait(runner.client, { full: true })).sync?.state).toBe('done');
    const page = (await runner.client.get<ActivityPage>('/api/activities?limit=50')).body;
    for (const [sport] of SPORTS) {
      const item = page.items.find((candidate) => candidate.stravaId === String(added.get(sport)?.id));
      expect(item, sport).toBeDefined();
      stored.set(sport, item!);
    }
  });

  it("types every Strava sport as one of Stride's, keeping swims and the rest instead of skipping them", () => {
    expect(SPORTS.map(([sport]) => [sport, stored.get(sport)?.type])).toEqual(SPORTS);
  });

  it('filters the list by the new types', async () => {
    for (const type of ['hike', 'swim', 'other']) {
      const page = (await runner.client.get<ActivityPage>(`/api/activities?type=${type}`)).body;
      expect(page.items.map((item) => item.type)).toEqual([type]);
    }
  });

  it('shows cadence on foot in steps per minute and a ride in revolutions', () => {
    // The simulator sends Strava's strides: 84 for a run or hike, 56 for a walk, 85 rpm for a ride.
    expect(stored.get('Run')?.averageCadence).toBe(168);
    expect(stored.get('TrailRun')?.averageCadence).toBe(168);
    expect(stored.get('Hike')?.averageCadence).toBe(168);
    expect(stored.get('Walk')?.averageCadence).toBe(112);
    expect(stored.get('Ride')?.averageCadence).toBe(85);
  });

  it("doubles the run's laps and cadence stream, not the ride's", async () => {
    const runId = stored.get('Run')?.id ?? '';
    const detail = (await runner.client.get<ActivityDetail>(`/api/activities/${runId}`)).body;
    expect(detail.laps.length).toBeGreaterThan(0);
    expect(detail.laps.every((lap) => lap.averageCadence === 168)).toBe(true);
    const runTrack = (await runner.client.get<DisplayTrack>(`/api/activities/${runId}/track`)).body;
    const moving = runTrack.cadence.filter((value): value is number => value !== null && value > 0);
    expect(moving.length).toBeGreaterThan(10);
    // Strava's 82–86 strides per minute are 164–172 steps.
    expect(Math.min(...moving)).toBeGreaterThanOrEqual(164);
    expect(Math.max(...moving)).toBeLessThanOrEqual(172);

    const rideTrack = (await runner.client.get<DisplayTrack>(`/api/activities/${stored.get('Ride')?.id ?? ''}/track`))
      .body;
    const pedalling = rideTrack.cadence.filter((value): value is number => value !== null && value > 0);
    expect(Math.max(...pedalling)).toBeLessThanOrEqual(87);
  });

  it('migration 0014 brings activities stored with strides and hikes as walks to the rules', async () => {
    const { db } = server.database;
    const runId = stored.get('Run')?.id ?? '';
    const hikeId = stored.get('Hike')?.id ?? '';
    const rideId = stored.get('Ride')?.id ?? '';
    const trackBefore = (await runner.client.get<DisplayTrack>(`/api/activities/${runId}/track`)).body.cadence;
    expect((await syncAndWait(runner.client)).sync?.state).toBe('done');

    // As stored before: cadence in strides, a hike typed as a walk.
    await stepsAndSports.down(db as never);
    await db.updateTable('activities').set({ type: 'walk' }).where('id', '=', hikeId).execute();
    const old = await db
      .selectFrom('activities')
      .select(['id', 'averageCadence', 'laps'])
      .where('id', 'in', [runId, rideId])
      .execute();
    expect(old.find((row) => row.id === runId)?.averageCadence).toBe(84);
    expect(old.find((row) => row.id === rideId)?.averageCadence).toBe(85);
    const oldTrack = (await runner.client.get<DisplayTrack>(`/api/activities/${runId}/track`)).body.cadence;
    expect(oldTrack.find((value) => value !== null && value > 0)).toBeLessThan(90);

    await stepsAndSports.up(db as never);

    const detail = (await runner.client.get<ActivityDetail>(`/api/activities/${runId}`)).body;
    expect(detail.averageCadence).toBe(168);
    expect(detail.laps.every((lap) => lap.averageCadence === 168)).toBe(true);
    const trackAfter = (await runner.client.get<DisplayTrack>(`/api/activities/${runId}/track`)).body.cadence;
    // The stored track holds whole steps per minute: halving and doubling again moves a value at most 1.
    trackAfter.forEach((value, index) => {
      expect(Math.abs((value ?? 0) - (trackBefore[index] ?? 0))).toBeLessThanOrEqual(1);
    });
    const ride = await db.selectFrom('activities').select('averageCadence').where('id', '=', rideId).executeTakeFirst();
    expect(ride?.averageCadence).toBe(85);

    // The full sync it queued types the hike afresh. (A running server starts it at once; here
    // "Sync now" joins it, so the test does not wait for the worker's idle poll.)
    const job = await db.selectFrom('stravaSyncJobs').selectAll().where('userId', '=', runner.id).executeTakeFirst();
    expect(job).toMatchObject({ kind: 'full', state: 'queued' });
    const joined = await runner.client.post<{ kind: string; startedAt: string }>('/api/strava/sync', {});
    expect(joined.body.kind).toBe('full');
    await waitForSync(
      runner.client,
      60_000,
      (status) => status.sync?.startedAt === joined.body.startedAt && status.sync.state === 'done',
    );
    const hike = await db
      .selectFrom('activities')
      .select(['type', 'averageCadence'])
      .where('id', '=', hikeId)
      .executeTakeFirst();
    expect(hike).toEqual({ type: 'hike', averageCadence: 168 });
  });
});
