/**
 * Weather for the runner: where they run (the profile's location geocoded once, else the newest
 * activity's start), the forecast there from the cache shared by every app server (fetched at most
 * once per rounded location per 30 minutes), the best hour to run in the next 12, and the archived
 * weather at an activity's start (stored once). Any provider failure answers "Weather unavailable".
 * Each app server also keeps its calls to the provider down: identical calls in flight at once are
 * made once, a location text is geocoded once a day for every runner, and after a failure that kind
 * of call pauses for a minute.
 */
import {
  FORECAST_REFRESH_MS,
  GEOCODE_CACHE_ENTRIES,
  GEOCODE_CACHE_MS,
  WEATHER_FAILURE_PAUSE_MS,
  LATEST_RUN_LABEL,
  NO_WEATHER_LOCATION_TEXT,
  UNKNOWN_PLACE_TEXT,
  WEATHER_UNAVAILABLE_TEXT,
  type ActivityWeather,
  type ForecastOrigin,
  type Weather,
  type WeatherLocation,
} from '../../core/weather/weather-api.ts';
import { bestHourToRun } from '../../core/weather/best-time.ts';
import {
  archiveHourAt,
  FORECAST_HOURS,
  forecastHours,
  forecastResponseSchema,
  LOCATION_DECIMALS,
  roundCoordinate,
  weatherCacheKey,
  type ForecastResponse,
} from '../../core/weather/open-meteo.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import type { Loaded } from '../cache/read-cache.ts';
import {
  activityStart,
  claimForecast,
  findActivityWeather,
  findForecast,
  findPlace,
  latestStartPoint,
  profileLocationText,
  releaseForecastClaim,
  saveActivityWeather,
  savePlace,
  storeForecast,
  type StoredForecast,
  type StoredPlace,
} from '../db/weather-repository.ts';
import { notFound } from '../errors.ts';
import {
  WeatherProviderError,
  type GeocodedPlace,
  type WeatherClient,
} from '../integrations/weather/open-meteo-client.ts';
import type { WiringContext } from './service-context.ts';

type CallKind = 'forecast' | 'archive' | 'geocode';

/** What one app server remembers of its calls to the provider. */
export interface WeatherMemory {
  /** Calls under way, by kind and arguments: a second identical call waits for the first. */
  inFlight: Map<string, Promise<unknown>>;
  /** Until when each kind of call is paused after a failure (ms since the epoch). */
  pausedUntil: Map<CallKind, number>;
  /** Geocoded places by normalised location text, with when they were found. */
  places: Map<string, { place: GeocodedPlace | null; at: number }>;
}

export function createWeatherMemory(): WeatherMemory {
  return { inFlight: new Map(), pausedUntil: new Map(), places: new Map() };
}

export type WeatherContext = Pick<WiringContext, 'db' | 'clock' | 'logger'> & {
  client: WeatherClient;
  memory: WeatherMemory;
};

const urlOf = (client: WeatherClient, kind: CallKind) =>
  kind === 'forecast'
    ? client.config.forecastUrl
    : kind === 'archive'
      ? client.config.archiveUrl
      : client.config.geocodingUrl;

/**
 * Runs `work` unless that kind of call is paused after a failure; an identical call already under
 * way is shared rather than repeated. A provider failure pauses the kind for WEATHER_FAILURE_PAUSE_MS.
 */
async function callOnce<T>(context: WeatherContext, kind: CallKind, key: string, work: () => Promise<T>): Promise<T> {
  const { memory, clock, client } = context;
  const paused = memory.pausedUntil.get(kind);
  if (paused !== undefined && clock.now() < paused) {
    throw new WeatherProviderError(`${kind} calls are paused after a failure`, urlOf(client, kind));
  }
  const slot = `${kind}:${key}`;
  const running = memory.inFlight.get(slot);
  if (running) {
    return running as Promise<T>;
  }
  const call = (async () => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof WeatherProviderError) {
        memory.pausedUntil.set(kind, clock.now() + WEATHER_FAILURE_PAUSE_MS);
      }
      throw error;
    } finally {
      memory.inFlight.delete(slot);
    }
  })();
  memory.inFlight.set(slot, call);
  return call;
}

/** The place a location text names, from the server's memory when geocoded in the last day. */
async function geocode(context: WeatherContext, text: string): Promise<GeocodedPlace | null> {
  const { memory, clock, client } = context;
  const key = text.toLowerCase().replace(/\s+/g, ' ');
  const known = memory.places.get(key);
  if (known && known.at > clock.now() - GEOCODE_CACHE_MS) {
    return known.place;
  }
  const place = await callOnce(context, 'geocode', key, () => client.geocode(text));
  memory.places.delete(key);
  memory.places.set(key, { place, at: clock.now() });
  if (memory.places.size > GEOCODE_CACHE_ENTRIES) {
    const oldest = memory.places.keys().next();
    if (!oldest.done) {
      memory.places.delete(oldest.value);
    }
  }
  return place;
}

const HOUR_MS = 3_600_000;
const HALF_HOUR_MS = HOUR_MS / 2;
/** How often a request waiting for another server's fetch looks at the cache again. */
const CLAIM_POLL_MS = 100;
const locationKey = (lat: number, lng: number) =>
  `${roundCoordinate(lat).toFixed(LOCATION_DECIMALS)},${roundCoordinate(lng).toFixed(LOCATION_DECIMALS)}`;

/** Where the runner runs; `geocoderFailed` when the latest run serves only because geocoding failed. */
type RunnerLocation = { found: WeatherLocation; geocoderFailed: boolean } | { missing: string };

/**
 * The profile's place, geocoded once per location text; the newest activity's start otherwise (also
 * while the geocoder is failing).
 */
async function runnerLocation(context: WeatherContext, userId: string): Promise<RunnerLocation> {
  const { db, clock } = context;
  const text = (await profileLocationText(db, userId)).trim();
  let geocoderFailure: WeatherProviderError | null = null;
  if (text !== '') {
    let place: StoredPlace | undefined = await findPlace(db, userId);
    if (place?.query !== text) {
      try {
        const match = await geocode(context, text);
        place = { query: text, name: match?.name ?? null, lat: match?.lat ?? null, lng: match?.lng ?? null };
        await savePlace(db, userId, place, new Date(clock.now()));
      } catch (error) {
        // Nothing is stored, so the next read asks again; meanwhile the latest run's start serves.
        if (!(error instanceof WeatherProviderError)) {
          throw error;
        }
        geocoderFailure = error;
        place = undefined;
      }
    }
    if (place && place.lat !== null && place.lng !== null) {
      const found = { label: place.name ?? text, source: 'profile' as const };
      return {
        found: { ...found, lat: roundCoordinate(place.lat), lng: roundCoordinate(place.lng) },
        geocoderFailed: false,
      };
    }
  }
  const start = await latestStartPoint(db, userId);
  if (start) {
    const found = { label: LATEST_RUN_LABEL, source: 'activity' as const };
    return {
      found: { ...found, lat: roundCoordinate(start.lat), lng: roundCoordinate(start.lng) },
      geocoderFailed: geocoderFailure !== null,
    };
  }
  if (geocoderFailure) {
    throw geocoderFailure;
  }
  return { missing: text === '' ? NO_WEATHER_LOCATION_TEXT : UNKNOWN_PLACE_TEXT(text) };
}

function freshForecast(row: StoredForecast | undefined, now: number): ForecastResponse | null {
  if (!row?.fetchedAt || row.forecast === null || row.fetchedAt.getTime() < now - FORECAST_REFRESH_MS) {
    return null;
  }
  const parsed = forecastResponseSchema.safeParse(row.forecast);
  return parsed.success ? parsed.data : null;
}

const originOf = (row: StoredForecast, fetchedNow: boolean): ForecastOrigin => ({
  cacheKey: row.cacheKey ?? '',
  fetchedAt: (row.fetchedAt ?? new Date(0)).toISOString(),
  source: row.sourceUrl ?? '',
  fetchedNow,
});

/**
 * The location's forecast from the shared cache, fetched when none is younger than 30 minutes.
 * Only the request holding the claim fetches; others (on any app server) wait for its row.
 */
async function readForecast(
  context: WeatherContext,
  location: WeatherLocation,
): Promise<{ forecast: ForecastResponse; origin: ForecastOrigin }> {
  const { db, clock, client } = context;
  const key = locationKey(location.lat, location.lng);
  const claimMs = client.config.timeoutMs + 5_000;
  for (let waited = 0; waited <= claimMs; waited += CLAIM_POLL_MS) {
    const now = clock.now();
    const row = await findForecast(db, key);
    const cached = freshForecast(row, now);
    if (row && cached) {
      return { forecast: cached, origin: originOf(row, false) };
    }
    if (waited > 0 && row?.claimedUntil === null) {
      // The fetch waited for gave its claim back: it failed, and this request does not repeat it.
      throw new WeatherProviderError('the forecast being waited for failed', client.config.forecastUrl);
    }
    const claimed = await claimForecast(
      db,
      { locationKey: key, lat: location.lat, lng: location.lng },
      { now: new Date(now), staleBefore: new Date(now - FORECAST_REFRESH_MS), claimUntil: new Date(now + claimMs) },
    );
    if (claimed) {
      let forecast: ForecastResponse;
      try {
        forecast = await client.forecast(location.lat, location.lng);
      } catch (error) {
        await releaseForecastClaim(db, key);
        throw error;
      }
      const fetched = {
        cacheKey: weatherCacheKey(location.lat, location.lng, now),
        forecast,
        fetchedAt: new Date(now),
        sourceUrl: client.config.forecastUrl,
      };
      await storeForecast(db, key, fetched);
      return { forecast, origin: originOf({ ...fetched, locationKey: key, ...location, claimedUntil: null }, true) };
    }
    await clock.sleep(CLAIM_POLL_MS);
  }
  throw new WeatherProviderError('another request is still fetching this forecast', client.config.forecastUrl);
}

const UNAVAILABLE = { status: 'unavailable', message: WEATHER_UNAVAILABLE_TEXT } as const;

/** A provider failure is an answer the page shows; anything else (the database) stays an error. */
function unavailable(error: unknown): typeof UNAVAILABLE {
  if (error instanceof WeatherProviderError) {
    return UNAVAILABLE;
  }
  throw error;
}

/** GET /api/weather and the debug page's priming: current conditions, the next 12 hours, the best hour. */
export async function getWeather(context: WeatherContext, userId: string): Promise<Weather> {
  return (await loadWeather(context, userId)).answer;
}

/**
 * The same answer, with what of it a read cache may serve again and until when. The answer changes
 * with the half hour (the hours shown start at the current one; the best hour skips one half over)
 * and with the forecast's freshness, so it is kept until the earlier of the next half hour and the
 * moment its forecast is no longer fresh (30 minutes after it was fetched), and as having come from
 * the cache. "Weather unavailable", and the latest run standing in while geocoding fails, are not
 * kept: the next read asks again.
 */
export async function loadWeather(context: WeatherContext, userId: string): Promise<Loaded<Weather>> {
  const now = context.clock.now();
  const nextHalfHour = (Math.floor(now / HALF_HOUR_MS) + 1) * HALF_HOUR_MS;
  try {
    const location = await runnerLocation(context, userId);
    if ('missing' in location) {
      const answer: Weather = { status: 'no-location', message: location.missing };
      return { answer, keep: { answer, until: nextHalfHour } };
    }
    const { lat, lng } = location.found;
    const { forecast, origin } = await callOnce(context, 'forecast', locationKey(lat, lng), () =>
      readForecast(context, location.found),
    );
    const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS;
    const hours = forecastHours(forecast)
      .filter((hour) => hour.time >= hourStart)
      .slice(0, FORECAST_HOURS);
    const { current } = forecast;
    const answer: Weather = {
      status: 'ok',
      location: location.found,
      current: {
        time: current.time * 1000,
        temperature: current.temperature_2m,
        precipitation: current.precipitation,
        windSpeed: current.wind_speed_10m,
        weatherCode: current.weather_code,
      },
      hours,
      bestHour: bestHourToRun(hours, now),
      origin,
    };
    if (location.geocoderFailed) {
      return { answer, keep: null };
    }
    const until = Math.min(nextHalfHour, Date.parse(origin.fetchedAt) + FORECAST_REFRESH_MS);
    return { answer, keep: { answer: { ...answer, origin: { ...origin, fetchedNow: false } }, until } };
  } catch (error) {
    return { answer: unavailable(error), keep: null };
  }
}

/**
 * The weather at an activity's start from the provider's archive, stored with the activity the
 * first time it is found. A failure, or a day the archive has no data for yet, stores nothing, so
 * a later visit asks again.
 */
export async function getActivityWeather(
  context: WeatherContext,
  userId: string,
  activityId: string,
): Promise<ActivityWeather> {
  const { db, client, clock } = context;
  const start = await activityStart(db, userId, activityId);
  if (!start) {
    throw notFound(NOT_FOUND_MESSAGES.activity);
  }
  if (start.startLat === null || start.startLng === null) {
    return { status: 'none' };
  }
  const stored = await findActivityWeather(db, activityId);
  if (stored) {
    const { hour, ...figures } = stored;
    return { status: 'ok', weather: { ...figures, time: hour.getTime(), precipitationProbability: null } };
  }
  const startMs = start.startDate.getTime();
  try {
    const { startLat, startLng } = start;
    const day = new Date(startMs).toISOString().slice(0, 10);
    const archive = await callOnce(context, 'archive', `${locationKey(startLat, startLng)}@${day}`, () =>
      client.archive(startLat, startLng, day),
    );
    const hour = archiveHourAt(archive, startMs);
    if (hour === null || hour.temperature === null) {
      return UNAVAILABLE;
    }
    await saveActivityWeather(db, {
      activityId,
      userId,
      hour: new Date(hour.time),
      temperature: hour.temperature,
      precipitation: hour.precipitation,
      windSpeed: hour.windSpeed,
      weatherCode: hour.weatherCode,
      sourceUrl: client.config.archiveUrl,
      fetchedAt: new Date(clock.now()),
    });
    return { status: 'ok', weather: hour };
  } catch (error) {
    return unavailable(error);
  }
}
