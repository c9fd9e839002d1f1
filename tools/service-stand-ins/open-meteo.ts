// An Open-Meteo-compatible weather stand-in serving, on one port, the forecast (/v1/forecast), the
// historical archive (/v1/archive) and geocoding (/v1/search) APIs (open-meteo.com/en/docs…). Values
// are deterministic functions of the position and the hour (standInHour), so tests can predict
// them; `timeformat=unixtime` is honoured (ISO "YYYY-MM-DDTHH:MM" otherwise, as the real API does).
import { startStandIn, type StandIn } from './stand-in-server.ts';

const HOUR_MS = 3_600_000;

export interface StandInHour {
  temperature_2m: number;
  precipitation_probability: number;
  precipitation: number;
  wind_speed_10m: number;
  weather_code: number;
}

/**
 * The weather at a place and UTC hour: a daily temperature cycle around a base set by latitude
 * (warmest at 15:00 UTC), rain in hours 3–5 of every 12 at positive longitudes, wind rising at night.
 */
export function standInHour(lat: number, lng: number, hourMs: number): StandInHour {
  const hourOfDay = new Date(hourMs).getUTCHours();
  const base = 25 - Math.abs(lat) * 0.3;
  const temperature = base + 6 * Math.cos(((hourOfDay - 15) / 24) * 2 * Math.PI);
  const raining = lng >= 0 && hourOfDay % 12 >= 3 && hourOfDay % 12 <= 5;
  return {
    temperature_2m: Math.round(temperature * 10) / 10,
    precipitation_probability: raining ? 80 : 5,
    precipitation: raining ? 1.2 : 0,
    wind_speed_10m: hourOfDay < 6 ? 25 : 10,
    weather_code: raining ? 63 : hourOfDay < 6 ? 3 : 1,
  };
}

/** Places the geocoding stand-in knows; any other name has no results. */
export const STAND_IN_PLACES = [
  {
    id: 2950159,
    name: 'Berlin',
    latitude: 52.52437,
    longitude: 13.41053,
    country: 'Germany',
    country_code: 'DE',
    admin1: 'Land Berlin',
    timezone: 'Europe/Berlin',
  },
  {
    id: 2643743,
    name: 'London',
    latitude: 51.50853,
    longitude: -0.12574,
    country: 'United Kingdom',
    country_code: 'GB',
    admin1: 'England',
    timezone: 'Europe/London',
  },
  {
    id: 5128581,
    name: 'New York',
    latitude: 40.71427,
    longitude: -74.00597,
    country: 'United States',
    country_code: 'US',
    admin1: 'New York',
    timezone: 'America/New_York',
  },
  // A second London, after the first as the provider orders by population.
  {
    id: 6058560,
    name: 'London',
    latitude: 42.98339,
    longitude: -81.23304,
    country: 'Canada',
    country_code: 'CA',
    admin1: 'Ontario',
    timezone: 'America/Toronto',
  },
];

function column<K extends keyof StandInHour>(variables: string[], key: K): boolean {
  return variables.includes(key);
}

function hourlyBlock(lat: number, lng: number, startMs: number, count: number, variables: string[], unixtime: boolean) {
  const times = Array.from({ length: count }, (_, i) => startMs + i * HOUR_MS);
  const hours = times.map((t) => standInHour(lat, lng, t));
  const block: Record<string, unknown[]> = {
    time: times.map((t) => (unixtime ? t / 1000 : new Date(t).toISOString().slice(0, 16))),
  };
  for (const key of Object.keys(hours[0] ?? {}) as (keyof StandInHour)[]) {
    if (column(variables, key)) {
      block[key] = hours.map((h) => h[key]);
    }
  }
  return block;
}

function location(url: URL): { lat: number; lng: number } | { error: string } {
  const lat = Number(url.searchParams.get('latitude'));
  const lng = Number(url.searchParams.get('longitude'));
  if (!url.searchParams.has('latitude') || !Number.isFinite(lat) || lat < -90 || lat > 90) {
    return { error: 'Latitude must be in range of -90 to 90°.' };
  }
  if (!url.searchParams.has('longitude') || !Number.isFinite(lng) || lng < -180 || lng > 180) {
    return { error: 'Longitude must be in range of -180 to 180°.' };
  }
  return { lat, lng };
}

/** `now` is the stand-in's clock (tests hand it a fixed time). */
export function startOpenMeteoStandIn(options: { now?: () => number } = {}): Promise<StandIn> {
  const now = options.now ?? Date.now;
  return startStandIn((url) => {
    if (url.pathname === '/v1/search') {
      const name = (url.searchParams.get('name') ?? '').trim().toLowerCase();
      const count = Number(url.searchParams.get('count') ?? 10);
      const results = STAND_IN_PLACES.filter((place) => name.length >= 2 && place.name.toLowerCase().startsWith(name));
      return {
        status: 200,
        body:
          results.length > 0
            ? { results: results.slice(0, count), generationtime_ms: 0.5 }
            : { generationtime_ms: 0.5 },
      };
    }
    if (url.pathname !== '/v1/forecast' && url.pathname !== '/v1/archive') {
      return { status: 404, body: { error: true, reason: 'Not Found' } };
    }
    const place = location(url);
    if ('error' in place) {
      return { status: 400, body: { error: true, reason: place.error } };
    }
    const unixtime = url.searchParams.get('timeformat') === 'unixtime';
    const hourly = (url.searchParams.get('hourly') ?? '').split(',');
    const header = {
      latitude: place.lat,
      longitude: place.lng,
      generationtime_ms: 0.5,
      utc_offset_seconds: 0,
      timezone: 'GMT',
      timezone_abbreviation: 'GMT',
      elevation: 38,
    };
    if (url.pathname === '/v1/archive') {
      const start = Date.parse(`${url.searchParams.get('start_date')}T00:00:00Z`);
      const end = Date.parse(`${url.searchParams.get('end_date')}T00:00:00Z`);
      if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) {
        return { status: 400, body: { error: true, reason: 'Parameter start_date and end_date must be valid dates.' } };
      }
      const hours = (end - start) / HOUR_MS + 24;
      return {
        status: 200,
        body: { ...header, hourly: hourlyBlock(place.lat, place.lng, start, hours, hourly, unixtime) },
      };
    }
    const hourStart = Math.floor(now() / HOUR_MS) * HOUR_MS;
    const forecastHours = Number(url.searchParams.get('forecast_hours') ?? 168);
    const currentVariables = (url.searchParams.get('current') ?? '').split(',');
    const currentHour = standInHour(place.lat, place.lng, hourStart);
    const current: Record<string, unknown> = {
      time: unixtime ? hourStart / 1000 : new Date(hourStart).toISOString().slice(0, 16),
      interval: 900,
    };
    for (const key of Object.keys(currentHour) as (keyof StandInHour)[]) {
      if (column(currentVariables, key)) {
        current[key] = currentHour[key];
      }
    }
    return {
      status: 200,
      body: {
        ...header,
        current,
        hourly: hourlyBlock(place.lat, place.lng, hourStart, forecastHours, hourly, unixtime),
      },
    };
  });
}
