/**
 * Weather figures in the runner's unit system. Open-Meteo answers in °C, km/h and mm; imperial
 * shows °F, mph and inches, metric keeps the provider's units. Display only: stored values stay metric.
 */
import type { UnitSystem } from '../unit-system.ts';
import { METRES_PER_KILOMETRE, METRES_PER_MILE } from '../units.ts';
import { DEFAULT_LOCALE, formatDecimal } from '../format.ts';

export const MILLIMETRES_PER_INCH = 25.4;

export function temperatureInUnits(celsius: number, units: UnitSystem): number {
  return units === 'imperial' ? (celsius * 9) / 5 + 32 : celsius;
}

export function windSpeedInUnits(kmh: number, units: UnitSystem): number {
  return units === 'imperial' ? (kmh * METRES_PER_KILOMETRE) / METRES_PER_MILE : kmh;
}

export function precipitationInUnits(millimetres: number, units: UnitSystem): number {
  return units === 'imperial' ? millimetres / MILLIMETRES_PER_INCH : millimetres;
}

export function temperatureUnitLabel(units: UnitSystem): string {
  return units === 'imperial' ? '°F' : '°C';
}

/** Whole degrees: "12 °C", "54 °F". */
export function formatTemperature(celsius: number, units: UnitSystem): string {
  return `${Math.round(temperatureInUnits(celsius, units))} ${temperatureUnitLabel(units)}`;
}

/** Whole km/h or mph: "14 km/h", "9 mph". */
export function formatWindSpeed(kmh: number, units: UnitSystem): string {
  return `${Math.round(windSpeedInUnits(kmh, units))} ${units === 'imperial' ? 'mph' : 'km/h'}`;
}

/** Rain in an hour: "1.2 mm" (one decimal), "0.05 in" (two decimals, since an inch is 25 mm). */
export function formatPrecipitation(millimetres: number, units: UnitSystem, locale: string = DEFAULT_LOCALE): string {
  return units === 'imperial'
    ? `${formatDecimal(precipitationInUnits(millimetres, units), 2, locale)} in`
    : `${formatDecimal(millimetres, 1, locale)} mm`;
}
