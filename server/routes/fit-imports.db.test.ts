/**
 * Real FIT files and generated ones through the upload route: the type comes from the file's
 * sport, Stride's figures match the device's own session summary (±1 %), and files that are not
 * activities are refused with their sentence and leave nothing behind.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import {
  compressedTimestampFit,
  encodeFit,
  encodeNonActivityFit,
} from '../../core/activity/fit-file-builders.test-support.ts';
import { FIT_READING_WARNINGS } from '../../core/activity/fit-file-types.ts';
import { repairFit } from '../../core/activity/fit-repair.ts';
import type { ActivityDetail, ActivityPage } from '../../core/activity/schemas.ts';
import type { TrophyCase } from '../../core/medals/api.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { fitSessionSummary } from '../test-support/fit-sessions.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const ZONE = 'Europe/Ljubljana';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.stop();
});

async function uploadOne(user: RegisteredUser, name: string, content: Uint8Array) {
  const result = await uploadFiles(server, user.client, [{ name, content }], ZONE);
  const [final] = finalFileEvents(result.events);
  return final;
}

async function importedDetail(user: RegisteredUser, name: string, content: Uint8Array): Promise<ActivityDetail> {
  const final = await uploadOne(user, name, content);
  expect(final, final?.message).toMatchObject({ state: 'complete' });
  return (await user.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`)).body;
}

async function rowCounts(userId: string) {
  const { db } = server.database;
  const activities = await db.selectFrom('activities').select('id').where('userId', '=', userId).execute();
  return activities.length;
}

const within1Percent = (actual: number, expected: number) => {
  expect(Math.abs(actual - expected) / expected).toBeLessThan(0.01);
};

describe('real FIT files: the type is the file sport, the figures the device summary', () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await registerUser(server);
  });

  it.each([
    ['garmin-stamina.fit', 'run'],
    ['running-with-developer-data.fit', 'run'],
    ['test.fit', 'ride'],
    ['snorkeling-unknown-sport.fit', 'swim'],
  ] as const)('%s imports as a %s within 1 percent of the session distance and times', async (name, type) => {
    const bytes = fixture(name);
    const device = fitSessionSummary(bytes);
    const detail = await importedDetail(user, name, bytes);
    expect(detail.type).toBe(type);
    within1Percent(detail.distance, device.distance);
    // Moving time (spec §4) also leaves out slow stretches the device's timer kept running through
    // (garmin-stamina.fit: 7.7 % less), so it is never more than the timer; elapsed time matches.
    expect(detail.movingTime).toBeLessThanOrEqual(Math.ceil(device.timerTime));
    if (type !== 'swim') {
      // The snorkeller's watch had a position fix 15 times in 35 minutes: its track is shorter.
      within1Percent(detail.elapsedTime, device.elapsedTime);
    }
  });

  it('the /activities type filter lists the swim alone under swim', async () => {
    const swims = (await user.client.get<ActivityPage>('/api/activities?type=swim')).body;
    expect(swims.items.map((item) => item.type)).toEqual(['swim']);
    const runs = (await user.client.get<ActivityPage>('/api/activities?type=run')).body;
    expect(runs.items.map((item) => item.type)).toEqual(['run', 'run']);
  });
});

describe('generated FIT files: declared sports other than run never count as runs', () => {
  // 5.2 km at a running pace: the speed guess alone would make each of these a run.
  const points = straightRun({ points: 1626, speed: 3.2, start: Date.UTC(2026, 2, 1, 7, 0, 0) });

  it.each([
    ['swimming', 'openWater', 'swim'],
    ['hiking', 'generic', 'hike'],
    ['training', 'yoga', 'other'],
    ['generic', 'treadmill', 'run'],
  ] as const)('%s / %s → %s', async (sport, subSport, type) => {
    const user = await registerUser(server);
    const bytes = encodeFit({ points, sport, subSport, lapStarts: [0] });
    const detail = await importedDetail(user, `${sport}.fit`, bytes);
    expect(detail.type).toBe(type);
    within1Percent(detail.distance, fitSessionSummary(bytes).distance);
    const medals = (await user.client.get<TrophyCase>(`/api/medals?timeZone=${ZONE}`)).body;
    const earned = medals.medals.filter((medal) => medal.earned).map((medal) => medal.medalId);
    if (type === 'run') {
      expect(earned).toContain('5k-hero');
    } else {
      expect(earned).toEqual([]);
    }
  });
});

describe('failed.fit: a yoga session without GPS', () => {
  it('imports as an indoor activity of type other: its time and heart rate, no distance, no map', async () => {
    const user = await registerUser(server);
    const detail = await importedDetail(user, 'failed.fit', fixture('failed.fit'));
    expect(detail).toMatchObject({
      type: 'other',
      sportLabel: 'training',
      distance: 0,
      // The device's timer (the session's total_timer_time), and the elapsed time never less.
      elapsedTime: 778.918,
      movingTime: 778.918,
      calories: 114,
      startLatLng: null,
      splitsMetric: [],
    });
    expect(detail.averageHeartrate).toBeGreaterThan(80);
  });
});

describe('FIT files that are not activities', () => {
  it.each([
    ['workout', 'a workout'],
    ['course', 'a course'],
  ] as const)('a %s file is refused with the sentence naming it and stores nothing', async (type, contents) => {
    const user = await registerUser(server);
    const points = straightRun({ points: 300, speed: 3.2 });
    const final = await uploadOne(user, `${type}.fit`, encodeNonActivityFit(type, points));
    expect(final).toMatchObject({
      state: 'error',
      message: `Failed to parse FIT file: This FIT file holds ${contents}, not an activity, so there is nothing to import.`,
    });
    expect(await rowCounts(user.id)).toBe(0);
  });
});

describe('FIT files the SDK alone refuses', () => {
  const points = straightRun({ points: 900, speed: 3.0, start: Date.UTC(2026, 4, 2, 6, 30, 0) });

  it('compressed timestamps: a run with the session distance and timer time (±1 %), nothing to say', async () => {
    const user = await registerUser(server);
    const bytes = compressedTimestampFit(points);
    const final = await uploadOne(user, 'compressed.fit', bytes);
    expect(final).toMatchObject({ state: 'complete' });
    expect(final?.message).toBeUndefined();
    const detail = (await user.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`)).body;
    // The SDK alone stops at the first compressed record: the session is read from the repaired copy.
    const device = fitSessionSummary(repairFit(bytes)?.bytes ?? new Uint8Array());
    expect(device.timerTime).toBe(899);
    expect(detail.type).toBe('run');
    within1Percent(detail.distance, device.distance);
    within1Percent(detail.movingTime, device.timerTime);
  });

  it('trailing bytes after a real file: imported as the file itself', async () => {
    const user = await registerUser(server);
    const original = fixture('running-with-developer-data.fit');
    const padded = new Uint8Array([...original, ...new Uint8Array(512).fill(0x5a)]);
    const detail = await importedDetail(user, 'padded.fit', padded);
    expect(detail.type).toBe('run');
    within1Percent(detail.distance, fitSessionSummary(original).distance);
  });

  it("a real file that ends early: its records up to there, the session's totals, and the sentence", async () => {
    const user = await registerUser(server);
    const original = fixture('garmin-stamina.fit');
    const final = await uploadOne(user, 'cut.fit', original.subarray(0, Math.floor(original.length / 2)));
    expect(final).toMatchObject({ state: 'complete', message: FIT_READING_WARNINGS.endsEarly });
    const detail = (await user.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`)).body;
    expect(detail.type).toBe('run');
    expect(detail.fileWarnings).toEqual([FIT_READING_WARNINGS.endsEarly]);
    // Its session comes before its records and survives the cut: the records end before the run
    // did, and the session's distance and timer time are the activity's.
    const session = fitSessionSummary(original);
    expect(detail.distance).toBeCloseTo(session.distance, 6);
    expect(detail.movingTime).toBeCloseTo(session.timerTime, 6);
  });

  it('a corrupt file (a byte changed, the CRC no longer matches) is refused and stores nothing', async () => {
    const user = await registerUser(server);
    const corrupt = encodeFit({ points, sport: 'running', lapStarts: [0] });
    const middle = Math.floor(corrupt.length / 2);
    corrupt[middle] = (corrupt[middle] ?? 0) ^ 0xff;
    const final = await uploadOne(user, 'corrupt.fit', corrupt);
    expect(final).toMatchObject({ state: 'error', message: 'Failed to parse FIT file: Invalid FIT file format' });
    expect(await rowCounts(user.id)).toBe(0);
  });
});

// triathlon_summary_first.fit, a multisport file, is one activity per leg: multisport.db.test.ts.
