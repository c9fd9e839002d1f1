/**
 * Plausibility and the figures it judges, over HTTP, checked against the files themselves: a
 * one-point GPS spike neither flags a run nor sets its maximum speed; a 60 km/h "run" is flagged
 * and "Make it a ride" (the type edit) moves it, and its totals, to rides; a FIT file's own maximum
 * speed is shown when it is possible on foot; a TCX's notes are its description, not its name; and
 * activities stored under the earlier rules are corrected at the next start.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Decoder, Stream } from '@garmin/fitsdk';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  garminConnectGpx,
  garminTcx,
  METRES_PER_DEGREE_LAT,
  straightRun,
  type GeneratedPoint,
} from '../../core/activity/activity-file-builders.test-support.ts';
import { encodeFit } from '../../core/activity/fit-file-builders.test-support.ts';
import { FLAG_MESSAGES } from '../../core/activity/plausibility.ts';
import type { ActivityDetail } from '../../core/activity/schemas.ts';
import type { SportTotals } from '../../core/activity/sport-totals.ts';
import { fixedClock } from '../test-support/clock.ts';
import { fitSessionSummary } from '../test-support/fit-sessions.ts';
import { registerUser, signedInClient, type RegisteredUser } from '../test-support/factories.ts';
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles, type UploadFile } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);
const DAY_MS = 86_400_000;
const ZONE = 'Europe/Ljubljana';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase({ persistent: true });
  server = await startTestServer({}, { database, clock: fixedClock(NOW) });
});

afterAll(async () => {
  await server.stop();
  await database.destroy();
});

async function uploadOne(user: RegisteredUser, file: UploadFile): Promise<ActivityDetail> {
  const result = await uploadFiles(server, user.client, [file], ZONE);
  expect(result.status).toBe(200);
  const [final] = finalFileEvents(result.events);
  expect(final, final?.message).toMatchObject({ state: 'complete', duplicate: false });
  return detailOf(user, final?.activityId as string);
}

const detailOf = async (user: RegisteredUser, id: string) =>
  (await user.client.get<ActivityDetail>(`/api/activities/${id}`)).body;

async function totalsOf(user: RegisteredUser, type: string) {
  const { sports } = (await user.client.get<SportTotals>('/api/activities/totals')).body;
  return sports.find((sport) => sport.type === type) ?? { activities: 0, distance: 0 };
}

/** A straight run's points with point `index` thrown `metres` east for its one second. */
function withSpike(points: readonly GeneratedPoint[], index: number, metres: number): GeneratedPoint[] {
  return points.map((p, i) =>
    i === index ? { ...p, lon: p.lon + metres / (METRES_PER_DEGREE_LAT * Math.cos((p.lat * Math.PI) / 180)) } : p,
  );
}

/** m/s between consecutive points of a GPX, read from the file's own <trkpt> positions and <time>s. */
function gpxSegmentSpeeds(text: string): number[] {
  const points = [...text.matchAll(/<trkpt lat="([^"]+)" lon="([^"]+)">[\s\S]*?<time>([^<]+)<\/time>/g)].map(
    ([, lat, lon, time]) => ({ lat: Number(lat), lon: Number(lon), ms: Date.parse(time as string) }),
  );
  return points.slice(1).map((b, i) => {
    const a = points[i] as (typeof points)[number];
    // Equirectangular metres: exact enough over a few hundred metres.
    const dx = (b.lon - a.lon) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
    const metres = Math.hypot(dx, b.lat - a.lat) * METRES_PER_DEGREE_LAT;
    return metres / ((b.ms - a.ms) / 1000);
  });
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

// 15 km/h for 20 minutes with one point 300 m off the line for its one second.
const spikeGpx = garminConnectGpx(
  withSpike(straightRun({ points: 1201, speed: 15 / 3.6, start: NOW - 2 * DAY_MS }), 600, 300),
  'Spiky tempo',
);
// Ten minutes at 60 km/h in a file that says it was a run.
const carGpx = garminConnectGpx(straightRun({ points: 601, speed: 60 / 3.6, start: NOW - 3 * DAY_MS }), 'Drive');
const aerobicsTcx = garminTcx(
  [
    {
      points: straightRun({ points: 601, speed: 3, start: NOW - 4 * DAY_MS }),
      averageHeartRate: 150,
      maxHeartRate: 170,
      calories: 120,
    },
  ],
  'Running',
  'Forerunner 265',
  { notes: 'Aerobics' },
);

/** The spec's default name ("Morning Run"…) from the file's own first <Time> in the runner's zone. */
function defaultRunName(tcx: string): string {
  const first = /<Trackpoint>\s*<Time>([^<]+)<\/Time>/.exec(tcx)?.[1] as string;
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' }).format(new Date(first)),
  );
  const part = hour >= 21 || hour < 5 ? 'Night' : hour >= 17 ? 'Evening' : hour >= 12 ? 'Afternoon' : 'Morning';
  return `${part} Run`;
}

describe('a one-point GPS spike', () => {
  it('neither flags a run nor sets its maximum speed; the run counts', async () => {
    const user = await registerUser(server);
    const speeds = gpxSegmentSpeeds(spikeGpx);
    // The file: out 300 m and back, each in one second; every other second at 15 km/h.
    expect(Math.max(...speeds)).toBeGreaterThan(290);
    const detail = await uploadOne(user, { name: 'spike.gpx', content: spikeGpx });
    expect(detail).toMatchObject({ type: 'run', flagged: false, flagReason: null });
    expect(detail.maxSpeed).toBeCloseTo(median(speeds), 2);
    expect(await totalsOf(user, 'run')).toMatchObject({ activities: 1, distance: detail.distance });
  });
});

describe('a 60 km/h "run"', () => {
  it('is flagged, and "Make it a ride" turns it into a ride whose totals move with it', async () => {
    const user = await registerUser(server);
    const speed = median(gpxSegmentSpeeds(carGpx));
    expect(speed).toBeCloseTo(60 / 3.6, 2);
    const run = await uploadOne(user, { name: 'drive.gpx', content: carGpx });
    expect(run.type).toBe('run');
    expect(run.maxSpeed).toBeCloseTo(speed, 2);
    expect(run).toMatchObject({ flagged: true, flagReason: FLAG_MESSAGES.speed(run.maxSpeed, 'run') });
    expect(run.flagReason).toContain('(60 km/h, 37 mph) is faster than anyone runs');
    expect(await totalsOf(user, 'run')).toMatchObject({ activities: 0, distance: 0 });

    const edited = await user.client.patch<ActivityDetail>(`/api/activities/${run.id}`, { type: 'ride' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ type: 'ride', flagged: false, flagReason: null });
    expect(await totalsOf(user, 'ride')).toMatchObject({ activities: 1, distance: run.distance });
    expect(await totalsOf(user, 'run')).toMatchObject({ activities: 0, distance: 0 });
  });
});

describe("a FIT file's own maximum speed", () => {
  it('is the maximum speed when it is possible on foot (a Garmin run)', async () => {
    const user = await registerUser(server);
    const bytes = readFileSync(path.join(FIXTURES, 'running-with-developer-data.fit'));
    const { maxSpeed } = fitSessionSummary(bytes);
    expect(maxSpeed).toBeGreaterThan(0);
    const detail = await uploadOne(user, { name: 'garmin.fit', content: bytes });
    expect(detail.type).toBe('run');
    expect(detail.maxSpeed).toBeCloseTo(maxSpeed as number, 3);
  });

  it('is not when it is impossible on foot (14.2 m/s on a run): the records give it', async () => {
    const user = await registerUser(server);
    const bytes = encodeFit({
      points: straightRun({ points: 601, speed: 3.2, start: NOW - 5 * DAY_MS }),
      sport: 'running',
      lapStarts: [0],
      sessionMaxSpeed: 14.2,
    });
    expect(fitSessionSummary(bytes).maxSpeed).toBeCloseTo(14.2, 3);
    const records = new Decoder(Stream.fromByteArray(bytes)).read().messages.recordMesgs as {
      timestamp: Date;
      distance: number;
    }[];
    const recordSpeeds = records
      .slice(1)
      .map(
        (b, i) =>
          (b.distance - (records[i]?.distance as number)) /
          ((b.timestamp.getTime() - (records[i]?.timestamp.getTime() as number)) / 1000),
      );
    const detail = await uploadOne(user, { name: 'fast-claim.fit', content: bytes });
    expect(detail).toMatchObject({ type: 'run', flagged: false });
    expect(detail.maxSpeed).toBeCloseTo(median(recordSpeeds), 2);
  });
});

describe('a TCX whose notes say "Aerobics"', () => {
  it('is named by the default naming, with the notes as its description', async () => {
    const user = await registerUser(server);
    const detail = await uploadOne(user, { name: 'aerobics.tcx', content: aerobicsTcx });
    expect(detail.name).toBe(defaultRunName(aerobicsTcx));
    expect(detail.description).toBe('Aerobics');
  });
});

describe('activities stored under the earlier rules', () => {
  it('are corrected at the next start: the spike unflagged and its maximum speed, the notes moved', async () => {
    let user = await registerUser(server);
    const spike = await uploadOne(user, { name: 'spike.gpx', content: spikeGpx });
    const tcx = await uploadOne(user, { name: 'aerobics.tcx', content: aerobicsTcx });
    const { db } = server.database;
    // What version 2 stored: the spike judged over 30 s, the notes taken for a name.
    const oldReason = FLAG_MESSAGES.speed(23.1, 'run');
    await sql`update activities set derivation_version = 2, flagged = true, flag_reason = ${oldReason},
      max_speed = 23.1 where id = ${spike.id}`.execute(db);
    await sql`update activities set derivation_version = 2, name = 'Aerobics', description = ''
      where id = ${tcx.id}`.execute(db);
    await server.services.readCache.invalidateUser(user.id);
    expect(await totalsOf(user, 'run')).toMatchObject({ activities: 1 });

    await server.stop();
    server = await startTestServer({}, { database, clock: fixedClock(NOW) });
    user = { ...user, client: await signedInClient(server, user.credentials) };
    await server.rederive?.done;

    const spikeAfter = await detailOf(user, spike.id);
    expect(spikeAfter).toMatchObject({ flagged: false, flagReason: null });
    expect(spikeAfter.maxSpeed).toBeCloseTo(median(gpxSegmentSpeeds(spikeGpx)), 2);
    const tcxAfter = await detailOf(user, tcx.id);
    expect(tcxAfter).toMatchObject({ name: defaultRunName(aerobicsTcx), description: 'Aerobics' });
    expect(await totalsOf(user, 'run')).toMatchObject({ activities: 2 });
  });
});
