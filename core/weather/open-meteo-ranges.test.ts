import { describe, expect, it } from 'vitest';
import { WEATHER_MAX_HOURS } from '../upstream-limits.ts';
import { archiveResponseSchema, forecastResponseSchema } from './open-meteo.ts';

const T0 = Date.UTC(2026, 5, 1, 6) / 1000;

function forecast(hours: number, value = 14.5) {
  const column = (v: number) => Array.from({ length: hours }, () => v);
  return {
    latitude: 46.05,
    longitude: 14.5,
    utc_offset_seconds: 7200,
    current: { time: T0, temperature_2m: 14.5, precipitation: 0, wind_speed_10m: 8, weather_code: 1 },
    hourly: {
      time: Array.from({ length: hours }, (_, i) => T0 + i * 3600),
      temperature_2m: column(value),
      precipitation_probability: column(10),
      precipitation: column(0),
      wind_speed_10m: column(8),
      weather_code: column(1),
    },
  };
}

describe('Open-Meteo answers are counted and ranged', () => {
  it('keeps an ordinary 13-hour forecast as answered', () => {
    const parsed = forecastResponseSchema.parse(forecast(13));
    expect(parsed.hourly.temperature_2m).toEqual(Array.from({ length: 13 }, () => 14.5));
  });

  it('refuses a forecast of 200,000 hours, and one of more than the most hours asked', () => {
    expect(forecastResponseSchema.safeParse(forecast(200_000)).success).toBe(false);
    expect(forecastResponseSchema.safeParse(forecast(WEATHER_MAX_HOURS + 1)).success).toBe(false);
    expect(forecastResponseSchema.safeParse(forecast(WEATHER_MAX_HOURS)).success).toBe(true);
  });

  it('drops an hourly 1e308 °C, and refuses a current one', () => {
    const parsed = forecastResponseSchema.parse(forecast(3, 1e308));
    expect(parsed.hourly.temperature_2m).toEqual([null, null, null]);
    const hostile = forecast(3);
    hostile.current.temperature_2m = 1e308;
    expect(forecastResponseSchema.safeParse(hostile).success).toBe(false);
  });

  it('drops an archived 1e308 °C or −1e308 km/h wind from its hour', () => {
    const { current: _current, utc_offset_seconds: _offset, ...archive } = forecast(2);
    archive.hourly.temperature_2m = [1e308, 12];
    archive.hourly.wind_speed_10m = [5, -1e308];
    const parsed = archiveResponseSchema.parse(archive);
    expect(parsed.hourly.temperature_2m).toEqual([null, 12]);
    expect(parsed.hourly.wind_speed_10m).toEqual([5, null]);
  });
});
