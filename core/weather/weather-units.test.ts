import { describe, expect, it } from 'vitest';
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
