/**
 * "Best time to run in the next 12 h": each forecast hour gets a penalty, the lowest wins (the
 * earliest on a tie). Penalty points:
 *  - temperature: 1 per °C below 8 °C or above 15 °C (the comfortable band for running);
 *  - rain: 0.1 per % precipitation probability, plus 5 per mm expected in the hour;
 *  - wind: 0.5 per km/h above 20 km/h;
 *  - a thunderstorm: 50 (never recommended while another hour is free of one).
 * An hour without a temperature is not scored, nor one more than half gone (at 14:40, 14:00 is not
 * suggested). The sentence gives the hour (UTC offset applied by the caller through `formatHour`)
 * and its conditions in the runner's units.
 */
import type { UnitSystem } from '../unit-system.ts';
import type { HourlyWeather } from './open-meteo.ts';
import { isThunderstorm, weatherCodeText } from './weather-codes.ts';
import { formatTemperature, formatWindSpeed } from './weather-units.ts';

export const COMFORT_MIN_C = 8;
export const COMFORT_MAX_C = 15;
export const WIND_CALM_LIMIT_KMH = 20;
export const THUNDERSTORM_PENALTY = 50;
export const NO_BEST_TIME_TEXT = 'No forecast to suggest a time to run.';

export function hourPenalty(hour: HourlyWeather): number | null {
  if (hour.temperature === null) {
    return null;
  }
  const t = hour.temperature;
  let penalty = t < COMFORT_MIN_C ? COMFORT_MIN_C - t : t > COMFORT_MAX_C ? t - COMFORT_MAX_C : 0;
  penalty += 0.1 * (hour.precipitationProbability ?? 0) + 5 * (hour.precipitation ?? 0);
  penalty += 0.5 * Math.max(0, (hour.windSpeed ?? 0) - WIND_CALM_LIMIT_KMH);
  if (isThunderstorm(hour.weatherCode)) {
    penalty += THUNDERSTORM_PENALTY;
  }
  return penalty;
}

const HALF_HOUR_MS = 1_800_000;

/**
 * The best hour among the given ones (the caller passes the next 12), or null when none can be
 * scored; with `nowMs`, an hour more than half gone is left out.
 */
export function bestHourToRun(hours: readonly HourlyWeather[], nowMs?: number): HourlyWeather | null {
  let best: HourlyWeather | null = null;
  let bestPenalty = Number.POSITIVE_INFINITY;
  for (const hour of hours) {
    if (nowMs !== undefined && hour.time + HALF_HOUR_MS <= nowMs) {
      continue;
    }
    const penalty = hourPenalty(hour);
    if (penalty !== null && penalty < bestPenalty) {
      best = hour;
      bestPenalty = penalty;
    }
  }
  return best;
}

/**
 * The sentence for an hour already chosen by {@link bestHourToRun} (the server picks, the page words
 * it), e.g. "Best time to run: 18:00 — Partly cloudy, 12 °C, 10% chance of rain, wind 14 km/h."
 */
export function bestHourSentence(
  best: HourlyWeather | null,
  units: UnitSystem,
  formatHour: (ms: number) => string,
): string {
  if (best === null || best.temperature === null) {
    return NO_BEST_TIME_TEXT;
  }
  const parts = [weatherCodeText(best.weatherCode), formatTemperature(best.temperature, units)];
  if (best.precipitationProbability !== null) {
    parts.push(`${Math.round(best.precipitationProbability)}% chance of rain`);
  }
  if (best.windSpeed !== null) {
    parts.push(`wind ${formatWindSpeed(best.windSpeed, units)}`);
  }
  return `Best time to run: ${formatHour(best.time)} — ${parts.join(', ')}.`;
}
