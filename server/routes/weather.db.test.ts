import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { bestHourToRun } from '../../core/weather/best-time.ts';
import { roundCoordinate } from '../../core/weather/open-meteo.ts';
import {
  NO_WEATHER_LOCATION_TEXT,
  UNKNOWN_PLACE_TEXT,
  WEATHER_FAILURE_PAUSE_MS,
  WEATHER_UNAVAILABLE_TEXT,
  type ActivityWeather,
  type Weather,
} from '../../core/weather/weather-api.ts';
import { standInHour, startOpenMeteoStandIn } from '../../tools/service-stand-ins/open-meteo.ts';
import type { StandIn } from '../../tools/service-stand-ins/stand-in-server.ts';
import { fixedClock } from '../test-support/clock.ts';
import type { WeatherConfig } from '../config.ts';
import { expectApiError, registerUser, signedInClient, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, testDatabaseKind, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Wednesday 25 November 2026, 10:40 UTC. */
const START = Date.UTC(2026, 10, 25, 10, 40);
const clock = fixedClock(START);
/** Berlin as the geocoding stand-in places it, rounded to the cache's 0.01°. */
const BERLIN = { lat: 52.52, lng: 13.41 };

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
  await server.stop();
  await meteo.close();
});

const requestsTo = (path: string) => meteo.requests.filter((request) => request.startsWith(path));
const weatherOf = async (runner: RegisteredUser) => {
  const response = await runner.client.get<Weather>('/api/weather');
  expect(response.status).toBe(200);
  return response.body;
};
const setLocation = async (runner: RegisteredUser, location: string) => {
  expect((await runner.client.patch('/api/profile', { location })).status).toBe(200);
};
/** Moves the clock on past the pause after a provider failure, so the next read asks again. */
const afterFailurePause = () => {
  clock.advance(WEATHER_FAILURE_PAUSE_MS);
};
/** Moves every clock on past the cache's 30 minutes, so the next read fetches again. */
const afterCacheExpiry = () => {
  clock.advance(31 * MINUTE_MS);
};

async function uploadRun(runner: RegisteredUser, start: number, startLat = 46.05, startLon = 14.5): Promise<string> {
  const points = straightRun({ points: 121, interval: 5, speed: 3, start, startLat, startLon });
  const name = `run-${start}-${startLat}.gpx`;
  const result = await uploadFiles(server, runner.client, [{ name, content: garminConnectGpx(points, name) }], 'UTC');
  const id = finalFileEvents(result.events)[0]?.activityId;
  expect(id).toBeDefined();
  return id as string;
}

describe('GET /api/weather', () => {
  it('tells a runner without a location or a run how to get one', async () => {
    const runner = await registerUser(server);
    expect(await weatherOf(runner)).toEqual({ status: 'no-location', message: NO_WEATHER_LOCATION_TEXT });
  });

  it('geocodes the profile’s location once, then serves the forecast from the cache for 30 minutes', async () => {
    const runner = await registerUser(server);
    await setLocation(runner, 'Berlin, Germany');
    const before = meteo.requests.length;

    const weather = await weatherOf(runner);
    if (weather.status !== 'ok') {
      throw new Error(`expected a forecast, got ${JSON.stringify(weather)}`);
    }
    const hourStart = Math.floor(clock.now() / HOUR_MS) * HOUR_MS;
    const expected = standInHour(BERLIN.lat, BERLIN.lng, hourStart);
    expect(weather.location).toEqual({ label: 'Berlin', source: 'profile', ...BERLIN });
    expect(weather.current).toEqual({
      time: hourStart,
      temperature: expected.temperature_2m,
      precipitation: expected.precipitation,
      windSpeed: expected.wind_speed_10m,
      weatherCode: expected.weather_code,
    });
    expect(weather.hours).toHaveLength(12);
    expect(weather.hours[0]?.time).toBe(hourStart);
    expect(weather.bestHour).toEqual(bestHourToRun(weather.hours, clock.now()));
    // 10:40: the 10:00 hour is shown but not suggested.
    expect(weather.hours[0]?.time).toBe(Date.UTC(2026, 10, 25, 10));
    expect(weather.bestHour?.time).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 25, 11));
    expect(weather.origin).toEqual({
      cacheKey: '52.52,13.41@2026-11-25T10',
      fetchedAt: new Date(clock.now()).toISOString(),
      source: meteo.url,
      fetchedNow: true,
    });
    const asked = meteo.requests.slice(before);
    expect(asked.map((request) => request.split('?')[0])).toEqual(['/v1/search', '/v1/forecast']);
    expect(asked[0]).toContain('name=Berlin&');

    clock.advance(29 * MINUTE_MS);
    const again = await weatherOf(runner);
    expect(again).toMatchObject({ status: 'ok', origin: { fetchedNow: false, fetchedAt: weather.origin.fetchedAt } });
    // Served from the cache into the next hour: the 12 hours from the current one, still complete.
    expect(again.status === 'ok' && again.hours.map((hour) => hour.time)).toEqual(
      Array.from({ length: 12 }, (_, i) => hourStart + (i + 1) * HOUR_MS),
    );
    expect(meteo.requests.length - before).toBe(2);

    clock.advance(2 * MINUTE_MS);
    expect(await weatherOf(runner)).toMatchObject({ status: 'ok', origin: { fetchedNow: true } });
    expect(meteo.requests.slice(before).filter((request) => request.startsWith('/v1/search'))).toHaveLength(1);
    expect(meteo.requests.length - before).toBe(3);
  });

  it('shares the cache between runners at the same rounded location', async () => {
    afterCacheExpiry();
    const first = await registerUser(server);
    const second = await registerUser(server);
    await setLocation(first, 'Berlin');
    await setLocation(second, 'Berlin');
    const forecasts = requestsTo('/v1/forecast').length;
    const [a, b] = await Promise.all([weatherOf(first), weatherOf(second)]);
    expect([a.status, b.status]).toEqual(['ok', 'ok']);
    expect(requestsTo('/v1/forecast').length - forecasts).toBe(1);
  });

  it('geocodes again only when the location text changes', async () => {
    const runner = await registerUser(server);
    await setLocation(runner, 'London');
    const searches = requestsTo('/v1/search').length;
    expect(await weatherOf(runner)).toMatchObject({
      status: 'ok',
      location: { label: 'London', lat: 51.51, lng: -0.13 },
    });
    await weatherOf(runner);
    expect(requestsTo('/v1/search').length - searches).toBe(1);
    await setLocation(runner, 'New York');
    expect(await weatherOf(runner)).toMatchObject({ status: 'ok', location: { label: 'New York' } });
    expect(requestsTo('/v1/search').length - searches).toBe(2);
  });

  it('falls back to the newest run’s start; an unknown place without runs says so, asked once', async () => {
    const runner = await registerUser(server);
    await setLocation(runner, 'Atlantis');
    const searches = requestsTo('/v1/search').length;
    expect(await weatherOf(runner)).toEqual({ status: 'no-location', message: UNKNOWN_PLACE_TEXT('Atlantis') });
    await uploadRun(runner, Date.UTC(2026, 10, 20, 7), 48.2, 16.37);
    await uploadRun(runner, Date.UTC(2026, 10, 10, 7), 45.81, 15.98);
    expect(await weatherOf(runner)).toMatchObject({
      status: 'ok',
      location: { label: 'Your latest run', source: 'activity', lat: 48.2, lng: 16.37 },
    });
    expect(requestsTo('/v1/search').length - searches).toBe(1);
  });

  it.each([
    ['an error status', () => (meteo.faults.error = { count: 1, status: 503 })],
    ['a timeout', () => (meteo.faults.slow = { count: 1, ms: 2_000 })],
    ['a malformed answer', () => (meteo.faults.malformed = { count: 1 })],
  ])(
    'answers "Weather unavailable" on %s, stores nothing, and a read after the pause fetches again',
    async (_, fault) => {
      const runner = await registerUser(server);
      await setLocation(runner, 'Berlin');
      await weatherOf(runner);
      afterCacheExpiry();
      fault();
      expect(await weatherOf(runner)).toEqual({ status: 'unavailable', message: WEATHER_UNAVAILABLE_TEXT });
      afterFailurePause();
      expect(await weatherOf(runner)).toMatchObject({ status: 'ok', origin: { fetchedNow: true } });
    },
  );

  it('a request waiting for another’s fetch that times out does not fetch again itself', async () => {
    const first = await registerUser(server);
    const second = await registerUser(server);
    await setLocation(first, 'Berlin');
    await setLocation(second, 'Berlin');
    await Promise.all([weatherOf(first), weatherOf(second)]);
    afterCacheExpiry();
    meteo.faults.slow = { count: 1, ms: 2_000 };
    const forecasts = requestsTo('/v1/forecast').length;
    const answers = await Promise.all([weatherOf(first), weatherOf(second)]);
    expect(answers).toEqual(Array(2).fill({ status: 'unavailable', message: WEATHER_UNAVAILABLE_TEXT }));
    expect(requestsTo('/v1/forecast').length - forecasts).toBe(1);
    afterFailurePause();
  });

  it('picks the place the rest of the location names: "London, Ontario" is not London, England', async () => {
    const runner = await registerUser(server);
    await setLocation(runner, 'London, Ontario');
    expect(await weatherOf(runner)).toMatchObject({ location: { label: 'London', lat: 42.98, lng: -81.23 } });
    await setLocation(runner, 'london, gb');
    expect(await weatherOf(runner)).toMatchObject({ location: { label: 'London', lat: 51.51, lng: -0.13 } });
    await setLocation(runner, 'London');
    expect(await weatherOf(runner)).toMatchObject({ location: { label: 'London', lat: 51.51, lng: -0.13 } });
  });

  it('uses the latest run while geocoding fails, and the place once it answers after the pause', async () => {
    const runner = await registerUser(server);
    await uploadRun(runner, Date.UTC(2026, 10, 20, 7), 48.2, 16.37);
    // A text no earlier test geocoded, so the server has not kept its place.
    await setLocation(runner, 'Berlin, DE');
    meteo.faults.error = { count: 1, status: 500 };
    expect(await weatherOf(runner)).toMatchObject({ status: 'ok', location: { source: 'activity' } });
    expect(await weatherOf(runner)).toMatchObject({ status: 'ok', location: { source: 'activity' } });
    afterFailurePause();
    expect(await weatherOf(runner)).toMatchObject({ status: 'ok', location: { source: 'profile', label: 'Berlin' } });
  });

  it('answers "Weather unavailable" when geocoding fails, and geocodes on the first read after the pause', async () => {
    const runner = await registerUser(server);
    await setLocation(runner, 'Paris');
    meteo.faults.error = { count: 1, status: 500 };
    expect(await weatherOf(runner)).toEqual({ status: 'unavailable', message: WEATHER_UNAVAILABLE_TEXT });
    // A text no earlier test geocoded: geocoding it waits for the pause.
    await setLocation(runner, 'London, United Kingdom');
    expect(await weatherOf(runner)).toEqual({ status: 'unavailable', message: WEATHER_UNAVAILABLE_TEXT });
    afterFailurePause();
    expect(await weatherOf(runner)).toMatchObject({ status: 'ok', location: { label: 'London' } });
  });

  it('needs a session', async () => {
    const visitor = await registerUser(server);
    await visitor.client.post('/api/auth/sign-out', {});
    expect((await visitor.client.get('/api/weather')).status).toBe(401);
  });
});

describe('POST /api/weather/prime', () => {
  it('fills the cache for the runner’s location and says what it fetched, when and from where', async () => {
    afterCacheExpiry();
    const runner = await registerUser(server);
    await setLocation(runner, 'Berlin');
    const primed = await runner.client.post<Weather>('/api/weather/prime', {});
    expect(primed.status).toBe(200);
    expect(primed.body).toMatchObject({
      status: 'ok',
      origin: { fetchedNow: true, source: meteo.url, fetchedAt: new Date(clock.now()).toISOString() },
    });
    const forecasts = requestsTo('/v1/forecast').length;
    expect(await weatherOf(runner)).toMatchObject({ status: 'ok', origin: { fetchedNow: false } });
    expect(requestsTo('/v1/forecast').length).toBe(forecasts);
  });
});

describe('GET /api/activities/{id}/weather', () => {
  it('fetches the archived hour at the start once and stores it with the activity', async () => {
    const runner = await registerUser(server);
    const start = Date.UTC(2026, 10, 20, 7, 10);
    const id = await uploadRun(runner, start);
    meteo.faults.error = { count: 1, status: 500 };
    const failed = await runner.client.get<ActivityWeather>(`/api/activities/${id}/weather`);
    expect(failed.body).toEqual({ status: 'unavailable', message: WEATHER_UNAVAILABLE_TEXT });
    afterFailurePause();
    const stored = () =>
      server.database.db.selectFrom('activityWeather').selectAll().where('activityId', '=', id).execute();
    expect(await stored()).toEqual([]);

    const archives = requestsTo('/v1/archive').length;
    const first = await runner.client.get<ActivityWeather>(`/api/activities/${id}/weather`);
    const hour = Date.UTC(2026, 10, 20, 7);
    const expected = standInHour(roundCoordinate(46.05), roundCoordinate(14.5), hour);
    expect(first.body).toEqual({
      status: 'ok',
      weather: {
        time: hour,
        temperature: expected.temperature_2m,
        precipitationProbability: null,
        precipitation: expected.precipitation,
        windSpeed: expected.wind_speed_10m,
        weatherCode: expected.weather_code,
      },
    });
    const second = await runner.client.get<ActivityWeather>(`/api/activities/${id}/weather`);
    expect(second.body).toEqual(first.body);
    expect(requestsTo('/v1/archive').length - archives).toBe(1);
    expect(requestsTo('/v1/archive').at(-1)).toContain('start_date=2026-11-20&end_date=2026-11-20');
    expect(await stored()).toHaveLength(1);
  });

  it('shows nothing for an activity without a start point, and 404 for another runner’s', async () => {
    const runner = await registerUser(server);
    const id = await uploadRun(runner, Date.UTC(2026, 10, 21, 7));
    await server.database.db
      .updateTable('activities')
      .set({ startLat: null, startLng: null })
      .where('id', '=', id)
      .execute();
    const archives = requestsTo('/v1/archive').length;
    expect((await runner.client.get(`/api/activities/${id}/weather`)).body).toEqual({ status: 'none' });
    expect(requestsTo('/v1/archive').length).toBe(archives);

    const other = await registerUser(server);
    expectApiError(await other.client.get(`/api/activities/${id}/weather`), 404, {
      type: 'api_error',
      message: NOT_FOUND_MESSAGES.activity,
    });
  });
});

// Two app servers share one database only on PostgreSQL (PGlite lives inside one process), so this
// test exists in the db:postgres project only (registered there, rather than reported as skipped).
const postgresOnly = testDatabaseKind() === 'postgres' ? describe : () => undefined;
postgresOnly('two app servers on one PostgreSQL database', () => {
  it('reuse one cached forecast: racing readers fetch once, and the second server reads the first’s row', async () => {
    afterCacheExpiry();
    const first = await registerUser(server);
    await setLocation(first, 'New York');
    const other = await startTestServer(
      { appSecret: server.config.appSecret, weather: weatherConfig() },
      { database: server.testDatabase, clock },
    );
    try {
      const second = { ...first, client: await signedInClient(other, first.credentials) };
      // Geocoded first, so the race is on the forecast alone.
      await server.database.db
        .insertInto('weatherPlaces')
        .values({
          userId: first.id,
          query: 'New York',
          name: 'New York',
          lat: 40.71,
          lng: -74.01,
          geocodedAt: new Date(clock.now()),
        })
        .onConflict((oc) => oc.column('userId').doNothing())
        .execute();
      const forecasts = requestsTo('/v1/forecast').length;
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => weatherOf(i % 2 === 0 ? first : second)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill('ok'));
      expect(requestsTo('/v1/forecast').length - forecasts).toBe(1);

      clock.advance(20 * MINUTE_MS);
      expect(await weatherOf(second)).toMatchObject({ status: 'ok', origin: { fetchedNow: false } });
      expect(requestsTo('/v1/forecast').length - forecasts).toBe(1);
    } finally {
      await other.stop();
    }
  });
});

describe('weather calls one runner can cause', () => {
  it('a runner switching back and forth between two places geocodes each once and fetches each forecast once', async () => {
    afterCacheExpiry();
    const runner = await registerUser(server);
    const before = meteo.requests.length;
    for (let i = 0; i < 20; i += 1) {
      // Texts no earlier test geocoded, so the server has not kept their places.
      await setLocation(runner, i % 2 === 0 ? 'Berlin, Land Berlin' : 'London, England');
      expect(await weatherOf(runner)).toMatchObject({ status: 'ok', location: { source: 'profile' } });
    }
    const asked = meteo.requests.slice(before).map((request) => request.split('?')[0]);
    expect(asked.filter((path) => path === '/v1/search')).toHaveLength(2);
    expect(asked.filter((path) => path === '/v1/forecast')).toHaveLength(2);
  });

  it('50 parallel dashboard reads at one place make one forecast call', async () => {
    afterCacheExpiry();
    const runner = await registerUser(server);
    await setLocation(runner, 'New York');
    await weatherOf(runner);
    afterCacheExpiry();
    const forecasts = requestsTo('/v1/forecast').length;
    const answers = await Promise.all(Array.from({ length: 50 }, () => weatherOf(runner)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill('ok'));
    expect(requestsTo('/v1/forecast').length - forecasts).toBe(1);
  });

  it('a failing forecast is not asked again for a minute, however often the dashboard reloads', async () => {
    afterCacheExpiry();
    const runner = await registerUser(server);
    await setLocation(runner, 'Berlin');
    await weatherOf(runner);
    afterCacheExpiry();
    meteo.faults.error = { count: 1_000, status: 503 };
    try {
      const forecasts = requestsTo('/v1/forecast').length;
      const answers = await Promise.all(Array.from({ length: 30 }, () => weatherOf(runner)));
      for (let i = 0; i < 20; i += 1) {
        answers.push(await weatherOf(runner));
      }
      expect(answers).toEqual(Array(50).fill({ status: 'unavailable', message: WEATHER_UNAVAILABLE_TEXT }));
      expect(requestsTo('/v1/forecast').length - forecasts).toBe(1);
    } finally {
      meteo.faults.error = null;
    }
    clock.advance(WEATHER_FAILURE_PAUSE_MS);
    expect(await weatherOf(runner)).toMatchObject({ status: 'ok', origin: { fetchedNow: true } });
  });

  it('a failing archive is asked at most once per activity opened at once, then not again for a minute', async () => {
    const runner = await registerUser(server);
    const ids = [
      await uploadRun(runner, Date.UTC(2026, 10, 2, 7), 46.05, 14.5),
      await uploadRun(runner, Date.UTC(2026, 10, 3, 7), 46.1, 14.6),
      await uploadRun(runner, Date.UTC(2026, 10, 4, 7), 46.2, 14.7),
    ];
    afterFailurePause();
    meteo.faults.error = { count: 1_000, status: 500 };
    const archives = requestsTo('/v1/archive').length;
    let failed = 0;
    try {
      const reads = ids.flatMap((id) => Array.from({ length: 10 }, () => id));
      const answers = await Promise.all(
        reads.map(async (id) => (await runner.client.get<ActivityWeather>(`/api/activities/${id}/weather`)).body),
      );
      for (const id of reads) {
        answers.push((await runner.client.get<ActivityWeather>(`/api/activities/${id}/weather`)).body);
      }
      expect(answers).toEqual(Array(60).fill({ status: 'unavailable', message: WEATHER_UNAVAILABLE_TEXT }));
      // At most one call per activity, for the reads that came while its first call was out; how
      // many came before the first failure was known depends on the machine's speed, none after it.
      failed = requestsTo('/v1/archive').length - archives;
      expect(failed).toBeGreaterThanOrEqual(1);
      expect(failed).toBeLessThanOrEqual(3);
    } finally {
      meteo.faults.error = null;
    }
    clock.advance(WEATHER_FAILURE_PAUSE_MS);
    const answer = await runner.client.get<ActivityWeather>(`/api/activities/${ids[0]}/weather`);
    expect(answer.body).toMatchObject({ status: 'ok' });
    expect(requestsTo('/v1/archive').length - archives).toBe(failed + 1);
  });
});
