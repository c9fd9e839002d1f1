/**
 * What a runner may change on a synced Strava activity in Stride: not its name (Strava owns it and
 * the next sync would undo a local one), but it may delete it, and a full sync does not bring it
 * back. And the "uploaded" side of the data provider's list includes the sample runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../core/activity/schemas.ts';
import type { TrophyCase } from '../../core/medals/api.ts';
import { STRAVA_TEXTS } from '../../core/strava/api.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import {
  connectedRunner,
  updateIntegrationRow,
  connectStrava,
  integrationRow,
  listRequests,
  loggedRequests,
  startStravaTestServer,
  syncAndWait,
  tokenGrants,
  waitForSync,
} from '../test-support/strava.ts';
import { ACTIVITY_ERROR_TEXTS } from '../../core/strava/messages.ts';
import { shiftedClock } from '../test-support/clock.ts';
import type { TestServer } from '../test-support/test-server.ts';

const integrationJob = (server: TestServer, userId: string) =>
  server.database.db
    .selectFrom('stravaSyncJobs')
    .select(['leaseOwner', 'finishedAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();

let env: Awaited<ReturnType<typeof startStravaTestServer>>;
let user: RegisteredUser;

beforeAll(async () => {
  env = await startStravaTestServer({ simulator: { activities: 30 } });
  user = await registerUser(env.server);
  expect((await connectStrava(user.client)).status).toBe(200);
  await waitForSync(user.client);
});

afterAll(async () => {
  await env.server.stop();
  await env.strava.stop();
});

const list = async (query = '') => (await user.client.get<ActivityPage>(`/api/activities?limit=200${query}`)).body;

describe('a synced Strava activity', () => {
  it('cannot be renamed in Stride: Strava owns its name', async () => {
    const [first] = (await list('&source=strava')).items;
    const response = await user.client.patch(`/api/activities/${first?.id ?? ''}`, { name: 'Mine now' });
    expectApiError(response, 409, {
      type: 'validation_error',
      message: STRAVA_TEXTS.renameOnStrava,
      code: 'strava-rename',
    });
    const after = await user.client.get<{ name: string }>(`/api/activities/${first?.id ?? ''}`);
    expect(after.body.name).toBe(first?.name);
  });

  it('stays deleted after a full sync', async () => {
    const before = await list('&source=strava');
    const victim = before.items[0];
    expect(victim?.stravaId).toBeTruthy();
    expect((await user.client.delete(`/api/activities/${victim?.id ?? ''}`)).status).toBe(200);

    expect((await user.client.post('/api/strava/sync', { full: true })).status).toBe(202);
    const status = await waitForSync(
      user.client,
      60_000,
      (s) => s.sync?.state === 'done' && s.sync.kind === 'full' && s.sync.pages > 0,
    );
    // Strava still sent it (all 30 of the athlete's activities came back); Stride skipped it.
    expect(status.sync?.activities).toBe(30);
    const after = await list('&source=strava');
    expect(after.total).toBe(before.total - 1);
    expect(after.items.some((activity) => activity.stravaId === victim?.stravaId)).toBe(false);
  });
});

describe('the uploaded side of the list (source=upload)', () => {
  it('holds everything not from Strava, sample runs included', async () => {
    expect((await user.client.post('/api/activities/samples')).status).toBe(200);
    const uploaded = await list('&source=upload');
    expect(uploaded.total).toBe(3);
    expect(uploaded.items.every((activity) => activity.source === 'placeholder')).toBe(true);
    const strava = await list('&source=strava');
    expect(strava.items.every((activity) => activity.source === 'strava')).toBe(true);
    expect((await list()).total).toBe(uploaded.total + strava.total);
  });
});

describe('a token Strava stopped accepting', () => {
  it('is refreshed once and the call repeated; when Strava refuses the refresh too, the runner is disconnected', async () => {
    const runner = await connectedRunner(env.server, env.strava, 3);
    // Revoked on strava.com, and no webhook told Stride (this server has no push subscription).
    await env.strava.deauthorizeAthlete(runner.athlete.id);
    const refreshesBefore = tokenGrants(env.strava, 'refresh_token').length;

    const status = await syncAndWait(runner.client);

    expect(status.sync?.state).toBe('failed');
    expect(status.sync?.error).toBe(ACTIVITY_ERROR_TEXTS.connection);
    expect(tokenGrants(env.strava, 'refresh_token').length).toBe(refreshesBefore + 1);
    const after = (await runner.client.get<{ connected: boolean; disconnectedAt: string | null }>('/api/strava/status'))
      .body;
    expect(after.connected).toBe(false);
    expect(after.disconnectedAt).not.toBeNull();
    expect((await integrationRow(env.server, runner.id))?.isActive).toBe(false);
  });

  it('is replaced when Strava refuses it before its time but still honours the refresh token', async () => {
    const runner = await connectedRunner(env.server, env.strava, 3);
    // Strava forgets the access token (as when an athlete changes password); the refresh token stands.
    for (const [token, record] of env.strava.state.accessTokens) {
      if (record.athleteId === runner.athlete.id) {
        env.strava.state.accessTokens.delete(token);
      }
    }
    const refreshesBefore = tokenGrants(env.strava, 'refresh_token').length;

    const status = await syncAndWait(runner.client);

    expect(status.sync?.state).toBe('done');
    expect(status.connected).toBe(true);
    expect(tokenGrants(env.strava, 'refresh_token').length).toBe(refreshesBefore + 1);
  });
});

describe('a sync whose server died', () => {
  it('is taken over by another worker once its lease runs out, from the page it had reached', async () => {
    const runner = await connectedRunner(env.server, env.strava, 250);
    expect(runner.status.activityCount).toBe(250);
    // What a server killed mid-sync leaves behind: an open job, held, at page 2 of 3.
    await env.server.database.db
      .updateTable('stravaSyncJobs')
      .set({
        state: 'running',
        nextPage: 2,
        pages: 1,
        activities: 100,
        imported: 100,
        finishedAt: null,
        leaseOwner: 'a-server-that-crashed',
        leaseUntil: new Date(Date.now() + 1000),
      })
      .where('userId', '=', runner.id)
      .execute();
    const requestsBefore = listRequests(env.strava).length;

    // "Sync now" joins the open job; nobody may touch it until the dead server's lease has run out.
    const joined = await runner.client.post<{ state: string; pages: number }>('/api/strava/sync', {});
    expect(joined.body).toMatchObject({ state: 'running', pages: 1 });
    const status = await waitForSync(runner.client, 30_000, (s) => s.sync?.state === 'done');

    const pagesAsked = listRequests(env.strava)
      .slice(requestsBefore)
      .map((request) => request.query.page);
    expect(pagesAsked).toEqual(['2', '3']);
    expect(status.sync).toMatchObject({ pages: 3, activities: 250, imported: 100 });
    expect(status.activityCount).toBe(250);
  });
});

describe("a dead server's lease", () => {
  it('runs out by the injected clock, the same one that wrote it', async () => {
    // Its own server: the sync worker's clock runs ahead of the database's when the test moves it.
    const clock = shiftedClock();
    const own = await startStravaTestServer({ simulator: { activities: 5 }, clock });
    try {
      const runner = await connectedRunner(own.server, own.strava, 5);
      const leaseUntil = new Date(clock.now() + 10 * 60_000);
      await own.server.database.db
        .updateTable('stravaSyncJobs')
        .set({ state: 'running', finishedAt: null, leaseOwner: 'a-server-that-crashed', leaseUntil })
        .where('userId', '=', runner.id)
        .execute();
      const joined = await runner.client.post<{ state: string }>('/api/strava/sync', {});
      expect(joined.body).toMatchObject({ state: 'running' });
      expect(await integrationJob(own.server, runner.id)).toMatchObject({ leaseOwner: 'a-server-that-crashed' });

      // Eleven minutes later by the clock (seconds by the database's): the lease is over.
      clock.advance(11 * 60_000);
      expect((await runner.client.post('/api/strava/sync', {})).status).toBe(202);
      const status = await waitForSync(runner.client, 30_000, (s) => s.sync?.state === 'done');
      expect(status.sync?.state).toBe('done');
      const job = await integrationJob(own.server, runner.id);
      expect(job?.leaseOwner).toBeNull();
      expect(job?.finishedAt?.getTime()).toBeGreaterThanOrEqual(leaseUntil.getTime());
    } finally {
      await own.server.stop();
      await own.strava.stop();
    }
  });
});

describe('an opened Strava activity', () => {
  it('is not "changed" for the next sync: its details and streams stay cached', async () => {
    const runner = await connectedRunner(env.server, env.strava, 4);
    const [first] = (await runner.client.get<ActivityPage>('/api/activities?source=strava')).body.items;
    const detail = await runner.client.get<{ calories: number | null; splitsMetric: unknown[] }>(
      `/api/activities/${first?.id ?? ''}`,
    );
    expect((await runner.client.get(`/api/activities/${first?.id ?? ''}/track`)).status).toBe(200);
    const detailRequests = () => loggedRequests(env.strava, `/activities/${first?.stravaId ?? ''}`).length;
    const fetched = detailRequests();
    expect(fetched).toBe(2);

    const status = await syncAndWait(runner.client, { full: true });

    expect(status.sync).toMatchObject({ state: 'done', activities: 4, imported: 0 });
    const again = await runner.client.get<{ calories: number | null; splitsMetric: unknown[] }>(
      `/api/activities/${first?.id ?? ''}`,
    );
    expect((await runner.client.get(`/api/activities/${first?.id ?? ''}/track`)).status).toBe(200);
    expect(detailRequests()).toBe(fetched);
    expect(again.body.calories).toBe(detail.body.calories);
    expect(again.body.splitsMetric).toEqual(detail.body.splitsMetric);
  });
});

describe('reconnecting with another Strava athlete', () => {
  it("syncs that athlete's whole history, not a catch-up from the first athlete's newest run", async () => {
    const runner = await connectedRunner(env.server, env.strava, 3);
    // The connection ended without a disconnect (Strava refused the token), so the first athlete's runs stayed.
    await updateIntegrationRow(env.server, runner.id, { isActive: false, disconnectedAt: new Date() });
    env.strava.addAthlete({ activities: 5, signIn: true });

    const reconnected = await connectStrava(runner.client);

    expect(reconnected.body.sync?.kind).toBe('full');
    const status = await waitForSync(runner.client, 60_000, (s) => s.sync?.state === 'done');
    expect(status.activityCount).toBe(8);
  });
});

describe('medals earned by Strava activities', () => {
  it('say so, so that share cards leave the activity out (Strava data is only for its athlete)', async () => {
    const medals = (await user.client.get<TrophyCase>('/api/medals')).body.medals;
    const earnedByActivity = medals.filter((medal) => medal.earned && medal.activityId !== null);
    expect(earnedByActivity.length).toBeGreaterThan(0);
    const stravaIds = new Set((await list('&source=strava')).items.map((activity) => activity.id));
    for (const medal of earnedByActivity) {
      expect(medal.activityFromStrava).toBe(stravaIds.has(medal.activityId ?? ''));
    }
    expect(earnedByActivity.some((medal) => medal.activityFromStrava)).toBe(true);
  });
});
