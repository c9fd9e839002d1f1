/**
 * The dashboard's weather from the per-runner read cache (server/cache/read-cache.ts), over HTTP:
 * answered from memory within its half hour, yet the runner's own location change or run shows in
 * the next read, a kept answer is never served past its forecast's 30 minutes of freshness, and on
 * PostgreSQL a second app server forgets it once the invalidation arrives over LISTEN/NOTIFY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { NO_WEATHER_LOCATION_TEXT, type Weather } from '../../core/weather/weather-api.ts';
import { startOpenMeteoStandIn } from '../../tools/service-stand-ins/open-meteo.ts';
import type { StandIn } from '../../tools/service-stand-ins/stand-in-server.ts';
import type { WeatherConfig } from '../config.ts';
import { fixedClock } from '../test-support/clock.ts';
import { registerUser, signedInClient, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, testDatabaseKind, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';
import type { ApiClient } from '../test-support/api-client.ts';

const MINUTE_MS = 60_000;
/** Wednesday 25 November 2026, 10:05 UTC. */
const START = Date.UTC(2026, 10, 25, 10, 5);
const clock = fixedClock(START);

let meteo: StandIn;
let server: TestServer;

const weatherConfig = (): WeatherConfig => ({
  forecastUrl: meteo.url,
  archiveUrl: meteo.url,
  geocodingUrl: meteo.url,
  timeoutMs: 1_000,
});

beforeAll(async () => {
  meteo = await startOpenMeteoStandIn({ now: () => clock.now() });
  server = await startTestServer({ weather: weatherConfig() }, { clock });
});

afterAll(async () => {
  await server?.stop();
  await meteo?.close();
});

const weatherOf = async (client: ApiClient) => {
  const response = await client.get<Weather>('/api/weather');
  expect(response.status).toBe(200);
  return response.body;
};
const setLocation = async (runner: RegisteredUser, location: string) => {
  expect((await runner.client.patch('/api/profile', { location })).status).toBe(200);
};
/**
 * Writes the location with SQL, behind Stride's back: nothing is invalidated, not even later (a
 * write through Stride also drops the runner's answers again when its own notice comes back).
 */
const setLocationBehindStride = async (runner: RegisteredUser, location: string) => {
  await server.database.db.updateTable('profiles').set({ location }).where('userId', '=', runner.id).execute();
};
/** Each test starts on a new half hour, on a whole hour plus five minutes, so no kept answer carries over. */
const nextTest = () => {
  clock.set((Math.floor(clock.now() / (60 * MINUTE_MS)) + 1) * 60 * MINUTE_MS + 5 * MINUTE_MS);
};

async function uploadRun(runner: RegisteredUser, start: number, startLat: number, startLon: number): Promise<string> {
  const points = straightRun({ points: 121, interval: 5, speed: 3, start, startLat, startLon });
  const name = `run-${start}-${startLat}.gpx`;
  const result = await uploadFiles(server, runner.client, [{ name, content: garminConnectGpx(points, name) }], 'UTC');
  const id = finalFileEvents(result.events)[0]?.activityId;
  expect(id).toEqual(expect.any(String));
  return id ?? '';
}

describe('the dashboard’s weather in the read cache', () => {
  it('answers from memory within the half hour: a location changed behind Stride’s back shows only after the runner writes it', async () => {
    nextTest();
    const runner = await registerUser(server);
    await setLocationBehindStride(runner, 'Berlin');
    expect(await weatherOf(runner.client)).toMatchObject({ status: 'ok', location: { label: 'Berlin' } });
    await setLocationBehindStride(runner, 'London');
    // Inside the cache's five-minute safety net.
    clock.advance(4 * MINUTE_MS);

    expect(await weatherOf(runner.client)).toMatchObject({
      status: 'ok',
      location: { label: 'Berlin' },
      origin: { fetchedNow: false },
    });

    // A write of a column the weather does not read keeps it.
    expect((await runner.client.patch('/api/profile', { bio: 'A write' })).status).toBe(200);
    expect(await weatherOf(runner.client)).toMatchObject({ status: 'ok', location: { label: 'Berlin' } });
    expect((await runner.client.patch('/api/profile', { location: 'London' })).status).toBe(200);
    expect(await weatherOf(runner.client)).toMatchObject({ status: 'ok', location: { label: 'London' } });
  });

  it('a location set, changed and cleared in the profile shows in the next read', async () => {
    nextTest();
    const runner = await registerUser(server);
    expect(await weatherOf(runner.client)).toEqual({ status: 'no-location', message: NO_WEATHER_LOCATION_TEXT });

    await setLocation(runner, 'Berlin');
    expect(await weatherOf(runner.client)).toMatchObject({ status: 'ok', location: { label: 'Berlin' } });

    await setLocation(runner, 'New York');
    expect(await weatherOf(runner.client)).toMatchObject({ status: 'ok', location: { label: 'New York' } });

    await setLocation(runner, '');
    expect(await weatherOf(runner.client)).toEqual({ status: 'no-location', message: NO_WEATHER_LOCATION_TEXT });
  });

  it('a run uploaded, then deleted: the latest run’s start serves, then nothing', async () => {
    nextTest();
    const runner = await registerUser(server);
    expect(await weatherOf(runner.client)).toEqual({ status: 'no-location', message: NO_WEATHER_LOCATION_TEXT });

    const id = await uploadRun(runner, Date.UTC(2026, 10, 20, 7), 48.2, 16.37);
    expect(await weatherOf(runner.client)).toMatchObject({
      status: 'ok',
      location: { source: 'activity', lat: 48.2, lng: 16.37 },
    });

    expect((await runner.client.delete(`/api/activities/${id}`)).status).toBe(200);
    expect(await weatherOf(runner.client)).toEqual({ status: 'no-location', message: NO_WEATHER_LOCATION_TEXT });
  });

  it('never serves a kept answer past its forecast’s 30 minutes, though its half hour goes on', async () => {
    nextTest();
    const first = await registerUser(server);
    const second = await registerUser(server);
    await setLocationBehindStride(first, 'Berlin');
    await setLocationBehindStride(second, 'Berlin');
    // 10:05: the first runner's read fetches Berlin's forecast.
    const fetched = await weatherOf(first.client);
    expect(fetched).toMatchObject({ status: 'ok', origin: { fetchedNow: true } });
    const fetchedAt = fetched.status === 'ok' ? fetched.origin.fetchedAt : '';

    // 10:34: the second runner's answer comes from that forecast, still fresh for a minute.
    clock.advance(29 * MINUTE_MS);
    expect(await weatherOf(second.client)).toMatchObject({ status: 'ok', origin: { fetchedNow: false, fetchedAt } });

    // 10:36: the same half hour, but the forecast is 31 minutes old: fetched again.
    clock.advance(2 * MINUTE_MS);
    expect(await weatherOf(second.client)).toMatchObject({
      status: 'ok',
      origin: { fetchedNow: true, fetchedAt: new Date(clock.now()).toISOString() },
    });
  });

  it('moves on at the half hour: the hour half over is no longer the best time to run', async () => {
    nextTest();
    const runner = await registerUser(server);
    await setLocation(runner, 'Berlin');
    clock.advance(20 * MINUTE_MS);
    const hourStart = clock.now() - 25 * MINUTE_MS;
    const before = await weatherOf(runner.client);
    expect(before.status === 'ok' && before.hours[0]?.time).toBe(hourStart);

    clock.advance(5 * MINUTE_MS);
    const after = await weatherOf(runner.client);
    if (after.status !== 'ok') {
      throw new Error(`expected a forecast, got ${JSON.stringify(after)}`);
    }
    expect(after.hours[0]?.time).toBe(hourStart);
    expect(after.bestHour?.time).toBeGreaterThan(hourStart);
  });

  it('never shares an answer between runners', async () => {
    nextTest();
    const first = await registerUser(server);
    const second = await registerUser(server);
    await setLocation(first, 'Berlin');
    expect(await weatherOf(first.client)).toMatchObject({ status: 'ok', location: { label: 'Berlin' } });
    expect(await weatherOf(second.client)).toEqual({ status: 'no-location', message: NO_WEATHER_LOCATION_TEXT });
  });
});

// Two app servers share one database only on PostgreSQL (PGlite lives inside one process), so this
// test exists in the db:postgres project only (registered there, rather than reported as skipped).
const postgresOnly = testDatabaseKind() === 'postgres' ? describe : () => undefined;
postgresOnly('two app servers on one PostgreSQL database', () => {
  it('a location changed on one server shows on the other once the invalidation arrives', async () => {
    nextTest();
    const other = await startTestServer(
      { appSecret: server.config.appSecret, weather: weatherConfig() },
      { database: server.testDatabase, clock },
    );
    try {
      const runner = await registerUser(server);
      const onOther = await signedInClient(other, runner.credentials);
      await setLocation(runner, 'Berlin');
      await expect.poll(async () => (await weatherOf(onOther)).status === 'ok').toBe(true);
      expect(await weatherOf(onOther)).toMatchObject({ status: 'ok', location: { label: 'Berlin' } });

      await setLocation(runner, 'New York');
      await expect
        .poll(async () => {
          const weather = await weatherOf(onOther);
          return weather.status === 'ok' && weather.location.label;
        })
        .toBe('New York');
    } finally {
      await other.stop();
    }
  });
});
