/**
 * Why an hour was chosen as the best time to run, factor by factor, in the runner's units: the
 * temperature against the comfortable band, the rain, the wind against the calm limit, and a
 * thunderstorm (the penalties of best-time.ts). `good` says whether the factor counted against it.
 */
import type { UnitSystem } from '../unit-system.ts';
import { COMFORT_MAX_C, COMFORT_MIN_C, WIND_CALM_LIMIT_KMH } from './best-time.ts';
import type { HourlyWeather } from './open-meteo.ts';
import { isThunderstorm } from './weather-codes.ts';
import { formatPrecipitation, formatTemperature, formatWindSpeed, temperatureInUnits } from './weather-units.ts';

/** At most this chance of rain, with none expected, reads as dry. */
export const DRY_MAX_PROBABILITY = 20;

export interface BestTimeReason {
  factor: 'temperature' | 'rain' | 'wind' | 'thunderstorm';
  text: string;
  good: boolean;
}

function temperatureReason(celsius: number, units: UnitSystem): BestTimeReason {
  const band = `${Math.round(temperatureInUnits(COMFORT_MIN_C, units))}–${formatTemperature(COMFORT_MAX_C, units)}`;
  const shown = formatTemperature(celsius, units);
  if (celsius < COMFORT_MIN_C) {
    return { factor: 'temperature', text: `${shown}, colder than ${band}`, good: false };
  }
  if (celsius > COMFORT_MAX_C) {
    return { factor: 'temperature', text: `${shown}, warmer than ${band}`, good: false };
  }
  return { factor: 'temperature', text: `${shown}, comfortable`, good: true };
}

function rainReason(hour: HourlyWeather, units: UnitSystem): BestTimeReason {
  const millimetres = hour.precipitation ?? 0;
  const chance = hour.precipitationProbability === null ? null : Math.round(hour.precipitationProbability);
  if (millimetres === 0 && (chance === null || chance <= DRY_MAX_PROBABILITY)) {
    return { factor: 'rain', text: chance === null ? 'Dry' : `Likely dry (${chance}% chance of rain)`, good: true };
  }
  const amount = formatPrecipitation(millimetres, units);
  return {
    factor: 'rain',
    text: chance === null ? `Rain ${amount}` : `${chance}% chance of rain, ${amount}`,
    good: false,
  };
}

export function bestHourReasons(hour: HourlyWeather, units: UnitSystem): BestTimeReason[] {
  const reasons: BestTimeReason[] = [];
  if (hour.temperature !== null) {
    reasons.push(temperatureReason(hour.temperature, units));
  }
  reasons.push(rainReason(hour, units));
  if (hour.windSpeed !== null) {
    const wind = formatWindSpeed(hour.windSpeed, units);
    reasons.push(
      hour.windSpeed <= WIND_CALM_LIMIT_KMH
        ? { factor: 'wind', text: `Light wind (${wind})`, good: true }
        : { factor: 'wind', text: `Windy: ${wind}, above ${formatWindSpeed(WIND_CALM_LIMIT_KMH, units)}`, good: false },
    );
  }
  if (isThunderstorm(hour.weatherCode)) {
    reasons.push({ factor: 'thunderstorm', text: 'Thunderstorm', good: false });
  }
  return reasons;
}
