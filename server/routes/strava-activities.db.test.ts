/**
 * Strava activities once synced, over HTTP against the simulator: details and streams
 * fetched when an activity is opened and cached 24 h, one merged list where the same run uploaded
 * and synced appears once, and Strava data shown to nobody but its athlete.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityDetail, ActivityPage, DisplayTrack } from '../../core/activity/schemas.ts';
import type { PublicProfile } from '../../core/profile.ts';
import type { ActivityBestEfforts } from '../../core/running/best-efforts-api.ts';
import { STRAVA_MESSAGES } from '../../core/strava/messages.ts';
import type { SimActivity } from '../../tools/strava-simulator/generate-activities.ts';
import type { StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { expectApiError, makeProfilePublic, type RegisteredUser, registerUser } from '../test-support/factories.ts';
import {
  connectStrava,
  connectedRunner,
  loggedRequests,
  recordingClock,
  startStravaTestServer,
  syncAndWait,
  waitForSync,
  type ConnectedRunner,
} from '../test-support/strava.ts';
import type { TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const FIXTURE = 'running-with-developer-data.fit';
const HOUR_MS = 60 * 60 * 1000;

/** 1/1000 of each wait: a 15-minute rate-limit window passes in under a second. */
const clock = recordingClock(0.001);
let server: TestServer;
let strava: StravaSimulator;
/** Authorizations of the tests' own reads from Strava: not the server's requests, not in its limiter. */
const readByTests = new Set<string>();

beforeAll(async () => {
  ({ server, strava } = await startStravaTestServer({
    simulator: { enforceRateLimits: false },
    // Strava failures are retried 2 s, 4 s, 8 s apart: recorded, not sat through.
    clock,
  }));
});

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
});

async function stravaRow(userId: string, stravaId: number | string) {
  return server.database.db
    .selectFrom('activities')
    .selectAll()
    .where('userId', '=', userId)
    .where('stravaId', '=', String(stravaId))
    .executeTakeFirstOrThrow();
}

async function listAll(user: RegisteredUser, query = ''): Promise<ActivityPage> {
  const response = await user.client.get<ActivityPage>(`/api/activities?limit=200${query}`);
  expect(response.status).toBe(200);
  return response.body;
}

describe('opening a Strava activity', () => {
  let runner: ConnectedRunner;
  let opened: SimActivity;
  let openedId: string;

  beforeAll(async () => {
    runner = await connectedRunner(server, strava, 6);
    const outdoor = [...strava.state.activities.values()].filter(
      (activity) => activity.athleteId === runner.athlete.id && !activity.manual && !activity.trainer,
    );
    expect(outdoor.length).toBeGreaterThanOrEqual(2);
    opened = outdoor[0] as SimActivity;
    openedId = (await stravaRow(runner.id, opened.id)).id;
  });

  const detailRequests = (id: number) =>
    loggedRequests(strava, `/api/v3/activities/${id}`).filter((r) => !r.path.endsWith('/streams'));
  const streamRequests = (id: number) => loggedRequests(strava, `/api/v3/activities/${id}/streams`);

  it("fetches the activity's details from Strava", async () => {
    expect(detailRequests(opened.id)).toHaveLength(0);

    const detail = await runner.client.get<ActivityDetail>(`/api/activities/${openedId}`);

    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: openedId,
      source: 'strava',
      stravaId: String(opened.id),
      description: opened.description,
      deviceName: opened.deviceName,
      hasTrack: true,
      stravaError: null,
    });
    expect(detail.body.splitsMetric.length).toBeGreaterThan(0);
    expect(detail.body.calories).toBeGreaterThan(0);
    expect(detailRequests(opened.id).map((request) => request.status)).toEqual([200]);
  });

  it('fetches its streams with the altitude, distance and time keys, keyed by type', async () => {
    const track = await runner.client.get<DisplayTrack>(`/api/activities/${openedId}/track`);

    expect(track.status).toBe(200);
    expect(track.body.pointCount).toBeGreaterThan(10);
    expect(track.body.lat.length).toBe(track.body.lon.length);
    expect(track.body.elevation.some((value) => value !== null)).toBe(true);
    expect(track.body.distance.at(-1)).toBeGreaterThan(opened.distance * 0.9);
    const requests = streamRequests(opened.id);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.query.key_by_type).toBe('true');
    expect(requests[0]?.query.keys?.split(',')).toEqual(expect.arrayContaining(['altitude', 'distance', 'time']));
  });

  it("ranks a run by Strava's own best efforts once its detail is fetched, and its heart rate by its streams", async () => {
    const run = [...strava.state.activities.values()].find(
      (activity) =>
        activity.athleteId === runner.athlete.id &&
        activity.sportType === 'Run' &&
        !activity.manual &&
        !activity.trainer &&
        activity.hasHeartrate &&
        activity.distance > 1700,
    );
    expect(run).toBeDefined();
    const id = (await stravaRow(runner.id, run!.id)).id;
    expect((await runner.client.get(`/api/activities/${id}`)).status).toBe(200);

    const stored = (await stravaRow(runner.id, run!.id)).stravaDetail as {
      bestEfforts: { name: string; movingTime: number }[];
    };
    const stravaMile = stored.bestEfforts.find((effort) => effort.name === '1 mile');
    expect(stravaMile?.movingTime).toBeGreaterThan(0);
    const efforts = await runner.client.get<ActivityBestEfforts>(`/api/activities/${id}/best-efforts`);
    expect(efforts.body.status).toBe('ranked');
    expect(efforts.body.efforts.find((effort) => effort.distanceId === '1mi')?.seconds).toBe(stravaMile?.movingTime);
    const sources = await server.database.db
      .selectFrom('bestEfforts')
      .select('source')
      .distinct()
      .where('activityId', '=', id)
      .execute();
    expect(sources).toEqual([{ source: 'strava' }]);

    // The detail alone has no heart-rate samples; the streams, once fetched, give the zones theirs.
    expect((await runner.client.get(`/api/activities/${id}/track`)).status).toBe(200);
    await runner.client.get(`/api/activities/${id}/best-efforts`);
    const histogram = (await stravaRow(runner.id, run!.id)).heartRateSecondsAtMost;
    expect(histogram?.at(-1)).toBeGreaterThan(run!.movingTime * 0.5);
  });

  it('asks Strava nothing more when it is opened again within 24 hours', async () => {
    const detail = await runner.client.get<ActivityDetail>(`/api/activities/${openedId}`);
    const track = await runner.client.get<DisplayTrack>(`/api/activities/${openedId}/track`);
    const gpx = await runner.client.get(`/api/activities/${openedId}/export.gpx`);

    expect([detail.status, track.status, gpx.status]).toEqual([200, 200, 200]);
    expect(gpx.text).toContain('<trkpt');
    expect(detailRequests(opened.id)).toHaveLength(1);
    expect(streamRequests(opened.id)).toHaveLength(1);
  });

  /** Makes the stored detail and streams `ageMs` old. */
  const ageCachedCopy = async (activityId: string, ageMs: number) => {
    const cachedAt = new Date(Date.now() - ageMs);
    await server.database.db
      .updateTable('activities')
      .set({ detailCachedAt: cachedAt, streamsCachedAt: cachedAt })
      .where('id', '=', activityId)
      .execute();
  };

  it('asks again once the cached copy is over 24 hours old', async () => {
    await ageCachedCopy(openedId, 25 * HOUR_MS);

    await runner.client.get<ActivityDetail>(`/api/activities/${openedId}`);
    await runner.client.get<DisplayTrack>(`/api/activities/${openedId}/track`);

    expect(detailRequests(opened.id)).toHaveLength(2);
    expect(streamRequests(opened.id)).toHaveLength(2);
  });

  it('serves the old cached copy when Strava fails', async () => {
    await ageCachedCopy(openedId, 25 * HOUR_MS);
    strava.setFault('serverError', { count: 100, status: 500, match: `/activities/${opened.id}` });
    try {
      const detail = await runner.client.get<ActivityDetail>(`/api/activities/${openedId}`);
      const track = await runner.client.get<DisplayTrack>(`/api/activities/${openedId}/track`);

      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({ stravaError: null, description: opened.description });
      expect(track.status).toBe(200);
      expect(track.body.pointCount).toBeGreaterThan(10);
    } finally {
      strava.clearFaults();
    }
  });

  it("says so when Strava fails and nothing is cached: the spec's detail and streams messages", async () => {
    const other = [...strava.state.activities.values()].filter(
      (activity) => activity.athleteId === runner.athlete.id && activity.id !== opened.id,
    )[0] as SimActivity;
    const otherId = (await stravaRow(runner.id, other.id)).id;
    strava.setFault('serverError', { count: 100, status: 500, match: `/activities/${other.id}` });
    try {
      const detail = await runner.client.get<ActivityDetail>(`/api/activities/${otherId}`);
      const track = await runner.client.get(`/api/activities/${otherId}/track`);

      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        id: otherId,
        name: other.name,
        stravaError: 'Unable to fetch detailed activity data',
      });
      expect(STRAVA_MESSAGES.detailUnavailable).toBe('Unable to fetch detailed activity data');
      expectApiError(track, 502, { type: 'api_error', message: 'No streams data received from Strava API' });
      // Each was tried once and retried three times.
      expect(loggedRequests(strava, `/api/v3/activities/${other.id}`).map((request) => request.status)).toEqual(
        Array.from({ length: 8 }, () => 500),
      );
    } finally {
      strava.clearFaults();
    }
  });
});

describe("a Strava activity's own fields", () => {
  it("carries Strava's kudos, flags, place, effort, segment efforts and lap power in its owner's detail only", async () => {
    const runner = await connectedRunner(server, strava, 1);
    // A raced 10 km commute, private, recorded with a running power meter (an even shape seed).
    const added = strava.addActivity(runner.athlete.id, {
      sportType: 'Run',
      distance: 10_000,
      movingTime: 2700,
      elapsedTime: 2760,
      shapeSeed: 42,
      kudosCount: 7,
      commentCount: 2,
      commute: true,
      private: true,
      workoutType: 1,
    });
    await syncAndWait(runner.client);
    const id = (await stravaRow(runner.id, added.id)).id;
    const listed = (await listAll(runner)).items.find((item) => item.id === id);
    expect(listed).not.toHaveProperty('strava');

    const detail = await runner.client.get<ActivityDetail>(`/api/activities/${id}`);

    // What Strava itself answers for it (DetailedActivity), read with a token of the same athlete.
    const token = strava.issueTokens(runner.athlete.id).access_token;
    readByTests.add(`Bearer ${token}`);
    const served = (await (
      await fetch(`${strava.url}/api/v3/activities/${added.id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Record<string, unknown> & {
      segment_efforts: {
        id: number;
        name: string;
        elapsed_time: number;
        pr_rank: number | null;
        start_date_local: string;
      }[];
      laps: { id: number; average_watts: number | null; start_date_local: string }[];
    };
    expect(detail.status).toBe(200);
    expect(served.segment_efforts.length).toBeGreaterThanOrEqual(2);
    expect(detail.body.strava).toEqual({
      kudosCount: 7,
      hasKudoed: false,
      commentCount: 2,
      photoCount: served.total_photo_count,
      achievementCount: served.achievement_count,
      trainer: false,
      commute: true,
      private: true,
      kilojoules: null,
      workoutType: 'Race',
      location: [served.location_city, served.location_state, served.location_country].join(', '),
      sufferScore: served.suffer_score ?? null,
      prCount: served.segment_efforts.filter((effort) => effort.pr_rank === 1).length,
      segmentEfforts: served.segment_efforts.map((effort) => ({
        id: String(effort.id),
        name: effort.name,
        elapsedTime: effort.elapsed_time,
        movingTime: effort.elapsed_time,
        distance: 800,
        prRank: effort.pr_rank,
        startDateLocal: effort.start_date_local,
      })),
    });
    expect(detail.body.laps.map((lap) => [lap.id, lap.averageWatts])).toEqual(
      served.laps.map((lap) => [String(lap.id), lap.average_watts]),
    );
    expect(detail.body.laps.every((lap) => typeof lap.averageWatts === 'number' && lap.averageWatts > 0)).toBe(true);
    expect(detail.body.laps.map((lap) => lap.startDateLocal)).toEqual(served.laps.map((lap) => lap.start_date_local));

    const other = await registerUser(server);
    const seen = await other.client.get(`/api/activities/${id}`);
    expectApiError(seen, 404, { type: 'api_error', message: 'Activity not found.' });
  });
});

describe('one merged list: the same run uploaded and synced appears once', () => {
  let fixtureStart: number;
  let fixtureDistance: number;

  async function uploadFixture(user: RegisteredUser): Promise<ActivityDetail> {
    const result = await uploadFiles(server, user.client, [
      { name: FIXTURE, content: readFileSync(path.join(FIXTURES, FIXTURE)) },
    ]);
    const id = finalFileEvents(result.events)[0]?.activityId ?? '';
    expect(id).not.toBe('');
    const detail = await user.client.get<ActivityDetail>(`/api/activities/${id}`);
    expect(detail.status).toBe(200);
    return detail.body;
  }

  beforeAll(async () => {
    const probe = await registerUser(server);
    const uploaded = await uploadFixture(probe);
    fixtureStart = Date.parse(uploaded.startDate);
    fixtureDistance = uploaded.distance;
    expect(fixtureDistance).toBeGreaterThan(1000);
  });

  it('hides the Strava copy behind an upload made first, and brings it back when the upload is deleted', async () => {
    const user = await registerUser(server);
    const upload = await uploadFixture(user);
    const athlete = strava.addAthlete({ activities: 10, signIn: true });
    const copy = strava.addActivity(athlete.id, {
      name: 'Strava copy of the watch run',
      startMs: fixtureStart + 30_000,
      distance: fixtureDistance * 1.03,
    });
    // Near misses stay separate runs: 2 minutes later, or 10 % longer.
    const later = strava.addActivity(athlete.id, { startMs: fixtureStart + 120_000, distance: fixtureDistance });
    const longer = strava.addActivity(athlete.id, { startMs: fixtureStart + 10_000, distance: fixtureDistance * 1.1 });
    expect((await connectStrava(user.client)).status).toBe(200);
    expect((await waitForSync(user.client)).sync).toMatchObject({ state: 'done', activities: 13 });

    const merged = await listAll(user);
    expect(merged.total).toBe(13);
    expect(merged.items.filter((item) => item.id === upload.id)).toHaveLength(1);
    const listedStravaIds = merged.items.map((item) => item.stravaId);
    expect(listedStravaIds).not.toContain(String(copy.id));
    expect(listedStravaIds).toEqual(expect.arrayContaining([String(later.id), String(longer.id)]));
    const stravaOnly = await listAll(user, '&source=strava');
    expect(stravaOnly.total).toBe(12);
    expect(stravaOnly.items.map((item) => item.stravaId)).not.toContain(String(copy.id));
    expect((await stravaRow(user.id, copy.id)).duplicateOf).toBe(upload.id);

    expect((await user.client.delete(`/api/activities/${upload.id}`)).status).toBe(200);

    const afterDelete = await listAll(user);
    expect(afterDelete.total).toBe(13);
    expect(afterDelete.items.map((item) => item.stravaId)).toContain(String(copy.id));
    expect((await listAll(user, '&source=strava')).total).toBe(13);
  });

  it('pairs one to one: an upload hides one Strava copy, not two runs that both match it', async () => {
    const user = await registerUser(server);
    const upload = await uploadFixture(user);
    const athlete = strava.addAthlete({ activities: 0, signIn: true });
    const closer = strava.addActivity(athlete.id, { startMs: fixtureStart + 5_000, distance: fixtureDistance });
    const farther = strava.addActivity(athlete.id, { startMs: fixtureStart + 40_000, distance: fixtureDistance });
    expect((await connectStrava(user.client)).status).toBe(200);
    expect((await waitForSync(user.client)).sync).toMatchObject({ state: 'done', activities: 2 });

    const listed = (await listAll(user)).items.map((item) => item.stravaId ?? item.id);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(expect.arrayContaining([upload.id, String(farther.id)]));
    expect((await stravaRow(user.id, closer.id)).duplicateOf).toBe(upload.id);
  });

  it('hides a synced Strava run behind the same run uploaded later', async () => {
    const user = await registerUser(server);
    const athlete = strava.addAthlete({ activities: 5, signIn: true });
    const copy = strava.addActivity(athlete.id, {
      name: 'Synced before the upload',
      startMs: fixtureStart - 20_000,
      distance: fixtureDistance * 0.97,
    });
    expect((await connectStrava(user.client)).status).toBe(200);
    await waitForSync(user.client);
    expect((await listAll(user)).items.map((item) => item.stravaId)).toContain(String(copy.id));

    const upload = await uploadFixture(user);

    const merged = await listAll(user);
    expect(merged.total).toBe(6);
    expect(merged.items.map((item) => item.stravaId)).not.toContain(String(copy.id));
    expect(merged.items.filter((item) => item.id === upload.id)).toHaveLength(1);
    expect((await listAll(user, '&source=strava')).total).toBe(5);
    expect((await listAll(user, '&source=upload')).items.map((item) => item.id)).toEqual([upload.id]);

    // A later sync neither brings the copy back nor duplicates it.
    const again = await syncAndWait(user.client, { full: true });
    expect(again.sync).toMatchObject({ state: 'done', activities: 6, imported: 0 });
    expect((await listAll(user)).total).toBe(6);
  });
});

describe('Strava data is shown only to its athlete', () => {
  let runner: ConnectedRunner;
  let stravaActivityId: string;

  beforeAll(async () => {
    runner = await connectedRunner(server, strava, 4);
    expect((await runner.client.patch('/api/profile', { username: `strava-${Date.now().toString(36)}` })).status).toBe(
      200,
    );
    stravaActivityId = (await listAll(runner)).items[0]?.id ?? '';
    expect(stravaActivityId).not.toBe('');
  });

  it('keeps Strava activities off the public profile', async () => {
    await makeProfilePublic(runner.client);
    const username = (await runner.client.get<{ username: string }>('/api/profile')).body.username;
    const names = (await listAll(runner)).items.map((item) => item.name);

    const profile = await createApiClient(server.url).get<PublicProfile>(`/api/public/profiles/${username}`);

    expect(profile.status).toBe(200);
    expect(profile.body.uploadedActivities).toBe(0);
    expect(profile.body.totals).toEqual({ activities: 0, distance: 0, movingTime: 0, elevationGain: 0 });
    expect(profile.body.recentActivities).toEqual([]);
    expect(profile.body.medals).toEqual([]);
    for (const name of names) {
      expect(profile.text).not.toContain(name);
    }
    expect(profile.text).not.toContain(String(runner.athlete.id));
  });

  it("answers 404 to another user for the athlete's Strava activity, its track and its GPX", async () => {
    const other = await registerUser(server);
    const before = loggedRequests(strava, '/api/v3/activities/').length;

    const responses = await Promise.all([
      other.client.get(`/api/activities/${stravaActivityId}`),
      other.client.get(`/api/activities/${stravaActivityId}/track`),
      other.client.get(`/api/activities/${stravaActivityId}/export.gpx`),
    ]);

    for (const response of responses) {
      expectApiError(response, 404, { type: 'api_error', message: 'Activity not found.' });
    }
    expect((await listAll(other)).total).toBe(0);
    expect(loggedRequests(strava, '/api/v3/activities/')).toHaveLength(before);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const response = await createApiClient(server.url).get(`/api/activities/${stravaActivityId}`);

    expect(response.status).toBe(401);
  });
});

// Last in the file: once the window is full, every later request of this server waits for it.
describe('a Strava run too short for any best effort', () => {
  it('is stamped once its detail is fetched, and worked out again when its track arrives', async () => {
    const runner = await connectedRunner(server, strava, 0);
    const short = strava.addActivity(runner.athlete.id, {
      sportType: 'Run',
      distance: 300,
      movingTime: 100,
      elapsedTime: 100,
      manual: false,
      trainer: false,
      hasHeartrate: true,
    });
    await syncAndWait(runner.client);
    const { id } = await stravaRow(runner.id, short.id);
    expect((await runner.client.get(`/api/activities/${id}`)).status).toBe(200);
    expect(((await stravaRow(runner.id, short.id)).stravaDetail as { bestEfforts: unknown[] }).bestEfforts).toEqual([]);

    // The detail has no best efforts and there is no track: done, with none, rather than pending.
    const first = await runner.client.get<ActivityBestEfforts>(`/api/activities/${id}/best-efforts`);
    expect(first.body.status).toBe('too-short');
    expect((await stravaRow(runner.id, short.id)).trackFiguresAt).not.toBeNull();

    // Storing the streams clears the stamp; the next read works the track out (its heart rate).
    expect((await runner.client.get(`/api/activities/${id}/track`)).status).toBe(200);
    expect((await stravaRow(runner.id, short.id)).trackFiguresAt).toBeNull();
    const again = await runner.client.get<ActivityBestEfforts>(`/api/activities/${id}/best-efforts`);
    expect(again.body.status).toBe('too-short');
    const done = await stravaRow(runner.id, short.id);
    expect(done.trackFiguresAt).not.toBeNull();
    expect(done.heartRateSecondsAtMost?.at(-1)).toBeGreaterThan(0);
  });
});

describe("the limiter's window", () => {
  it('holds the sync past the 100th request in 15 minutes until the first leaves the window; an opened page does not wait', async () => {
    const runner = await connectedRunner(server, strava, 120);
    // Every request this server's client sent so far (the authorise page is the browser's, and the
    // tests' own reads are theirs).
    const sent = () =>
      strava.state.requests.filter(
        (request) => request.path !== '/oauth/authorize' && !readByTests.has(request.authorization ?? ''),
      ).length;
    expect(sent()).toBeLessThan(100);
    const items = (await runner.client.get<ActivityPage>('/api/activities?limit=120')).body.items;
    const toOpen = items.slice(0, 100 - sent());
    const late = items[toOpen.length];
    expect(clock.waits.filter((ms) => ms > 60_000)).toEqual([]);

    const opened = await Promise.all(
      toOpen.map((item) => runner.client.get<ActivityDetail>(`/api/activities/${item.id}`)),
    );
    expect(opened.every((response) => response.status === 200 && response.body.stravaError === null)).toBe(true);
    expect(sent()).toBe(100);

    // The 101st request would wait ~15 minutes: a page being opened is answered at once instead.
    const waiting = await runner.client.get<ActivityDetail>(`/api/activities/${late?.id ?? ''}`);
    expect(waiting.status).toBe(200);
    expect(waiting.body.stravaError).toBe(STRAVA_MESSAGES.detailUnavailable);
    expect(sent()).toBe(100);

    // The sync has nobody waiting on it: its page waits for the oldest of the hundred to turn 15 minutes old.
    const status = await syncAndWait(runner.client);
    expect(status.sync?.state).toBe('done');
    expect(sent()).toBeGreaterThan(100);
    const windowWaits = clock.waits.filter((ms) => ms > 60_000);
    expect(windowWaits.length).toBeGreaterThan(0);
    expect(Math.max(...windowWaits)).toBeLessThanOrEqual(15 * 60_000);
    expect(Math.min(...windowWaits)).toBeGreaterThan(14 * 60_000);
  });
});
