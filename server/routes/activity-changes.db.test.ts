/**
 * The one seam for "activities changed" (server/services/service-context.ts), over HTTP on a real
 * server: the composition root registers its reactions in order, and a reaction registered after
 * them hears every writer — an upload, a manual entry, an edit, a deletion and a Strava sync — with
 * the user, the activities and the source, after the reactions before it have run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import type { ActivityDetail } from '../../core/activity/schemas.ts';
import type { Profile } from '../../core/profile.ts';
import { createStravaSimulator, type StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import type { ActivitiesChange } from '../services/service-context.ts';
import { fixedClock } from '../test-support/clock.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { connectStrava, recordingClock, stravaConfigFor } from '../test-support/strava.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/Ljubljana';
/** Tuesday 24 November 2026, noon in Ljubljana. */
const NOW = Date.UTC(2026, 10, 24, 11, 0, 0);
const DAY = 86_400_000;

let server: TestServer;
let strava: StravaSimulator;
/** What the probe heard, with the runner's total distance as the reactions before it left it. */
const heard: { change: ActivitiesChange; totalDistance: number | undefined }[] = [];
/** Resolves at the first full (not per-page) change of a Strava sync. */
let syncHeard: (change: ActivitiesChange) => void = () => undefined;
const syncChange = new Promise<ActivitiesChange>((resolve) => {
  syncHeard = resolve;
});

beforeAll(async () => {
  strava = await createStravaSimulator({ seed: 7, enforceRateLimits: false });
  server = await startTestServer(
    { strava: stravaConfigFor(strava) },
    { clock: fixedClock(NOW), stravaClock: recordingClock() },
  );
  server.services.activityChanges.register({
    name: 'probe',
    duringSync: true,
    followsTexts: true,
    run: async (context, change) => {
      const profile = await context.db
        .selectFrom('profiles')
        .select('totalDistance')
        .where('userId', '=', change.userId)
        .executeTakeFirst();
      heard.push({ change, totalDistance: profile?.totalDistance });
      if (change.source === 'strava-sync' && !change.partial) {
        syncHeard(change);
      }
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
});

/** The changes the probe heard for one runner since `from`. */
const changesOf = (runner: RegisteredUser, from = 0) =>
  heard
    .slice(from)
    .filter((entry) => entry.change.userId === runner.id)
    .map((entry) => entry.change);

describe('the "activities changed" seam', () => {
  it('runs the registered reactions in the order the composition root gave, a new one last', () => {
    expect(server.services.activityChanges.reactions()).toEqual([
      'totals',
      'load aggregates',
      'track figures',
      'plan ticks',
      'medals',
      'gear defaults',
      'medal mails',
      'read cache',
      'live publish',
      'probe',
    ]);
  });

  it('hears an upload, a manual entry, an edit and a deletion, each after the totals were refreshed', async () => {
    const runner = await registerUser(server);
    const points = straightRun({ points: 401, interval: 5, speed: 3, start: NOW - 2 * DAY });
    const upload = await uploadFiles(
      server,
      runner.client,
      [{ name: 'tempo.gpx', content: garminConnectGpx(points, 'tempo.gpx', 'running') }],
      ZONE,
    );
    const uploadedId = finalFileEvents(upload.events)[0]?.activityId ?? '';
    expect(uploadedId).not.toBe('');
    const uploadedDistance = (await runner.client.get<Profile>('/api/profile')).body.statistics.totalDistance;
    expect(uploadedDistance).toBeGreaterThan(5900);

    const manual = await runner.client.post<ActivityDetail>('/api/activities/manual', {
      type: 'run',
      name: 'Treadmill tempo',
      distance: 8000,
      movingTime: 2400,
      elapsedTime: 2460,
      startDateLocal: '2026-11-23T18:30',
      timeZone: ZONE,
    });
    expect(manual.status).toBe(201);
    const manualId = manual.body.id;
    expect((await runner.client.patch(`/api/activities/${uploadedId}`, { name: 'Renamed' })).status).toBe(200);
    expect((await runner.client.delete(`/api/activities/${manualId}`)).status).toBe(200);

    expect(changesOf(runner)).toEqual([
      { userId: runner.id, source: 'upload', added: [uploadedId], timeZone: ZONE },
      { userId: runner.id, source: 'manual', added: [manualId], timeZone: ZONE },
      { userId: runner.id, source: 'edit', updated: [uploadedId], timeZone: undefined, textsOnly: true },
      { userId: runner.id, source: 'delete', removed: [manualId] },
    ]);
    // The probe runs after the totals: each change found the profile's statistics already new.
    expect(heard.filter((entry) => entry.change.userId === runner.id).map((entry) => entry.totalDistance)).toEqual([
      uploadedDistance,
      uploadedDistance + 8000,
      uploadedDistance + 8000,
      uploadedDistance,
    ]);
  });

  it("hears a Strava sync's pages as they land and the whole sync at its end", async () => {
    const runner = await registerUser(server);
    const from = heard.length;
    strava.addAthlete({ activities: 150, signIn: true });
    expect((await connectStrava(runner.client)).status).toBe(200);
    expect(await syncChange).toEqual({ userId: runner.id, source: 'strava-sync' });
    // Two pages (100 and 50 activities) each told the seam at once, then the sync's own change.
    expect(changesOf(runner, from)).toEqual([
      { userId: runner.id, source: 'strava-sync', partial: true },
      { userId: runner.id, source: 'strava-sync', partial: true },
      { userId: runner.id, source: 'strava-sync' },
    ]);
  });
});
