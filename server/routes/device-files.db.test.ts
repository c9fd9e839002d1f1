/**
 * Real device files through the upload route, checked against what Garmin's FIT SDK reads from
 * the same file in this test: a watch's laps (distance, time and pace from its lap messages), a
 * fenix 2 multisport file (one activity per session with the session's sport, distance and timer
 * time) and a Strava Android app file the SDK stops reading early (read whole, the activity says
 * part of it could not be read).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Decoder, Stream } from '@garmin/fitsdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPaceOrSpeed } from '../../core/activity/activity-figures.ts';
import { FIT_READING_WARNINGS } from '../../core/activity/fit-file-types.ts';
import type { ActivityDetail } from '../../core/activity/schemas.ts';
import { importedLegsMessage } from '../../core/activity/upload-rules.ts';
import { formatDuration } from '../../core/format.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');

type SdkMessage = Record<string, unknown>;

/** What the FIT SDK reads of a file: its sessions and laps, and whether it stopped early. */
function sdkReading(name: string) {
  const { messages, errors } = new Decoder(Stream.fromByteArray(readFileSync(path.join(FIXTURES, name)))).read();
  const list = (key: string) => (messages as Record<string, SdkMessage[] | undefined>)[key] ?? [];
  const figures = (message: SdkMessage) => ({
    sport: message.sport as string | undefined,
    distance: message.totalDistance as number,
    timer: message.totalTimerTime as number,
  });
  return { sessions: list('sessionMesgs').map(figures), laps: list('lapMesgs').map(figures), errors: errors.length };
}

const withinOnePerCent = (actual: number, expected: number) => {
  expect(Math.abs(actual - expected) / expected).toBeLessThan(0.01);
};

let server: TestServer;
let runner: RegisteredUser;

beforeAll(async () => {
  server = await startTestServer();
  runner = await registerUser(server, { name: 'Device Files' });
});

afterAll(async () => {
  await server.stop();
});

async function upload(name: string) {
  const result = await uploadFiles(server, runner.client, [{ name, content: readFileSync(path.join(FIXTURES, name)) }]);
  const [final] = finalFileEvents(result.events);
  expect(final?.state, final?.message).toBe('complete');
  return { event: final, activity: await detail(final?.activityId ?? '') };
}

async function detail(id: string): Promise<ActivityDetail> {
  const response = await runner.client.get<ActivityDetail>(`/api/activities/${id}`);
  expect(response.status).toBe(200);
  return response.body;
}

describe('laps as the watch shows them', () => {
  it.each(['2013-02-06-12-11-14.fit', 'activity-small-fenix2-run.fit'])(
    "%s: each lap's distance, time and pace are the file's lap messages'",
    async (name) => {
      const sdk = sdkReading(name);
      const { activity } = await upload(name);
      expect(activity.laps).toHaveLength(sdk.laps.length);
      activity.laps.forEach((lap, i) => {
        const own = sdk.laps[i] as (typeof sdk.laps)[number];
        expect(lap.distance).toBeCloseTo(own.distance, 6);
        expect(lap.movingTime).toBeCloseTo(own.timer, 6);
        expect(formatDuration(lap.movingTime)).toBe(formatDuration(own.timer));
        expect(formatPaceOrSpeed(lap.averageSpeed, activity.type, 'metric')).toBe(
          formatPaceOrSpeed(own.distance / own.timer, 'run', 'metric'),
        );
      });
    },
  );
});

describe('activity-large-fenxi2-multisport.fit: generic, transition, run, transition, run, transition, cycling', () => {
  it("is one activity per session with the session's sport, distance and timer time", async () => {
    const sdk = sdkReading('activity-large-fenxi2-multisport.fit');
    const sessions = sdk.sessions.filter((session) => session.sport !== 'transition');
    expect(sessions.map((session) => session.sport)).toEqual(['generic', 'running', 'running', 'cycling']);
    const { event, activity } = await upload('activity-large-fenxi2-multisport.fit');
    expect(event?.message).toBe(importedLegsMessage(['other', 'run', 'run', 'ride']));
    const legs = await Promise.all((activity.multisport?.legs ?? []).map((leg) => detail(leg.id)));
    // A generic session says nothing of the sport: it is "other", never a run.
    expect(legs.map((leg) => leg.type)).toEqual(['other', 'run', 'run', 'ride']);
    legs.forEach((leg, i) => {
      const session = sessions[i] as (typeof sessions)[number];
      // No leg is 0 km with a track on its map.
      expect(leg.hasTrack).toBe(true);
      expect(leg.distance).toBeGreaterThan(0);
      withinOnePerCent(leg.distance, session.distance);
      withinOnePerCent(leg.elapsedTime, session.timer);
    });
  });
});

describe('strava-android-app-201.10-b1218918.fit: a file the SDK stops reading early', () => {
  it("is read whole: the session's distance and time, and the activity says part of it could not be read", async () => {
    const sdk = sdkReading('strava-android-app-201.10-b1218918.fit');
    // The SDK stops with a field error at byte 7472, having read 0.9 km of records.
    expect(sdk.errors).toBe(1);
    const session = sdk.sessions[0] as (typeof sdk.sessions)[number];
    const { event, activity } = await upload('strava-android-app-201.10-b1218918.fit');
    expect(activity.type).toBe('run');
    withinOnePerCent(activity.distance, session.distance);
    withinOnePerCent(activity.movingTime, session.timer);
    withinOnePerCent(activity.elapsedTime, session.timer);
    expect(activity.flagged).toBe(false);
    expect(activity.fileWarnings).toEqual([FIT_READING_WARNINGS.partlyUnreadable, FIT_READING_WARNINGS.endsEarly]);
    expect(activity.fileWarnings[0]).toBe('Part of the file could not be read; Stride imported the rest of it.');
    expect(event?.message).toBe(`${FIT_READING_WARNINGS.partlyUnreadable} ${FIT_READING_WARNINGS.endsEarly}`);
  });
});
