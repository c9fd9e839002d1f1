/**
 * Physically implausible activities over HTTP: a valid file claiming an impossible distance or
 * speed is imported, flagged with the sentence saying why, bounded in what is derived from it, and
 * left out of the totals, public counts, running days and medals until its runner confirms it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  garminConnectGpx,
  garminTcx,
  gpxDocument,
  straightRun,
} from '../../core/activity/activity-file-builders.test-support.ts';
import { MAX_SPLITS } from '../../core/activity/bounds.ts';
import { FLAG_MESSAGES } from '../../core/activity/plausibility.ts';
import type { ActivityDetail, ActivityPage } from '../../core/activity/schemas.ts';
import type { MedalCheck, RunningDays, TrophyCase } from '../../core/medals/api.ts';
import type { Profile, PublicProfile } from '../../core/profile.ts';
import { createApiClient } from '../test-support/api-client.ts';
import { expectApiError, makeProfilePublic, type RegisteredUser, registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles, type UploadFile } from '../test-support/uploads.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const ZONE = 'Europe/Ljubljana';
const DAY_MS = 86_400_000;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

/** A GPX whose points alternate between (-80, -179) and (80, 179) one second apart (~17,800 km a hop). */
function alternatingPolesGpx(points: number): string {
  const start = Date.now() - 2 * DAY_MS;
  const trkpts = Array.from({ length: points }, (_, i) => {
    const [lat, lon] = i % 2 === 0 ? [-80, -179] : [80, 179];
    return `<trkpt lat="${lat}" lon="${lon}"><ele>10</ele><time>${new Date(start + i * 1000).toISOString()}</time></trkpt>`;
  });
  return gpxDocument(`<trk><name>Pole to pole</name><type>running</type><trkseg>${trkpts.join('')}</trkseg></trk>`);
}

/** 600 s at 3 m/s whose last DistanceMeters reading jumps to `lastDistance`. */
function jumpingDistanceTcx(lastDistance: number): string {
  const points = straightRun({ points: 601, speed: 3, start: Date.now() - 2 * DAY_MS }).map((point, i) =>
    i === 600 ? { ...point, distance: lastDistance } : point,
  );
  return garminTcx([{ points, averageHeartRate: 150, maxHeartRate: 170, calories: 120 }]);
}

/** A plausible 6 km run two days ago: it earns the 5K medal. */
function realRunGpx(): string {
  return garminConnectGpx(straightRun({ points: 2001, speed: 3, start: Date.now() - 3 * DAY_MS }), 'Easy six');
}

async function uploadOne(user: RegisteredUser, file: UploadFile): Promise<ActivityDetail> {
  const result = await uploadFiles(server, user.client, [file], ZONE);
  expect(result.status).toBe(200);
  const [final] = finalFileEvents(result.events);
  expect(final).toMatchObject({ state: 'complete', duplicate: false });
  const detail = await user.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`);
  expect(detail.status).toBe(200);
  return detail.body;
}

const profileOf = async (user: RegisteredUser) => (await user.client.get<Profile>('/api/profile')).body;
const earned = async (user: RegisteredUser) =>
  (await user.client.get<TrophyCase>(`/api/medals?timeZone=${ZONE}`)).body.medals
    .filter((medal) => medal.earned)
    .map((medal) => medal.medalId);
const runningDayCount = async (user: RegisteredUser) =>
  (await user.client.get<RunningDays>(`/api/analytics/running-days?timeZone=${ZONE}`)).body.days.reduce(
    (total, day) => total + day.runs,
    0,
  );

describe('uploading physically implausible files', () => {
  it.each([300, 1000])(
    'an alternating-poles GPX of %i points is imported flagged, with at most MAX_SPLITS splits',
    async (points) => {
      const user = await registerUser(server);
      const activity = await uploadOne(user, { name: `poles-${points}.gpx`, content: alternatingPolesGpx(points) });
      expect(activity.distance).toBeGreaterThan(1e9);
      expect(activity).toMatchObject({
        flagged: true,
        flagReason: FLAG_MESSAGES.distance(activity.distance),
        flagConfirmedAt: null,
      });
      expect(activity.splitsMetric).toHaveLength(MAX_SPLITS);
      expect(activity.splitsStandard).toHaveLength(MAX_SPLITS);
      const track = await user.client.get<{ lat: number[] }>(`/api/activities/${activity.id}/track`);
      expect(track.status).toBe(200);
      expect(track.body.lat).toHaveLength(points);
      expect((await profileOf(user)).statistics.totalActivities).toBe(0);
    },
  );

  it.each([1e10, 4e6])(
    'a TCX whose DistanceMeters jumps to %d m (over 1,000 km) loses that reading: the run is its other 1,800 m, not flagged',
    async (lastDistance) => {
      const user = await registerUser(server);
      const activity = await uploadOne(user, { name: 'jump.tcx', content: jumpingDistanceTcx(lastDistance) });
      expect(activity.distance).toBeCloseTo(600 * 3, 3);
      expect(activity.flagged).toBe(false);
      expect(activity.splitsMetric).toHaveLength(2);
    },
  );

  it('a TCX whose DistanceMeters jumps to 1,000 km, the most, is imported flagged, with MAX_SPLITS splits', async () => {
    const user = await registerUser(server);
    const activity = await uploadOne(user, { name: 'jump.tcx', content: jumpingDistanceTcx(1e6) });
    expect(activity.distance).toBe(1e6);
    expect(activity.flagged).toBe(true);
    expect(activity.flagReason).toBe(
      "This activity's distance (1,000 km, 621 mi) is farther than anyone covers on foot in one go. It is left out of your totals and medals until you confirm it.",
    );
    expect(activity.splitsMetric).toHaveLength(MAX_SPLITS);
    expect(activity.splitsMetric[0]?.distance).toBeCloseTo(1000, 3);
    expect(activity.splitsStandard).toHaveLength(622);
  });

  it("every real recording among the fixtures is not flagged; the GPX library's made-up example is", async () => {
    // gpx1.1_with_all_fields.gpx fills every GPX field with sample values: points 467 km apart and no
    // times, a "run" farther than anyone covers on foot in one go.
    const madeUp = 'gpx1.1_with_all_fields.gpx';
    const user = await registerUser(server);
    const names = readdirSync(FIXTURES).filter((name) => /\.(gpx|fit|tcx)$/i.test(name));
    let imported = 0;
    for (let batch = 0; batch < names.length; batch += 10) {
      const files = names.slice(batch, batch + 10).map((name) => ({
        name,
        content: readFileSync(path.join(FIXTURES, name)),
      }));
      const result = await uploadFiles(server, user.client, files, ZONE);
      expect(result.status).toBe(200);
      for (const event of finalFileEvents(result.events)) {
        if (event.state !== 'complete') {
          continue;
        }
        imported += 1;
        const detail = await user.client.get<ActivityDetail>(`/api/activities/${event.activityId}`);
        const made = event.name === madeUp;
        expect({ name: event.name, flagged: detail.body.flagged, reason: detail.body.flagReason }).toEqual({
          name: event.name,
          flagged: made,
          reason: made ? FLAG_MESSAGES.footDistance(detail.body.distance) : null,
        });
      }
    }
    expect(imported).toBeGreaterThanOrEqual(12);
  });
});

describe('POST /api/activities/{id}/confirm', () => {
  let owner: RegisteredUser;
  let other: RegisteredUser;
  let flagged: ActivityDetail;

  beforeAll(async () => {
    owner = await registerUser(server);
    other = await registerUser(server);
    await makeProfilePublic(owner.client);
    const username = `poles-${Date.now().toString(36)}`;
    expect((await owner.client.patch<Profile>('/api/profile', { username })).status).toBe(200);
    flagged = await uploadOne(owner, { name: 'poles.gpx', content: alternatingPolesGpx(300) });
  });

  it('before confirming, the flagged activity counts nowhere', async () => {
    const check = await owner.client.post<MedalCheck>('/api/medals/check', { timeZone: ZONE });
    expect(check.status).toBe(200);
    expect(check.body.awarded).toEqual([]);
    expect(await earned(owner)).toEqual([]);
    expect((await profileOf(owner)).statistics).toMatchObject({ totalActivities: 0, totalDistance: 0 });
    expect(await runningDayCount(owner)).toBe(0);
    const username = (await profileOf(owner)).username;
    const publicProfile = await createApiClient(server.url).get<PublicProfile>(`/api/public/profiles/${username}`);
    expect(publicProfile.body.uploadedActivities).toBe(0);
    // It is listed, marked.
    const list = await owner.client.get<ActivityPage>('/api/activities');
    expect(list.body.items.map((item) => [item.id, item.flagged])).toEqual([[flagged.id, true]]);
  });

  it('another runner cannot confirm it: 404', async () => {
    const response = await other.client.post(`/api/activities/${flagged.id}/confirm`, { timeZone: ZONE });
    expectApiError(response, 404, { type: 'api_error', message: NOT_FOUND_MESSAGES.activity });
    expect((await owner.client.get<ActivityDetail>(`/api/activities/${flagged.id}`)).body.flagConfirmedAt).toBeNull();
  });

  it('an unknown id is 404', async () => {
    const response = await owner.client.post('/api/activities/no-such-activity/confirm', { timeZone: ZONE });
    expectApiError(response, 404, { type: 'api_error', message: NOT_FOUND_MESSAGES.activity });
  });

  it('confirming makes it count in totals, public counts, running days and medals', async () => {
    const before = Date.now();
    const response = await owner.client.post<ActivityDetail>(`/api/activities/${flagged.id}/confirm`, {
      timeZone: ZONE,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: flagged.id, flagged: true, flagReason: flagged.flagReason });
    const confirmedAt = Date.parse(response.body.flagConfirmedAt ?? '');
    expect(confirmedAt).toBeGreaterThanOrEqual(before - 1000);

    expect((await profileOf(owner)).statistics).toMatchObject({
      totalActivities: 1,
      totalDistance: flagged.distance,
    });
    expect(await runningDayCount(owner)).toBe(1);
    const username = (await profileOf(owner)).username;
    const publicProfile = await createApiClient(server.url).get<PublicProfile>(`/api/public/profiles/${username}`);
    expect(publicProfile.body.uploadedActivities).toBe(1);
    // The after-import medal check ran: the distance medals are earned.
    expect(await earned(owner)).toEqual(expect.arrayContaining(['longest-run', 'ultra-runner', 'around-the-world']));

    // Confirming again keeps the first confirmation.
    const again = await owner.client.post<ActivityDetail>(`/api/activities/${flagged.id}/confirm`, {
      timeZone: ZONE,
    });
    expect(again.body.flagConfirmedAt).toBe(response.body.flagConfirmedAt);
  });

  it('a plausible run is not flagged, counts at once, and confirming it changes nothing', async () => {
    const runner = await registerUser(server);
    const run = await uploadOne(runner, { name: 'six.gpx', content: realRunGpx() });
    expect(run).toMatchObject({ flagged: false, flagReason: null, flagConfirmedAt: null });
    expect((await profileOf(runner)).statistics.totalActivities).toBe(1);
    expect(await earned(runner)).toContain('5k-hero');
    const response = await runner.client.post<ActivityDetail>(`/api/activities/${run.id}/confirm`, {
      timeZone: ZONE,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ flagged: false, flagConfirmedAt: null });
  });
});
