/**
 * Account → Public profile over HTTP, on a fixed clock: the profile on or off (off answers exactly
 * as a name no runner has), the location shown or not, privacy zones validated and capped, and the
 * maps of the recent uploaded activities clipped so that no point within a zone, or near a track's
 * start or end, leaves the server.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  garminConnectGpx,
  METRES_PER_DEGREE_LAT,
  straightRun,
} from '../../core/activity/activity-file-builders.test-support.ts';
import { haversineDistance } from '../../core/activity/track-distance.ts';
import type { PublicProfile } from '../../core/profile.ts';
import {
  PRIVACY_MESSAGES,
  TRACK_END_HIDDEN_RADIUS,
  type PrivacyZone,
  type ProfilePrivacy,
  type ShareTrack,
} from '../../core/profile-privacy.ts';
import * as publicProfileOffByDefault from '../db/migrations/0041-public-profile-off-by-default.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { fixedClock } from '../test-support/clock.ts';
import { expectApiError, makeProfilePublic, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/London';
/** Tuesday 24 November 2026, 11:00 in London. */
const NOW = Date.UTC(2026, 10, 24, 11, 0, 0);
const DAY = 86_400_000;
const HOME = { lat: 51.5, lon: -0.12 };
const invalidField = (field: string, message: string) => ({
  type: 'validation_error' as const,
  message: `${field}: ${message}`,
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock: fixedClock(NOW) });
});

afterAll(async () => {
  await server.stop();
});

let named = 0;
/** A runner with a known username. */
async function runnerCalled(prefix: string): Promise<RegisteredUser & { username: string }> {
  named += 1;
  const runner = await registerUser(server, { name: 'Paula Radcliffe' });
  const username = `${prefix}-${named}-${Math.random().toString(36).slice(2, 8)}`;
  const patched = await runner.client.patch('/api/profile', { username, location: 'Bedford' });
  expect(patched.status).toBe(200);
  return { ...runner, username };
}

/** A 3.6 km run due north from HOME, `daysAgo` days before NOW. */
async function uploadRunFromHome(runner: RegisteredUser, name: string, daysAgo: number): Promise<string> {
  const points = straightRun({
    points: 601,
    interval: 2,
    speed: 3,
    start: NOW - daysAgo * DAY,
    startLat: HOME.lat,
    startLon: HOME.lon,
  });
  const result = await uploadFiles(
    server,
    runner.client,
    [{ name: `${name}.gpx`, content: garminConnectGpx(points, name) }],
    ZONE,
  );
  const activityId = finalFileEvents(result.events)[0]?.activityId;
  expect(activityId).toEqual(expect.any(String));
  return activityId as string;
}

const visitor = () => createApiClient(server.url);

describe('GET /api/profile/privacy', () => {
  it('starts off, with the location shown once it is on: nobody can find a new account', async () => {
    const runner = await runnerCalled('new');

    const response = await runner.client.get<ProfilePrivacy>('/api/profile/privacy');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ publicProfile: false, showLocation: true });
    expectApiError(await visitor().get(`/api/public/profiles/${runner.username}`), 404, {
      type: 'api_error',
      message: `No runner is called @${runner.username}.`,
    });
    await makeProfilePublic(runner.client);
    expect((await visitor().get<PublicProfile>(`/api/public/profiles/${runner.username}`)).body.location).toBe(
      'Bedford',
    );
  });

  it('accounts made before the profile started off keep their choice across the migration', async () => {
    const shared = await runnerCalled('shared');
    await makeProfilePublic(shared.client);
    const hidden = await runnerCalled('hidden-before');
    // Migrations see the database as untyped snake_case tables, as the migrator hands it to them.
    const db = server.database.db.withoutPlugins() as unknown as Kysely<unknown>;
    // The database as it was before: every new profile on.
    await publicProfileOffByDefault.down(db);
    const columnDefault = async () => {
      const { rows } = await sql<{ columnDefault: string }>`select column_default as "columnDefault"
        from information_schema.columns where table_name = 'profiles' and column_name = 'public_profile'`.execute(db);
      return rows[0]?.columnDefault;
    };
    expect(await columnDefault()).toBe('true');

    await publicProfileOffByDefault.up(db);

    expect(await columnDefault()).toBe('false');
    expect((await shared.client.get<ProfilePrivacy>('/api/profile/privacy')).body.publicProfile).toBe(true);
    expect((await hidden.client.get<ProfilePrivacy>('/api/profile/privacy')).body.publicProfile).toBe(false);
    expect((await visitor().get(`/api/public/profiles/${shared.username}`)).status).toBe(200);
  });

  it('answers 401 to a visitor', async () => {
    expect((await visitor().get('/api/profile/privacy')).status).toBe(401);
  });
});

describe('PATCH /api/profile/privacy', () => {
  it('turned off, the profile answers byte for byte as an unknown name does', async () => {
    const runner = await runnerCalled('hidden');
    await makeProfilePublic(runner.client);
    const unknown = `${runner.username.slice(0, -1)}${runner.username.endsWith('z') ? 'y' : 'z'}`;

    const patched = await runner.client.patch<ProfilePrivacy>('/api/profile/privacy', { publicProfile: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ publicProfile: false, showLocation: true });

    for (const asked of [runner.username, runner.username.toUpperCase()]) {
      const hidden = await visitor().get(`/api/public/profiles/${asked}`);
      const none = await visitor().get(`/api/public/profiles/${unknown}`);
      expectApiError(hidden, 404, { type: 'api_error', message: `No runner is called @${asked}.` });
      expect(hidden.status).toBe(none.status);
      expect(hidden.text.replace(asked, 'NAME')).toBe(none.text.replace(unknown, 'NAME'));
      const headers = (response: typeof hidden) =>
        [...response.headers.entries()].filter(([name]) => !['date', 'x-request-id'].includes(name));
      expect(headers(hidden)).toEqual(headers(none));
    }
    // The owner, signed in, gets the same answer: nothing tells the profile apart from none.
    expectApiError(await runner.client.get(`/api/public/profiles/${runner.username}`), 404, {
      type: 'api_error',
      message: `No runner is called @${runner.username}.`,
    });

    await runner.client.patch('/api/profile/privacy', { publicProfile: true });
    expect((await visitor().get(`/api/public/profiles/${runner.username}`)).status).toBe(200);
  });

  it('with the location hidden, the profile leaves it out', async () => {
    const runner = await runnerCalled('nowhere');
    await makeProfilePublic(runner.client);
    expect((await visitor().get<PublicProfile>(`/api/public/profiles/${runner.username}`)).body.location).toBe(
      'Bedford',
    );

    await runner.client.patch('/api/profile/privacy', { showLocation: false });

    const response = await visitor().get<PublicProfile>(`/api/public/profiles/${runner.username}`);
    expect(response.status).toBe(200);
    expect(response.body.location).toBe('');
    expect(response.text).not.toContain('Bedford');
    expect((await runner.client.get<{ location: string }>('/api/profile')).body.location).toBe('Bedford');
  });

  it('refuses anything but the two switches', async () => {
    const runner = await registerUser(server);
    await makeProfilePublic(runner.client);

    const response = await runner.client.patch('/api/profile/privacy', { publicProfile: 'no' });

    expect(response.status).toBe(400);
    expect((await runner.client.get<ProfilePrivacy>('/api/profile/privacy')).body.publicProfile).toBe(true);
  });
});

describe('POST /api/profile/privacy-zones', () => {
  it('adds zones of 200 to 1,000 m and lists them oldest first', async () => {
    const runner = await registerUser(server);

    const home = await runner.client.post<PrivacyZone>('/api/profile/privacy-zones', {
      label: 'Home',
      ...HOME,
      radius: 200,
    });
    const work = await runner.client.post<PrivacyZone>('/api/profile/privacy-zones', {
      label: ' Work ',
      lat: 51.52,
      lon: -0.1,
      radius: 1000,
    });

    expect(home.status).toBe(201);
    expect(work.status).toBe(201);
    const listed = await runner.client.get<PrivacyZone[]>('/api/profile/privacy-zones');
    expect(listed.body).toEqual([
      { id: home.body.id, label: 'Home', ...HOME, radius: 200 },
      { id: work.body.id, label: 'Work', lat: 51.52, lon: -0.1, radius: 1000 },
    ]);
    // Another runner sees none of them, and cannot remove them.
    const other = await registerUser(server);
    expect((await other.client.get<PrivacyZone[]>('/api/profile/privacy-zones')).body).toEqual([]);
    expectApiError(await other.client.delete(`/api/profile/privacy-zones/${home.body.id}`), 404, {
      type: 'api_error',
      message: PRIVACY_MESSAGES.notFound,
    });
    expect((await runner.client.get<PrivacyZone[]>('/api/profile/privacy-zones')).body).toHaveLength(2);
  });

  it('refuses a radius outside 200–1,000 m, or a position off the globe, and stores nothing', async () => {
    const runner = await registerUser(server);

    for (const radius of [199, 1001]) {
      expectApiError(
        await runner.client.post('/api/profile/privacy-zones', { label: 'Home', ...HOME, radius }),
        400,
        invalidField('radius', "A privacy zone's radius must be between 200 and 1,000 m."),
      );
    }
    expectApiError(
      await runner.client.post('/api/profile/privacy-zones', { label: 'Home', lat: 95, lon: 0, radius: 300 }),
      400,
      invalidField('lat', 'Latitude must be between -90 and 90.'),
    );
    expectApiError(
      await runner.client.post('/api/profile/privacy-zones', { label: '', ...HOME, radius: 300 }),
      400,
      invalidField('label', 'Give the place a name, such as Home or Work.'),
    );
    expect((await runner.client.get<PrivacyZone[]>('/api/profile/privacy-zones')).body).toEqual([]);
  });

  it('refuses a sixth zone with a sentence, even when asked for at once', async () => {
    const runner = await registerUser(server);
    const zone = (i: number) => ({ label: `Place ${i}`, lat: 51 + i / 100, lon: 0, radius: 300 });

    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6].map((i) => runner.client.post('/api/profile/privacy-zones', zone(i))),
    );

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expectApiError(answer, 409, {
        type: 'validation_error',
        message: 'You can mark at most 5 privacy zones. Remove one to add another.',
        code: 'privacy-zone-limit',
      });
    }
    const zones = (await runner.client.get<PrivacyZone[]>('/api/profile/privacy-zones')).body;
    expect(zones).toHaveLength(5);

    const removed = await runner.client.delete(`/api/profile/privacy-zones/${zones[0]?.id}`);
    expect(removed.status).toBe(200);
    expect((await runner.client.post('/api/profile/privacy-zones', zone(9))).status).toBe(201);
  });
});

describe('GET /api/public/profiles/{username} with uploaded activities', () => {
  it('shows totals and the recent uploads, with no point within a zone or near a start or end', async () => {
    const runner = await runnerCalled('zoned');
    await makeProfilePublic(runner.client);
    await uploadRunFromHome(runner, 'Thames towpath', 2);
    await uploadRunFromHome(runner, 'Hill reps', 1);
    const zone = { label: 'Home', ...HOME, radius: 600 };
    expect((await runner.client.post('/api/profile/privacy-zones', zone)).status).toBe(201);

    const response = await visitor().get<PublicProfile>(`/api/public/profiles/${runner.username}`);

    expect(response.status).toBe(200);
    const profile = response.body;
    expect(profile.uploadedActivities).toBe(2);
    expect(profile.totals.activities).toBe(2);
    expect(profile.totals.distance).toBeCloseTo(2 * 3600, -1);
    expect(profile.totals.movingTime).toBe(2 * 1200);
    expect(profile.recentActivities.map((activity) => activity.name)).toEqual(['Hill reps', 'Thames towpath']);
    const end = { lat: HOME.lat + 3600 / METRES_PER_DEGREE_LAT, lon: HOME.lon };
    for (const activity of profile.recentActivities) {
      const points = activity.lines.flat();
      expect(points.length).toBeGreaterThan(100);
      const from = (centre: { lat: number; lon: number }) =>
        Math.min(...points.map(([lat, lon]) => haversineDistance(lat, lon, centre.lat, centre.lon)));
      expect(from(HOME)).toBeGreaterThan(zone.radius);
      expect(from(end)).toBeGreaterThan(TRACK_END_HIDDEN_RADIUS);
      // The shown line is the run between the zone and the end: 600 m to 3,400 m north.
      expect(from(HOME)).toBeLessThan(zone.radius + 30);
      expect(from(end)).toBeLessThan(TRACK_END_HIDDEN_RADIUS + 30);
    }
  });
});

describe('GET /api/activities/{id}/share-track', () => {
  it('gives the share card the route with no point within a zone or near the start or end', async () => {
    const runner = await registerUser(server);
    const id = await uploadRunFromHome(runner, 'Share me', 1);
    const zone = { label: 'Home', lat: HOME.lat + 1800 / METRES_PER_DEGREE_LAT, lon: HOME.lon, radius: 300 };
    expect((await runner.client.post('/api/profile/privacy-zones', zone)).status).toBe(201);

    const response = await runner.client.get<ShareTrack>(`/api/activities/${id}/share-track`);

    expect(response.status).toBe(200);
    // The zone in the middle of the run cuts it in two.
    expect(response.body.lines).toHaveLength(2);
    const points = response.body.lines.flat();
    expect(points.length).toBeGreaterThan(100);
    const from = (centre: { lat: number; lon: number }) =>
      Math.min(...points.map(([lat, lon]) => haversineDistance(lat, lon, centre.lat, centre.lon)));
    const end = { lat: HOME.lat + 3600 / METRES_PER_DEGREE_LAT, lon: HOME.lon };
    expect(from(zone)).toBeGreaterThan(zone.radius);
    expect(from(HOME)).toBeGreaterThan(TRACK_END_HIDDEN_RADIUS);
    expect(from(end)).toBeGreaterThan(TRACK_END_HIDDEN_RADIUS);
    expect(from(zone)).toBeLessThan(zone.radius + 30);
  });

  it('answers 404 for another runner’s activity and 401 to a visitor', async () => {
    const owner = await registerUser(server);
    const id = await uploadRunFromHome(owner, 'Mine', 1);
    const other = await registerUser(server);
    expect((await other.client.get(`/api/activities/${id}/share-track`)).status).toBe(404);
    expect((await visitor().get(`/api/activities/${id}/share-track`)).status).toBe(401);
  });
});
