/**
 * Stride's client of an Open-Meteo-compatible weather provider over real HTTP: the forecast, the
 * historical archive and geocoding, each at its configured base URL. Every answer is checked with
 * core's zod schemas (counted and ranged) after being read up to its cap; an error status, a timeout, a refused connection or an answer of the wrong
 * shape is a {@link WeatherProviderError}, which the services turn into "Weather unavailable".
 */
import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  archiveResponseSchema,
  archiveUrl,
  chooseGeocodingResult,
  forecastResponseSchema,
  forecastUrl,
  GEOCODING_CANDIDATES,
  geocodingQuery,
  geocodingResponseSchema,
  geocodingUrl,
  openMeteoErrorSchema,
  type ArchiveResponse,
  type ForecastResponse,
} from '../../../core/weather/open-meteo.ts';
import { WEATHER_BODY_MAX_BYTES } from '../../../core/upstream-limits.ts';
import type { WeatherConfig } from '../../config.ts';
import { REAL_CLOCK, timeoutSignal, type Clock } from '../../clock.ts';
import { readCappedJson } from '../upstream-body.ts';

export class WeatherProviderError extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = 'WeatherProviderError';
  }
}

export interface GeocodedPlace {
  name: string;
  lat: number;
  lng: number;
}

export interface WeatherClient {
  /** The base URLs requests go to (shown on the debug page). */
  readonly config: WeatherConfig;
  forecast(lat: number, lng: number): Promise<ForecastResponse>;
  /** Hourly history of one UTC day (YYYY-MM-DD). */
  archive(lat: number, lng: number, day: string): Promise<ArchiveResponse>;
  /** The place a location text names ("London, Ontario"), or null when the provider knows none. */
  geocode(text: string): Promise<GeocodedPlace | null>;
}

export function createWeatherClient(config: WeatherConfig, logger: Logger, clock: Clock = REAL_CLOCK): WeatherClient {
  async function getJson<S extends z.ZodType>(url: string, schema: S): Promise<z.infer<S>> {
    const path = new URL(url).pathname;
    let response: Response;
    try {
      response = await fetch(url, {
        signal: timeoutSignal(clock, config.timeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      logger.warn(
        { path, timeoutMs: config.timeoutMs },
        timedOut ? 'Weather provider timed out' : 'Weather provider unreachable',
      );
      throw new WeatherProviderError(timedOut ? 'timeout' : 'unreachable', url);
    }
    if (!response.ok) {
      // Open-Meteo names the problem in its error body; anything else is only the status.
      const problem = openMeteoErrorSchema.safeParse(
        await readCappedJson(response, WEATHER_BODY_MAX_BYTES).catch(() => null),
      );
      logger.warn(
        { path, status: response.status, ...(problem.success ? { reason: problem.data.reason } : {}) },
        'Weather provider answered an error',
      );
      throw new WeatherProviderError(`status ${response.status}`, url);
    }
    let body: unknown;
    try {
      // Read up to its cap (core/upstream-limits.ts): the transfer stops there.
      body = await readCappedJson(response, WEATHER_BODY_MAX_BYTES);
    } catch {
      logger.warn({ path }, 'Weather provider answered something other than JSON, or too much of it');
      throw new WeatherProviderError('malformed', url);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      logger.warn({ path }, 'Weather provider answered an unexpected shape');
      throw new WeatherProviderError('unexpected shape', url);
    }
    return parsed.data;
  }

  return {
    config,
    forecast: (lat, lng) => getJson(forecastUrl(config.forecastUrl, lat, lng), forecastResponseSchema),
    archive: (lat, lng, day) => getJson(archiveUrl(config.archiveUrl, lat, lng, day), archiveResponseSchema),
    geocode: async (text) => {
      const { name, qualifiers } = geocodingQuery(text);
      const answer = await getJson(
        geocodingUrl(config.geocodingUrl, name, GEOCODING_CANDIDATES),
        geocodingResponseSchema,
      );
      const place = chooseGeocodingResult(answer.results ?? [], qualifiers);
      return place ? { name: place.name, lat: place.latitude, lng: place.longitude } : null;
    },
  };
}
