/**
 * Everything at once on one server: 10 uploads of 10 files, two Strava syncs and 200 open event
 * streams at the same time. Nothing is lost, nothing is doubled, every request is answered, and the
 * streams stay open and hear what happened.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import type { StravaSimulator } from '../../tools/strava-simulator/strava-simulator.ts';
import { openEventStream } from '../test-support/event-streams.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { connectStrava, startStravaTestServer, waitForSync } from '../test-support/strava.ts';
import type { TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const UPLOADERS = 5;
const UPLOADS_PER_USER = 2;
const FILES_PER_UPLOAD = 10;
const STREAM_USERS = 20;
const STREAMS_PER_USER = 10;
const STRAVA_ACTIVITIES = 250;

let server: TestServer;
let strava: StravaSimulator;

beforeAll(async () => {
  // Two hundred streams from one address and from new accounts: the stream caps are raised so this
  // test measures concurrency, not the caps (which routes/events.db.test.ts covers).
  const eventStreams = { perUser: STREAMS_PER_USER, perNewAccount: STREAMS_PER_USER, perAddress: 1_000, total: 2_000 };
  ({ server, strava } = await startStravaTestServer({ config: { eventStreams } }));
});

afterAll(async () => {
  await server?.stop();
  await strava?.stop();
});

/** A distinct small run per (user, upload, file): no two files of the test are the same bytes. */
function run(user: number, upload: number, file: number): string {
  const seed = (user * UPLOADS_PER_USER + upload) * FILES_PER_UPLOAD + file;
  return garminConnectGpx(
    straightRun({ points: 120, start: Date.UTC(2026, 0, 1, 6, 0, 0) + seed * 3_600_000, startLat: 45 + seed * 0.001 }),
    `Run ${seed}`,
  );
}

async function connectAthlete(user: RegisteredUser): Promise<void> {
  strava.addAthlete({ activities: STRAVA_ACTIVITIES, signIn: true });
  const connected = await connectStrava(user.client);
  expect(connected.status).toBe(200);
}

describe('uploads, syncs and event streams at the same time', () => {
  it('answers every request and loses or doubles nothing', async () => {
    const uploaders = await Promise.all(Array.from({ length: UPLOADERS }, () => registerUser(server)));
    const syncers = await Promise.all(Array.from({ length: 2 }, () => registerUser(server)));
    const listeners = [...uploaders, ...syncers];
    while (listeners.length < STREAM_USERS) {
      listeners.push(await registerUser(server));
    }
    const streams = await Promise.all(
      listeners.flatMap((user) => Array.from({ length: STREAMS_PER_USER }, () => openEventStream(server, user.client))),
    );
    expect(streams).toHaveLength(200);

    // The two connections are made one after the other (the simulator signs in one athlete at a
    // time); their syncs then run while the uploads arrive.
    for (const user of syncers) {
      await connectAthlete(user);
    }
    const uploads = uploaders.flatMap((user, u) =>
      Array.from({ length: UPLOADS_PER_USER }, (_, k) =>
        uploadFiles(
          server,
          user.client,
          Array.from({ length: FILES_PER_UPLOAD }, (_, f) => ({ name: `run-${f}.gpx`, content: run(u, k, f) })),
        ),
      ),
    );
    const health = fetch(`${server.url}/api/health`);
    const [results, syncs, healthResponse] = await Promise.all([
      Promise.all(uploads),
      Promise.all(syncers.map((user) => waitForSync(user.client, 120_000))),
      health,
    ]);

    expect(healthResponse.status).toBe(200);
    for (const result of results) {
      expect(result.status).toBe(200);
      expect(finalFileEvents(result.events).map((event) => event.state)).toEqual(
        Array.from({ length: FILES_PER_UPLOAD }, () => 'complete'),
      );
      expect(result.events.at(-1)).toEqual({ kind: 'done', imported: FILES_PER_UPLOAD, duplicates: 0, failed: 0 });
    }
    for (const status of syncs) {
      expect(status.sync?.state).toBe('done');
    }

    const { rows } = await sql<{ userId: string; source: string; count: string; distinct: string }>`
      select user_id as "userId", source, count(*) as count,
        count(distinct coalesce(strava_id::text, file_sha256)) as "distinct"
      from activities group by user_id, source`.execute(server.database.db);
    const counted = new Map(rows.map((row) => [`${row.userId}/${row.source}`, row]));
    for (const user of uploaders) {
      const row = counted.get(`${user.id}/upload`);
      expect(Number(row?.count)).toBe(UPLOADS_PER_USER * FILES_PER_UPLOAD);
      expect(Number(row?.distinct)).toBe(UPLOADS_PER_USER * FILES_PER_UPLOAD);
    }
    for (const user of syncers) {
      const row = counted.get(`${user.id}/strava`);
      expect(Number(row?.count)).toBe(STRAVA_ACTIVITIES);
      expect(Number(row?.distinct)).toBe(STRAVA_ACTIVITIES);
    }

    // Every stream is still open, and each uploader's streams heard that its activities changed.
    expect(streams.filter((stream) => stream.closed())).toEqual([]);
    for (const [u] of uploaders.entries()) {
      for (const stream of streams.slice(u * STREAMS_PER_USER, (u + 1) * STREAMS_PER_USER)) {
        await expect.poll(() => stream.text()).toContain('activities-changed');
      }
    }
    for (const stream of streams) {
      stream.abort();
    }
  }, 180_000);
});
