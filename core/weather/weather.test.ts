import { describe, expect, it } from 'vitest';
import { bestHourSentence, bestHourToRun, hourPenalty, NO_BEST_TIME_TEXT } from './best-time.ts';
import {
  archiveHourAt,
  archiveResponseSchema,
  archiveUrl,
  chooseGeocodingResult,
  forecastHours,
  forecastResponseSchema,
  forecastUrl,
  geocodingQuery,
  geocodingResponseSchema,
  geocodingUrl,
  roundCoordinate,
  weatherCacheKey,
  type HourlyWeather,
} from './open-meteo.ts';
import { UNKNOWN_WEATHER_TEXT, weatherCodeText } from './weather-codes.ts';

const T0 = Date.UTC(2026, 5, 1, 6);
const hour = (i: number, over: Partial<HourlyWeather>): HourlyWeather => ({
  time: T0 + i * 3_600_000,
  temperature: 12,
  precipitationProbability: 0,
  precipitation: 0,
  windSpeed: 10,
  weatherCode: 1,
  ...over,
});
const utcHour = (ms: number) => new Date(ms).toISOString().slice(11, 16);

describe('Open-Meteo requests', () => {
  it('rounds locations to 0.01° for the request and the hourly cache key', () => {
    expect(roundCoordinate(52.51934)).toBe(52.52);
    expect(roundCoordinate(-0.001)).toBe(0);
    expect(weatherCacheKey(52.5193, 13.4049, Date.UTC(2026, 0, 2, 9, 59))).toBe('52.52,13.40@2026-01-02T09');
    expect(weatherCacheKey(52.5231, 13.3951, Date.UTC(2026, 0, 2, 9, 1))).toBe('52.52,13.40@2026-01-02T09');
  });

  it('builds forecast, archive and geocoding URLs with the official parameters', () => {
    expect(forecastUrl('https://api.open-meteo.com', 52.5193, 13.4049)).toBe(
      'https://api.open-meteo.com/v1/forecast?latitude=52.52&longitude=13.4&current=temperature_2m%2Cprecipitation%2Cwind_speed_10m%2Cweather_code&hourly=temperature_2m%2Cprecipitation_probability%2Cprecipitation%2Cwind_speed_10m%2Cweather_code&forecast_hours=13&timeformat=unixtime&timezone=GMT',
    );
    const archive = new URL(archiveUrl('https://archive-api.open-meteo.com/', 1, 2, '2025-04-03'));
    expect(archive.pathname).toBe('/v1/archive');
    expect(archive.searchParams.get('start_date')).toBe('2025-04-03');
    expect(archive.searchParams.get('end_date')).toBe('2025-04-03');
    expect(geocodingUrl('https://geocoding-api.open-meteo.com', ' Berlin ')).toBe(
      'https://geocoding-api.open-meteo.com/v1/search?name=Berlin&count=5&language=en&format=json',
    );
  });
});

describe('Open-Meteo answers', () => {
  it('reads a forecast into hourly rows and rejects a body without `current`', () => {
    const body = {
      latitude: 52.52,
      longitude: 13.41,
      generationtime_ms: 0.1,
      utc_offset_seconds: 0,
      timezone: 'GMT',
      current_units: { temperature_2m: '°C' },
      current: {
        time: 1780293600,
        interval: 900,
        temperature_2m: 11.2,
        precipitation: 0,
        wind_speed_10m: 9.7,
        weather_code: 2,
      },
      hourly: {
        time: [1780293600, 1780297200],
        temperature_2m: [11.2, 12.0],
        precipitation_probability: [5, null],
        precipitation: [0, 0.2],
        wind_speed_10m: [9.7, 11],
        weather_code: [2, 61],
      },
    };
    const rows = forecastHours(forecastResponseSchema.parse(body));
    expect(rows[1]).toEqual({
      time: 1780297200000,
      temperature: 12,
      precipitationProbability: null,
      precipitation: 0.2,
      windSpeed: 11,
      weatherCode: 61,
    });
    expect(forecastResponseSchema.safeParse({ ...body, current: undefined }).success).toBe(false);
  });

  it('picks the archived hour nearest an activity start and reads geocoding results, absent when none', () => {
    const archive = archiveResponseSchema.parse({
      latitude: 1,
      longitude: 2,
      hourly: {
        time: [0, 3600, 7200],
        temperature_2m: [5, 6, 7],
        precipitation: [0, 1, 0],
        wind_speed_10m: [3, 4, 5],
        weather_code: [0, 63, 3],
      },
    });
    expect(archiveHourAt(archive, 3_500_000)).toMatchObject({ time: 3_600_000, temperature: 6, weatherCode: 63 });
    const places = geocodingResponseSchema.parse({
      results: [
        {
          id: 2950159,
          name: 'Berlin',
          latitude: 52.52437,
          longitude: 13.41053,
          country: 'Germany',
          admin1: 'Land Berlin',
        },
      ],
      generationtime_ms: 1,
    });
    expect(places.results?.[0]?.name).toBe('Berlin');
    expect(geocodingResponseSchema.parse({ generationtime_ms: 1 }).results).toBeUndefined();
  });
});

describe('weather codes', () => {
  it('names WMO codes in a few words', () => {
    expect(weatherCodeText(0)).toBe('Clear sky');
    expect(weatherCodeText(63)).toBe('Rain');
    expect(weatherCodeText(99)).toBe('Thunderstorm with heavy hail');
    expect(weatherCodeText(42)).toBe(UNKNOWN_WEATHER_TEXT);
    expect(weatherCodeText(null)).toBe(UNKNOWN_WEATHER_TEXT);
  });
});

describe('best time to run', () => {
  it('scores temperature outside 8–15 °C, rain, wind above 20 km/h and thunderstorms', () => {
    expect(hourPenalty(hour(0, {}))).toBe(0);
    expect(hourPenalty(hour(0, { temperature: 20 }))).toBe(5);
    expect(hourPenalty(hour(0, { temperature: 4, precipitationProbability: 50, precipitation: 1 }))).toBe(4 + 5 + 5);
    expect(hourPenalty(hour(0, { windSpeed: 30 }))).toBe(5);
    expect(hourPenalty(hour(0, { weatherCode: 95 }))).toBe(50);
    expect(hourPenalty(hour(0, { temperature: null }))).toBeNull();
  });

  it('picks the lowest penalty, the earliest on a tie, and says it in the runner’s units', () => {
    const hours = [
      hour(0, { temperature: 3 }),
      hour(1, { temperature: 22, precipitationProbability: 80 }),
      hour(2, { temperature: 12, precipitationProbability: 10, weatherCode: 2, windSpeed: 14 }),
      hour(3, { temperature: 13, precipitationProbability: 10 }),
    ];
    expect(bestHourToRun(hours)?.time).toBe(T0 + 2 * 3_600_000);
    expect(bestHourSentence(bestHourToRun(hours), 'metric', utcHour)).toBe(
      'Best time to run: 08:00 — Partly cloudy, 12 °C, 10% chance of rain, wind 14 km/h.',
    );
    expect(bestHourSentence(bestHourToRun(hours), 'imperial', utcHour)).toBe(
      'Best time to run: 08:00 — Partly cloudy, 54 °F, 10% chance of rain, wind 9 mph.',
    );
    expect(bestHourSentence(bestHourToRun([hour(0, { temperature: null })]), 'metric', utcHour)).toBe(
      NO_BEST_TIME_TEXT,
    );
  });

  it('leaves out an hour more than half gone', () => {
    const hours = [hour(0, { temperature: 12 }), hour(1, { temperature: 20 })];
    expect(bestHourToRun(hours, T0 + 29 * 60_000)?.time).toBe(T0);
    expect(bestHourToRun(hours, T0 + 30 * 60_000)?.time).toBe(T0 + 3_600_000);
  });
});

describe('geocoding a profile location', () => {
  const place = (name: string, admin1: string, country: string, country_code: string) => ({
    id: 1,
    name,
    latitude: 0,
    longitude: 0,
    admin1,
    country,
    country_code,
  });
  const londons = [
    place('London', 'England', 'United Kingdom', 'GB'),
    place('London', 'Ontario', 'Canada', 'CA'),
    place('London', 'Kentucky', 'United States', 'US'),
  ];

  it('asks for the place name, the text before the first comma', () => {
    expect(geocodingQuery('London, Ontario, Canada')).toEqual({ name: 'London', qualifiers: ['Ontario', 'Canada'] });
    expect(geocodingQuery('  Ljubljana ')).toEqual({ name: 'Ljubljana', qualifiers: [] });
    expect(geocodingQuery('Berlin,, ')).toEqual({ name: 'Berlin', qualifiers: [] });
  });

  it('picks the place every other part names by region, country or code, else the first', () => {
    expect(chooseGeocodingResult(londons, ['Ontario'])?.admin1).toBe('Ontario');
    expect(chooseGeocodingResult(londons, ['ont', 'canada'])?.admin1).toBe('Ontario');
    expect(chooseGeocodingResult(londons, ['US'])?.admin1).toBe('Kentucky');
    expect(chooseGeocodingResult(londons, ['Kentucky', 'Canada'])?.admin1).toBe('England');
    expect(chooseGeocodingResult(londons, [])?.admin1).toBe('England');
    expect(chooseGeocodingResult([], ['Ontario'])).toBeNull();
  });
});
