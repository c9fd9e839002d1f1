import { describe, expect, it } from 'vitest';
import { bestHourReasons } from './best-time-reasons.ts';
import type { HourlyWeather } from './open-meteo.ts';
import { weatherIconKind } from './weather-codes.ts';
import {
  formatPrecipitation,
  formatTemperature,
  formatWindSpeed,
  precipitationInUnits,
  temperatureInUnits,
  windSpeedInUnits,
} from './weather-units.ts';

describe('weather units', () => {
  it('converts °C to °F and keeps °C for metric', () => {
    expect(temperatureInUnits(0, 'imperial')).toBe(32);
    expect(temperatureInUnits(100, 'imperial')).toBe(212);
    expect(temperatureInUnits(-40, 'imperial')).toBe(-40);
    expect(temperatureInUnits(12.5, 'metric')).toBe(12.5);
    expect(formatTemperature(12.4, 'metric')).toBe('12 °C');
    expect(formatTemperature(12.5, 'imperial')).toBe('55 °F');
    expect(formatTemperature(-0.4, 'metric')).toBe('0 °C');
  });

  it('converts km/h to mph with core’s mile', () => {
    expect(windSpeedInUnits(1.60934, 'imperial')).toBeCloseTo(1, 6);
    expect(windSpeedInUnits(20, 'metric')).toBe(20);
    expect(formatWindSpeed(20, 'imperial')).toBe('12 mph');
    expect(formatWindSpeed(14.4, 'metric')).toBe('14 km/h');
  });

  it('converts mm to inches (25.4 mm each)', () => {
    expect(precipitationInUnits(25.4, 'imperial')).toBe(1);
    expect(precipitationInUnits(3, 'metric')).toBe(3);
    expect(formatPrecipitation(1.2, 'metric')).toBe('1.2 mm');
    expect(formatPrecipitation(1.27, 'imperial')).toBe('0.05 in');
    expect(formatPrecipitation(0, 'imperial')).toBe('0.00 in');
  });
});

describe('weather icons', () => {
  it('draws each WMO code family with its own picture', () => {
    expect([0, 1, 2, 3, 45, 48, 51, 57, 61, 67, 80, 82, 71, 77, 85, 86, 95, 99, null].map(weatherIconKind)).toEqual([
      'clear',
      'clear',
      'partly-cloudy',
      'cloudy',
      'fog',
      'fog',
      'drizzle',
      'drizzle',
      'rain',
      'rain',
      'rain',
      'rain',
      'snow',
      'snow',
      'snow',
      'snow',
      'thunderstorm',
      'thunderstorm',
      'cloudy',
    ]);
  });
});

describe('best time reasons', () => {
  const hour = (over: Partial<HourlyWeather>): HourlyWeather => ({
    time: 0,
    temperature: 12,
    precipitationProbability: 5,
    precipitation: 0,
    windSpeed: 10,
    weatherCode: 1,
    ...over,
  });
  const texts = (over: Partial<HourlyWeather>, units: 'metric' | 'imperial' = 'metric') =>
    bestHourReasons(hour(over), units).map((reason) => `${reason.good ? '+' : '-'} ${reason.text}`);

  it('names each factor, good or against, at the band and limit edges', () => {
    expect(texts({})).toEqual(['+ 12 °C, comfortable', '+ Likely dry (5% chance of rain)', '+ Light wind (10 km/h)']);
    expect(texts({ temperature: 8, precipitationProbability: 20, windSpeed: 20 })).toEqual([
      '+ 8 °C, comfortable',
      '+ Likely dry (20% chance of rain)',
      '+ Light wind (20 km/h)',
    ]);
    expect(texts({ temperature: 7.4, precipitationProbability: 21, windSpeed: 21 })).toEqual([
      '- 7 °C, colder than 8–15 °C',
      '- 21% chance of rain, 0.0 mm',
      '- Windy: 21 km/h, above 20 km/h',
    ]);
    expect(texts({ temperature: 20, precipitationProbability: 80, precipitation: 1.2, weatherCode: 95 })).toEqual([
      '- 20 °C, warmer than 8–15 °C',
      '- 80% chance of rain, 1.2 mm',
      '+ Light wind (10 km/h)',
      '- Thunderstorm',
    ]);
  });

  it('speaks the runner’s units', () => {
    expect(
      texts({ temperature: 5, precipitation: 2.54, precipitationProbability: 60, windSpeed: 32 }, 'imperial'),
    ).toEqual(['- 41 °F, colder than 46–59 °F', '- 60% chance of rain, 0.10 in', '- Windy: 20 mph, above 12 mph']);
  });

  it('words an hour without a chance of rain by what fell', () => {
    expect(texts({ precipitationProbability: null })[1]).toBe('+ Dry');
    expect(texts({ precipitationProbability: null, precipitation: 0.4 })[1]).toBe('- Rain 0.4 mm');
  });
});
