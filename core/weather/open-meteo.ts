/**
 * The Open-Meteo protocol as Stride uses it (open-meteo.com/en/docs, /en/docs/historical-weather-api,
 * /en/docs/geocoding-api): request URL builders and zod schemas of the answers, with the official
 * field names. Times are requested as Unix seconds (`timeformat=unixtime`) so no time zone is parsed;
 * units are the defaults (°C, mm, km/h).
 */
import { z } from 'zod';
import { isPlausible, plausibleOrNull, type PlausibleKind } from '../plausible-ranges.ts';
import { WEATHER_MAX_HOURS } from '../upstream-limits.ts';

export const DEFAULT_WEATHER_URL = 'https://api.open-meteo.com';
export const DEFAULT_WEATHER_ARCHIVE_URL = 'https://archive-api.open-meteo.com';
export const DEFAULT_GEOCODING_URL = 'https://geocoding-api.open-meteo.com';
/** Hours of forecast the planner shows and scores. */
export const FORECAST_HOURS = 12;
/**
 * Hours asked for: one more than shown, since a forecast is served from the cache for up to 30
 * minutes and so into the next hour at most once; it still covers the 12 hours from then.
 */
export const FORECAST_FETCH_HOURS = FORECAST_HOURS + 1;

export const CURRENT_VARIABLES = ['temperature_2m', 'precipitation', 'wind_speed_10m', 'weather_code'] as const;
export const HOURLY_VARIABLES = [
  'temperature_2m',
  'precipitation_probability',
  'precipitation',
  'wind_speed_10m',
  'weather_code',
] as const;
/** The archive has no precipitation probability: what fell is known. */
export const ARCHIVE_VARIABLES = ['temperature_2m', 'precipitation', 'wind_speed_10m', 'weather_code'] as const;

/**
 * Decimal places a location is rounded to for the cache key and the request: 2 places is 0.01°,
 * at most ~1.1 km, finer than the forecast models' grid (1–11 km), so neighbours share an answer.
 */
export const LOCATION_DECIMALS = 2;

export function roundCoordinate(value: number): number {
  const factor = 10 ** LOCATION_DECIMALS;
  // + 0 turns -0 into 0, so both sides of the equator or meridian share one key.
  return Math.round(value * factor) / factor + 0;
}

/** The cache key of a forecast: rounded location and the UTC hour (forecasts change hourly). */
export function weatherCacheKey(lat: number, lng: number, atMs: number): string {
  const hour = new Date(Math.floor(atMs / 3_600_000) * 3_600_000).toISOString().slice(0, 13);
  return `${roundCoordinate(lat).toFixed(LOCATION_DECIMALS)},${roundCoordinate(lng).toFixed(LOCATION_DECIMALS)}@${hour}`;
}

function withBase(base: string, path: string, params: Record<string, string>): string {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
  for (const [key, value] of Object.entries(params)) {
    url.searchParams.set(key, value);
  }
  return url.toString();
}

/** Current conditions and the next FORECAST_FETCH_HOURS hours at a (rounded) location. */
export function forecastUrl(base: string, lat: number, lng: number): string {
  return withBase(base, 'v1/forecast', {
    latitude: String(roundCoordinate(lat)),
    longitude: String(roundCoordinate(lng)),
    current: CURRENT_VARIABLES.join(','),
    hourly: HOURLY_VARIABLES.join(','),
    forecast_hours: String(FORECAST_FETCH_HOURS),
    timeformat: 'unixtime',
    timezone: 'GMT',
  });
}

/** Hourly history of one UTC day (YYYY-MM-DD) at a location, for the weather at an activity's start. */
export function archiveUrl(base: string, lat: number, lng: number, day: string): string {
  return withBase(base, 'v1/archive', {
    latitude: String(roundCoordinate(lat)),
    longitude: String(roundCoordinate(lng)),
    start_date: day,
    end_date: day,
    hourly: ARCHIVE_VARIABLES.join(','),
    timeformat: 'unixtime',
    timezone: 'GMT',
  });
}

/** Places matching a name typed by the runner. */
export function geocodingUrl(base: string, name: string, count = 5): string {
  return withBase(base, 'v1/search', { name: name.trim(), count: String(count), language: 'en', format: 'json' });
}

/**
 * Answers are counted and ranged (core/plausible-ranges.ts, core/upstream-limits.ts): at most
 * WEATHER_MAX_HOURS hours, a current value outside its range refuses the answer, an hourly one is
 * dropped (null).
 */
const ranged = (kind: PlausibleKind) => z.number().refine((value) => isPlausible(kind, value));
const unixSeconds = z.number().refine((value) => isPlausible('time', value * 1000));
const series = (kind: PlausibleKind) =>
  z
    .array(z.number().nullable())
    .max(WEATHER_MAX_HOURS)
    .transform((values) => values.map((value) => plausibleOrNull(kind, value)));
const hours = z.array(unixSeconds).max(WEATHER_MAX_HOURS);

/** The hourly series the archive answers with; a forecast adds the chance of rain. */
const archivedHours = {
  time: hours,
  temperature_2m: series('temperature'),
  precipitation: series('precipitation'),
  wind_speed_10m: series('windSpeed'),
  weather_code: series('weatherCode'),
};

export const forecastResponseSchema = z.object({
  latitude: ranged('latitude'),
  longitude: ranged('longitude'),
  utc_offset_seconds: ranged('utcOffsetSeconds').optional(),
  current: z.object({
    time: unixSeconds,
    temperature_2m: ranged('temperature'),
    precipitation: ranged('precipitation'),
    wind_speed_10m: ranged('windSpeed'),
    weather_code: ranged('weatherCode').pipe(z.number().int()),
  }),
  hourly: z.object({ ...archivedHours, precipitation_probability: series('precipitationProbability') }),
});
export type ForecastResponse = z.infer<typeof forecastResponseSchema>;

export const archiveResponseSchema = z.object({
  latitude: ranged('latitude'),
  longitude: ranged('longitude'),
  hourly: z.object(archivedHours),
});
export type ArchiveResponse = z.infer<typeof archiveResponseSchema>;

/** `results` is left out of the answer when nothing matches. */
export const geocodingResponseSchema = z.object({
  results: z
    .array(
      z.object({
        id: z.number(),
        name: z.string(),
        latitude: z.number(),
        longitude: z.number(),
        country: z.string().optional(),
        country_code: z.string().optional(),
        admin1: z.string().optional(),
        timezone: z.string().optional(),
      }),
    )
    .optional(),
});

export type GeocodingResult = NonNullable<z.infer<typeof geocodingResponseSchema>['results']>[number];

/** How many places a profile's location is looked up among. */
export const GEOCODING_CANDIDATES = 10;

/**
 * A profile's location text as the geocoder is asked for it, and the place chosen from its answer.
 * Geocoders match place names, not addresses, so "London, Ontario" is looked up as "London"; the
 * rest of the text (region, country or country code, comma-separated) then picks among the places
 * of that name: the first whose region, country or country code each part names (case-insensitive,
 * a part may be the start of one, "Ont" for Ontario), else the first answer (the most populous).
 */
export function geocodingQuery(text: string): { name: string; qualifiers: string[] } {
  const [name = '', ...rest] = text.split(',').map((part) => part.trim());
  return { name: name || text.trim(), qualifiers: rest.filter((part) => part !== '') };
}

export function chooseGeocodingResult(
  results: readonly GeocodingResult[],
  qualifiers: readonly string[],
): GeocodingResult | null {
  const names = (result: GeocodingResult) =>
    [result.admin1, result.country, result.country_code].filter((value) => value !== undefined).map(lower);
  const matches = (result: GeocodingResult) =>
    qualifiers.every((qualifier) => names(result).some((name) => name.startsWith(lower(qualifier))));
  return results.find(matches) ?? results[0] ?? null;
}

const lower = (text: string) => text.toLocaleLowerCase('en');

/** Open-Meteo's error body (status 400), e.g. `{"error": true, "reason": "Latitude must be in range…"}`. */
export const openMeteoErrorSchema = z.object({ error: z.literal(true), reason: z.string() });

export interface HourlyWeather {
  /** ms since the epoch (UTC). */
  time: number;
  temperature: number | null;
  precipitationProbability: number | null;
  precipitation: number | null;
  windSpeed: number | null;
  weatherCode: number | null;
}

/** The forecast's hours as rows (column arrays are zipped by index). */
export function forecastHours(forecast: ForecastResponse): HourlyWeather[] {
  const { hourly } = forecast;
  return hourly.time.map((seconds, i) => ({
    time: seconds * 1000,
    temperature: hourly.temperature_2m[i] ?? null,
    precipitationProbability: hourly.precipitation_probability[i] ?? null,
    precipitation: hourly.precipitation[i] ?? null,
    windSpeed: hourly.wind_speed_10m[i] ?? null,
    weatherCode: hourly.weather_code[i] ?? null,
  }));
}

/** The archived hour nearest to `atMs` (an activity's start), or null when the day has no data. */
export function archiveHourAt(archive: ArchiveResponse, atMs: number): HourlyWeather | null {
  const { hourly } = archive;
  let best = -1;
  hourly.time.forEach((seconds, i) => {
    if (best < 0 || Math.abs(seconds * 1000 - atMs) < Math.abs((hourly.time[best] as number) * 1000 - atMs)) {
      best = i;
    }
  });
  if (best < 0 || hourly.temperature_2m[best] === null) {
    return null;
  }
  return {
    time: (hourly.time[best] as number) * 1000,
    temperature: hourly.temperature_2m[best] ?? null,
    precipitationProbability: null,
    precipitation: hourly.precipitation[best] ?? null,
    windSpeed: hourly.wind_speed_10m[best] ?? null,
    weatherCode: hourly.weather_code[best] ?? null,
  };
}
