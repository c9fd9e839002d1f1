/**
 * The weather API's payloads, shared by server and web: GET /api/weather (the dashboard card),
 * POST /api/weather/prime (the debug page) and GET /api/activities/{id}/weather. Figures are the
 * provider's metric units (°C, km/h, mm, %); times are ms since the epoch (UTC).
 */
import { z } from 'zod';

/** What the page shows, word for word, whenever the provider fails (error, timeout, malformed answer). */
export const WEATHER_UNAVAILABLE_TEXT = 'Weather unavailable';
/** A runner with no location in the profile and no run with a start point. */
export const NO_WEATHER_LOCATION_TEXT =
  'Set your location in Account settings or upload a run with a GPS track to see the weather where you run.';
/** A location typed in the profile that the geocoder does not know, and no run to fall back on. */
export const UNKNOWN_PLACE_TEXT = (place: string) =>
  `“${place}” was not found. Check the location in Account settings or upload a run with a GPS track.`;

/** The label of a location taken from the newest activity's start. */
export const LATEST_RUN_LABEL = 'Your latest run';

/** A forecast is fetched at most once per rounded location in this long (all app servers together). */
export const FORECAST_REFRESH_MS = 30 * 60_000;

/**
 * After the provider fails a kind of call (forecast, archive, geocoding), an app server asks it for
 * that kind again only after this long; reads meanwhile answer WEATHER_UNAVAILABLE_TEXT at once.
 */
export const WEATHER_FAILURE_PAUSE_MS = 60_000;

/** A location text's geocoded place is kept this long by the app server, for every runner. */
export const GEOCODE_CACHE_MS = 24 * 60 * 60_000;
/** At most this many location texts are kept (the oldest goes first). */
export const GEOCODE_CACHE_ENTRIES = 1_000;

export const weatherHourSchema = z.object({
  time: z.number(),
  temperature: z.number().nullable(),
  precipitationProbability: z.number().nullable(),
  precipitation: z.number().nullable(),
  windSpeed: z.number().nullable(),
  weatherCode: z.number().int().nullable(),
});
export type WeatherHour = z.infer<typeof weatherHourSchema>;

export const weatherLocationSchema = z.object({
  /** The place name from the profile, or LATEST_RUN_LABEL. */
  label: z.string(),
  source: z.enum(['profile', 'activity']),
  /** Rounded to the cache's 0.01°. */
  lat: z.number(),
  lng: z.number(),
});
export type WeatherLocation = z.infer<typeof weatherLocationSchema>;

export const currentWeatherSchema = z.object({
  time: z.number(),
  temperature: z.number(),
  precipitation: z.number(),
  windSpeed: z.number(),
  weatherCode: z.number().int(),
});

/** Where a forecast came from: the cache key, when it was fetched and the provider's URL base. */
export const forecastOriginSchema = z.object({
  cacheKey: z.string(),
  fetchedAt: z.string(),
  source: z.string(),
  /** True when this request fetched it; false when another request (or server) had within 30 minutes. */
  fetchedNow: z.boolean(),
});
export type ForecastOrigin = z.infer<typeof forecastOriginSchema>;

export const weatherSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    location: weatherLocationSchema,
    current: currentWeatherSchema,
    /** The next 12 hours from the current one. */
    hours: z.array(weatherHourSchema),
    /** The best hour to run among them (core/weather/best-time.ts), or null when none can be scored. */
    bestHour: weatherHourSchema.nullable(),
    origin: forecastOriginSchema,
  }),
  z.object({ status: z.literal('no-location'), message: z.string() }),
  z.object({ status: z.literal('unavailable'), message: z.string() }),
]);
export type Weather = z.infer<typeof weatherSchema>;

export const activityWeatherSchema = z.discriminatedUnion('status', [
  /** The archived hour nearest the start. */
  z.object({ status: z.literal('ok'), weather: weatherHourSchema }),
  /** No start point (a treadmill run, a file without GPS): nothing to show. */
  z.object({ status: z.literal('none') }),
  /** The archive failed or has no data yet; nothing was stored, so the next visit asks again. */
  z.object({ status: z.literal('unavailable'), message: z.string() }),
]);
export type ActivityWeather = z.infer<typeof activityWeatherSchema>;
