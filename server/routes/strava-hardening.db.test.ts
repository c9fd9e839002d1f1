/**
 * Strava hardening over HTTP against the simulator: a disconnect deletes the data Stride got from
 * Strava and keeps uploads (Strava's API agreement), forged webhook floods cost (almost) no Strava
 * calls, the limiter keeps a share of the window for requests someone waits for, and an opened
 * activity answers within its deadline while Strava hangs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityDetail, ActivityPage, DisplayTrack } from '../../core/activity/schemas.ts';
import type { DisconnectResponse, StravaStatus } from '../../core/strava/api.ts';
import { WEBHOOK_EVENTS_PER_ATHLETE } from '../../core/strava/constants.ts';
import { STRAVA_MESSAGES } from '../../core/strava/messages.ts';
import type { StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import {
  connectStrava,
  connectedRunner,
  loggedRequests,
  startStravaTestServer,
  waitForSync,
  waitUntil,
} from '../test-support/strava.ts';
import type { TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';
import { freePort } from '../test-support/free-port.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const FIXTURE = 'running-with-developer-data.fit';

/** Requests the server made to Strava's API (not OAuth, not the push subscription). */
const apiCalls = (strava: StravaSimulator) =>
  strava.state.requests.filter(
    (request) => request.path.startsWith('/api/v3/') && !request.path.startsWith('/api/v3/push_subscriptions'),
  );

describe('with a push subscription', () => {
  let server: TestServer;
  let strava: StravaSimulator;

  beforeAll(async () => {
    const port = await freePort();
    ({ server, strava } = await startStravaTestServer({
      simulator: { enforceRateLimits: false },
      strava: { webhookCallbackUrl: `http://127.0.0.1:${port}/api/strava/webhook` },
      config: { port },
    }));
    await waitUntil(() => strava.state.subscription ?? undefined, 'the push subscription');
  });

  afterAll(async () => {
    await server?.stop();
    await strava?.stop();
  });

  async function uploadFixture(user: RegisteredUser): Promise<ActivityDetail> {
    const result = await uploadFiles(server, user.client, [
      { name: FIXTURE, content: readFileSync(path.join(FIXTURES, FIXTURE)) },
    ]);
    const id = finalFileEvents(result.events)[0]?.activityId ?? '';
    const detail = await user.client.get<ActivityDetail>(`/api/activities/${id}`);
    expect(detail.status).toBe(200);
    return detail.body;
  }

  it('deletes exactly the Strava activities on disconnect, keeps the uploads and says how many went', async () => {
    const user = await registerUser(server);
    const upload = await uploadFixture(user);
    const athlete = strava.addAthlete({ activities: 6, signIn: true });
    // The same run as the upload: its Strava copy is hidden behind the upload.
    strava.addActivity(athlete.id, { startMs: Date.parse(upload.startDate) + 20_000, distance: upload.distance });
    expect((await connectStrava(user.client)).status).toBe(200);
    expect((await waitForSync(user.client)).sync).toMatchObject({ state: 'done', activities: 7 });
    // One Strava activity deleted in Stride: its id is remembered so syncs skip it.
    const listed = (await user.client.get<ActivityPage>('/api/activities?source=strava')).body;
    expect(listed.total).toBe(6);
    expect((await user.client.delete(`/api/activities/${listed.items[0]?.id ?? ''}`)).status).toBe(200);
    const rows = () =>
      server.database.db
        .selectFrom('activities')
        .select(['source', 'id', 'duplicateOf'])
        .where('userId', '=', user.id)
        .execute();
    expect((await rows()).filter((row) => row.source === 'strava')).toHaveLength(6);
    const remembered = () =>
      server.database.db
        .selectFrom('stravaDeletedActivities')
        .select('stravaId')
        .where('userId', '=', user.id)
        .execute();
    expect(await remembered()).toHaveLength(1);

    const response = await user.client.delete<DisconnectResponse>('/api/strava/connection');

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ connected: false, activityCount: 0, deletedActivities: 6 });
    const after = await rows();
    expect(after.map((row) => row.id)).toEqual([upload.id]);
    expect(after[0]?.duplicateOf).toBeNull();
    expect(await remembered()).toHaveLength(0);
    const page = (await user.client.get<ActivityPage>('/api/activities')).body;
    expect(page.items.map((item) => item.id)).toEqual([upload.id]);
    const track = await user.client.get(`/api/activities/${upload.id}/track`);
    expect(track.status).toBe(200);
  });

  it('answers 300 forged webhook posts with 200 and calls Strava at most the per-athlete budget', async () => {
    const runner = await connectedRunner(server, strava, 3);
    const other = await connectedRunner(server, strava, 2);
    const subscriptionId = strava.state.subscription?.id ?? 0;
    const own = [...strava.state.activities.values()].find((activity) => activity.athleteId === runner.athlete.id);
    const othersActivity = [...strava.state.activities.values()].find(
      (activity) => activity.athleteId === other.athlete.id,
    );
    const before = apiCalls(strava).length;
    const event = (index: number) => {
      const base = { subscription_id: subscriptionId, event_time: 1_700_000_000 + index, updates: {} };
      switch (index % 5) {
        case 0: // an athlete nobody connected
          return {
            ...base,
            object_type: 'activity',
            aspect_type: 'create',
            object_id: 10_000 + index,
            owner_id: 9_000_000 + index,
          };
        case 1: // another subscription
          return {
            ...base,
            subscription_id: subscriptionId + 1,
            object_type: 'activity',
            aspect_type: 'create',
            object_id: own?.id,
            owner_id: runner.athlete.id,
          };
        case 2: // another athlete's activity, updated or deleted "as" the runner
          return {
            ...base,
            object_type: 'activity',
            aspect_type: index % 2 === 0 ? 'update' : 'delete',
            object_id: othersActivity?.id,
            owner_id: runner.athlete.id,
          };
        case 3: // the same genuine-looking update again and again
          return {
            ...base,
            object_type: 'activity',
            aspect_type: 'update',
            object_id: own?.id,
            owner_id: runner.athlete.id,
          };
        default: // new ids "created" for the runner: plausible, so bounded by the athlete's budget
          return {
            ...base,
            object_type: 'activity',
            aspect_type: 'create',
            object_id: 20_000 + index,
            owner_id: runner.athlete.id,
          };
      }
    };
    const anonymous = createApiClient(server.url);

    const answers = await Promise.all(
      Array.from({ length: 300 }, (_unused, index) => anonymous.post('/api/strava/webhook', event(index))),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 300 }, () => 200));
    // A genuine event of the other runner, last: once it is applied the flood has been handled.
    const created = strava.addActivity(other.athlete.id, { name: 'After the flood' });
    expect(
      await strava.sendWebhookEvent({
        object_type: 'activity',
        object_id: created.id,
        aspect_type: 'create',
        owner_id: other.athlete.id,
      }),
    ).toBe(200);
    await waitUntil(
      async () => {
        const page = await other.client.get<ActivityPage>('/api/activities?source=strava');
        return page.body.items.some((item) => item.stravaId === String(created.id)) || undefined;
      },
      'the genuine event applied',
      90_000,
    );
    const flood = apiCalls(strava)
      .slice(before)
      .filter((request) => request.path !== `/api/v3/activities/${created.id}`);
    expect(flood.length).toBeLessThanOrEqual(WEBHOOK_EVENTS_PER_ATHLETE);
    // Nothing for unknown athletes, other subscriptions or another athlete's activity; one fetch for the repeats.
    expect(flood.filter((request) => request.path === `/api/v3/activities/${othersActivity?.id}`)).toHaveLength(0);
    expect(flood.filter((request) => request.path === `/api/v3/activities/${own?.id}`)).toHaveLength(1);
    expect(flood.every((request) => /^\/api\/v3\/activities\/\d+$/.test(request.path))).toBe(true);
    // The runner's data is as Strava has it.
    expect((await runner.client.get<StravaStatus>('/api/strava/status')).body.activityCount).toBe(3);
  }, 120_000);
});

describe('the interactive share of the rate limit', () => {
  let server: TestServer;
  let strava: StravaSimulator;

  beforeAll(async () => {
    // Spec §9's window scaled down: 10 requests a window, 2 of them kept for interactive requests.
    ({ server, strava } = await startStravaTestServer({
      simulator: { enforceRateLimits: false },
      strava: { maxRequestsPerWindow: 10, interactiveReserve: 2 },
    }));
  });

  afterAll(async () => {
    await server?.stop();
    await strava?.stop();
  });

  it('lets an opened activity through at once while the sync has used its share and waits', async () => {
    const user = await registerUser(server);
    strava.addAthlete({ activities: 1_000, signIn: true });
    expect((await connectStrava(user.client)).status).toBe(200);
    // Background may fill the window up to 8 of 10: the exchange took one, so the sync gets 7 pages
    // and then waits for the window (15 minutes) to move on.
    const pages = () => loggedRequests(strava, '/api/v3/athlete/activities');
    await waitUntil(() => (pages().length >= 7 ? true : undefined), 'seven sync pages', 60_000);
    const list = (await user.client.get<ActivityPage>('/api/activities?source=strava&limit=1')).body;
    const opened = list.items[0]?.id ?? '';

    // Had the opened activity waited for the sync's window (15 minutes), the test would time out.
    const detail = await user.client.get<ActivityDetail>(`/api/activities/${opened}`);
    const track = await user.client.get(`/api/activities/${opened}/track`);

    expect(detail.status).toBe(200);
    expect(detail.body.stravaError).toBeNull();
    expect(track.status).toBe(200);
    expect(pages()).toHaveLength(7);
    // The sync says it waits for the window, and until when.
    const status = await waitForSync(user.client, 60_000, (current) => current.sync?.state !== 'running');
    expect(status.sync?.state).toBe('waiting');
    expect(Date.parse(status.sync?.resumesAt ?? '')).toBeGreaterThan(Date.now());
  }, 90_000);
});

describe('a hanging Strava', () => {
  const DEADLINE_MS = 1_500;
  let server: TestServer;
  let strava: StravaSimulator;

  beforeAll(async () => {
    ({ server, strava } = await startStravaTestServer({
      simulator: { enforceRateLimits: false },
      strava: { interactiveDeadlineMs: DEADLINE_MS, requestTimeoutMs: 15_000 },
    }));
  });

  afterAll(async () => {
    await server?.stop();
    await strava?.stop();
  });

  it('answers an opened activity within the deadline with the spec text, and its track fails as quickly', async () => {
    const runner = await connectedRunner(server, strava, 2);
    const list = (await runner.client.get<ActivityPage>('/api/activities?source=strava')).body;
    const id = list.items[0]?.id ?? '';
    strava.setFault('hang', { match: '/api/v3/activities/' });
    try {
      const started = Date.now();
      const detail = await runner.client.get<ActivityDetail>(`/api/activities/${id}`);
      const took = Date.now() - started;

      expect(detail.status).toBe(200);
      expect(detail.body.stravaError).toBe(STRAVA_MESSAGES.detailUnavailable);
      expect(STRAVA_MESSAGES.detailUnavailable).toBe('Unable to fetch detailed activity data');
      // It waited for the deadline, and ended there: a hang without one would outlast the test's timeout.
      expect(took).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
      expect(loggedRequests(strava, '/api/v3/activities/').map((request) => request.status)).toContain(0);

      const track = await runner.client.get(`/api/activities/${id}/track`);
      expect(track.status).toBe(502);
    } finally {
      strava.clearFaults();
    }
  });

  it("disconnects while the revocation hangs, at the revocation's deadline", async () => {
    const runner = await connectedRunner(server, strava, 1);
    strava.setFault('hang', { match: '/oauth/deauthorize' });
    try {
      // The revocation hangs for ever: the disconnect answering at all is its deadline at work.
      const response = await runner.client.delete<DisconnectResponse>('/api/strava/connection');

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ connected: false, deletedActivities: 1 });
    } finally {
      strava.clearFaults();
    }
  });
});

describe('Strava streams with values outside the plausible ranges', () => {
  let server: TestServer;
  let strava: StravaSimulator;

  beforeAll(async () => {
    ({ server, strava } = await startStravaTestServer({ simulator: { enforceRateLimits: false } }));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await strava?.stop();
  });

  it.each([1e308, 9e306])(
    'an altitude stream of %s: the track opens without its elevations, twice, and the server keeps answering',
    async (altitude) => {
      const runner = await connectedRunner(server, strava, 1);
      const list = (await runner.client.get<ActivityPage>('/api/activities?source=strava')).body;
      const id = list.items[0]?.id ?? '';
      strava.setFault('streamValue', { key: 'altitude', value: altitude });
      try {
        for (let opened = 0; opened < 2; opened += 1) {
          const track = await runner.client.get<DisplayTrack>(`/api/activities/${id}/track`);
          expect(track.status).toBe(200);
          expect(track.body.pointCount).toBeGreaterThan(10);
          expect(track.body.elevation.every((value) => value === null)).toBe(true);
          expect(track.body.lat.every((value) => Number.isFinite(value))).toBe(true);
          expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        }
      } finally {
        strava.clearFaults();
      }
    },
    60_000,
  );
});
