/**
 * Strava's push subscription over HTTP against the simulator: with a public callback URL the server registers its subscription at start (the
 * simulator checks the hub.challenge handshake), then activity events add, update and remove
 * activities, and a deauthorisation disconnects the runner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../core/activity/schemas.ts';
import type { ActivityBestEfforts } from '../../core/running/best-efforts-api.ts';
import type { StravaStatus } from '../../core/strava/api.ts';
import { createStravaSimulator, type StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { createApiClient } from '../test-support/api-client.ts';
import {
  connectedRunner,
  integrationRow,
  loggedRequests,
  recordingClock,
  stravaConfigFor,
  waitUntil,
  type ConnectedRunner,
} from '../test-support/strava.ts';
import { openEventStream } from '../test-support/event-streams.ts';
import { captureLog, useTestServer } from '../test-support/test-server.ts';
import { freePort } from '../test-support/free-port.ts';

let strava: StravaSimulator;
let callbackUrl: string;
let port: number;
/** The server's log at debug level: a dropped webhook event is logged there, with the reason. */
const log = captureLog();

beforeAll(async () => {
  port = await freePort();
  callbackUrl = `http://127.0.0.1:${port}/api/strava/webhook`;
  strava = await createStravaSimulator({ seed: 7, enforceRateLimits: false });
});

afterAll(async () => {
  await strava?.stop();
});

const server = useTestServer(() => ({
  config: { strava: stravaConfigFor(strava, { webhookCallbackUrl: callbackUrl }), port, logLevel: 'debug' },
  options: { stravaClock: recordingClock(), logDestination: log.destination },
}));

beforeAll(async () => {
  await waitUntil(() => strava.state.subscription ?? undefined, 'the push subscription');
});

/** The debug lines of webhook events dropped without a Strava call. */
function droppedEvents(): { reason: string; event: { object_id?: number } }[] {
  return log
    .lines()
    .map((line) => JSON.parse(line) as { msg?: string; reason: string; event: { object_id?: number } })
    .filter((line) => line.msg === 'Strava webhook event dropped');
}

const anonymous = () => createApiClient(server().url);

async function stravaIdsListed(runner: ConnectedRunner): Promise<(string | null)[]> {
  const page = await runner.client.get<ActivityPage>('/api/activities?limit=200');
  return page.body.items.map((item) => item.stravaId);
}

describe('the push subscription', () => {
  it('is registered at start, through the hub.challenge handshake', async () => {
    const subscription = strava.state.subscription;
    expect(subscription?.callbackUrl).toBe(callbackUrl);
    expect(subscription?.verifyToken).toMatch(/^[0-9a-f]{32}$/);
    expect(loggedRequests(strava, '/api/v3/push_subscriptions', 'POST').map((request) => request.status)).toEqual([
      201,
    ]);
    // Strava answers the creation with the id, which the server then stores.
    const stored = await waitUntil(async () => {
      const row = await server()
        .database.db.selectFrom('stravaPushSubscriptions')
        .selectAll()
        .where('clientId', '=', strava.clientId)
        .executeTakeFirst();
      return row?.subscriptionId !== null && row;
    }, 'the stored subscription id');
    expect(stored).toMatchObject({
      subscriptionId: String(subscription?.id),
      callbackUrl,
      verifyToken: subscription?.verifyToken,
    });
  });

  it('echoes hub.challenge only for the verify token it registered', async () => {
    const token = strava.state.subscription?.verifyToken ?? '';
    const ask = (query: string) => anonymous().get<Record<string, string>>(`/api/strava/webhook?${query}`);

    const right = await ask(`hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=abc123`);
    const wrong = await ask('hub.mode=subscribe&hub.verify_token=guessed&hub.challenge=abc123');
    const noMode = await ask(`hub.verify_token=${token}&hub.challenge=abc123`);
    const noChallenge = await ask(`hub.mode=subscribe&hub.verify_token=${token}`);

    expect(right.status).toBe(200);
    expect(right.body).toEqual({ 'hub.challenge': 'abc123' });
    expect([wrong.status, noMode.status, noChallenge.status]).toEqual([403, 403, 403]);
    expect(wrong.text).not.toContain('abc123');
  });
});

describe('activity and athlete events', () => {
  let runner: ConnectedRunner;

  beforeAll(async () => {
    runner = await connectedRunner(server(), strava, 3);
    expect(runner.status.activityCount).toBe(3);
  });

  it('adds an activity created on Strava', async () => {
    const created = strava.addActivity(runner.athlete.id, { name: 'Pushed by Strava' });

    const answered = await strava.sendWebhookEvent({
      object_type: 'activity',
      object_id: created.id,
      aspect_type: 'create',
      owner_id: runner.athlete.id,
    });

    expect(answered).toBe(200);
    await waitUntil(async () => (await stravaIdsListed(runner)).includes(String(created.id)), 'the new activity');
    const page = await runner.client.get<ActivityPage>('/api/activities');
    expect(page.body.total).toBe(4);
    expect(page.body.items.find((item) => item.stravaId === String(created.id))?.name).toBe('Pushed by Strava');
    expect(loggedRequests(strava, `/api/v3/activities/${created.id}`).map((request) => request.status)).toEqual([200]);
  });

  it('updates an activity edited on Strava', async () => {
    const target = [...strava.state.activities.values()].find((activity) => activity.athleteId === runner.athlete.id);
    expect(target).toBeDefined();
    strava.editActivity(target?.id ?? 0, { name: 'Renamed on Strava' });

    const answered = await strava.sendWebhookEvent({
      object_type: 'activity',
      object_id: target?.id ?? 0,
      aspect_type: 'update',
      owner_id: runner.athlete.id,
      updates: { title: 'Renamed on Strava' },
    });

    expect(answered).toBe(200);
    await waitUntil(async () => {
      const page = await runner.client.get<ActivityPage>('/api/activities');
      return page.body.items.find((item) => item.stravaId === String(target?.id))?.name === 'Renamed on Strava';
    }, 'the renamed activity');
    expect((await runner.client.get<ActivityPage>('/api/activities')).body.total).toBe(4);
  });

  it('removes an activity deleted on Strava', async () => {
    const target = [...strava.state.activities.values()].find((activity) => activity.athleteId === runner.athlete.id);
    const id = target?.id ?? 0;
    strava.deleteActivity(id);

    const answered = await strava.sendWebhookEvent({
      object_type: 'activity',
      object_id: id,
      aspect_type: 'delete',
      owner_id: runner.athlete.id,
    });

    expect(answered).toBe(200);
    await waitUntil(async () => !(await stravaIdsListed(runner)).includes(String(id)), 'the deleted activity gone');
    expect((await runner.client.get<ActivityPage>('/api/activities')).body.total).toBe(3);
  });

  it('keeps an activity a forged "delete" names while Strava still has it', async () => {
    const target = [...strava.state.activities.values()].find((activity) => activity.athleteId === runner.athlete.id);
    const id = target?.id ?? 0;
    const checksBefore = loggedRequests(strava, `/api/v3/activities/${id}`).length;
    const stream = await openEventStream(server(), runner.client);

    try {
      // Sent the way Strava would, but Strava never deleted it.
      const answered = await strava.sendWebhookEvent({
        object_type: 'activity',
        object_id: id,
        aspect_type: 'delete',
        owner_id: runner.athlete.id,
      });

      expect(answered).toBe(200);
      await waitUntil(
        () => loggedRequests(strava, `/api/v3/activities/${id}`).length > checksBefore,
        'the server asking Strava about it',
      );
      // The event has been applied (kept or removed, the runner's pages are told to reload).
      await expect.poll(() => stream.text()).toContain('event: activities-changed');
      expect(await stravaIdsListed(runner)).toContain(String(id));
    } finally {
      stream.abort();
    }
  });

  it("leaves other runners' data alone on an event for an athlete nobody connected", async () => {
    const stranger = strava.addAthlete({ activities: 0, signIn: false });
    const created = strava.addActivity(stranger.id);

    const answered = await strava.sendWebhookEvent({
      object_type: 'activity',
      object_id: created.id,
      aspect_type: 'create',
      owner_id: stranger.id,
    });

    expect(answered).toBe(200);
    await expect
      .poll(() => droppedEvents().filter((line) => line.event.object_id === created.id))
      .toEqual([expect.objectContaining({ reason: 'unknown athlete' })]);
    expect(loggedRequests(strava, `/api/v3/activities/${created.id}`)).toEqual([]);
    expect((await runner.client.get<ActivityPage>('/api/activities')).body.total).toBe(3);
  });

  it('disconnects the runner who revoked access on Strava', async () => {
    const answered = await strava.deauthorizeAthlete(runner.athlete.id);

    expect(answered).toBe(200);
    const status = await waitUntil(async () => {
      const current = (await runner.client.get<StravaStatus>('/api/strava/status')).body;
      return !current.connected && current;
    }, 'the disconnection');
    expect(status.disconnectedAt).not.toBeNull();
    expect(await integrationRow(server(), runner.id)).toMatchObject({ isActive: false });
    // Strava's API agreement: the data Stride got from Strava goes with the connection.
    await waitUntil(async () => {
      const total = (await runner.client.get<ActivityPage>('/api/activities')).body.total;
      return total === 0 || undefined;
    }, 'the Strava activities deleted');
    expect((await runner.client.get<StravaStatus>('/api/strava/status')).body.activityCount).toBe(0);
  });
});

describe('an activity event', () => {
  it("keeps the whole detail it fetched: a new run ranks by Strava's best efforts without being opened", async () => {
    const runner = await connectedRunner(server(), strava, 0);
    const created = strava.addActivity(runner.athlete.id, {
      sportType: 'Run',
      distance: 5200,
      movingTime: 1700,
      elapsedTime: 1750,
      manual: false,
      trainer: false,
    });

    const answered = await strava.sendWebhookEvent({
      object_type: 'activity',
      object_id: created.id,
      aspect_type: 'create',
      owner_id: runner.athlete.id,
    });

    expect(answered).toBe(200);
    const row = await waitUntil(
      () =>
        server()
          .database.db.selectFrom('activities')
          .selectAll()
          .where('userId', '=', runner.id)
          .where('stravaId', '=', String(created.id))
          .executeTakeFirst(),
      'the new run',
    );
    expect(row.detailCachedAt).not.toBeNull();
    const stored = row.stravaDetail as { bestEfforts: { name: string; movingTime: number }[] } | null;
    const fiveK = stored?.bestEfforts.find((effort) => effort.name.toLowerCase() === '5k');
    expect(fiveK?.movingTime).toBeGreaterThan(0);

    const efforts = await runner.client.get<ActivityBestEfforts>(`/api/activities/${row.id}/best-efforts`);
    expect(efforts.body.status).toBe('ranked');
    expect(efforts.body.efforts.find((effort) => effort.distanceId === '5k')?.seconds).toBe(fiveK?.movingTime);
    // One call to Strava: the event's own; no streams were needed.
    expect(loggedRequests(strava, `/api/v3/activities/${created.id}`)).toHaveLength(1);
  });
});
