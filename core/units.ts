/**
 * Unit conversion (spec §9: 1 mile = 1609.34 m; miles and feet, or kilometres and metres for metric
 * users). Values are stored in metres and seconds; only display converts, and core/format.ts writes.
 */
import type { UnitSystem } from './unit-system.ts';

export const METRES_PER_MILE = 1609.34;
export const METRES_PER_KILOMETRE = 1000;
export const FEET_PER_METRE = 1 / 0.3048;

/** Metres in one distance unit of the system: a mile (imperial) or a kilometre (metric). */
export function metresPerUnit(units: UnitSystem): number {
  return units === 'imperial' ? METRES_PER_MILE : METRES_PER_KILOMETRE;
}

/** The unit a distance is shown in: "mi" or "km". */
export function distanceUnitLabel(units: UnitSystem): string {
  return units === 'imperial' ? 'mi' : 'km';
}

/** The unit a climb is shown in: "ft" or "m". */
export function elevationUnitLabel(units: UnitSystem): string {
  return units === 'imperial' ? 'ft' : 'm';
}

/** Metres as miles or kilometres, unrounded (chart axes). */
export function distanceInUnits(metres: number, units: UnitSystem): number {
  return metres / metresPerUnit(units);
}

/** Metres of climb as feet or metres, unrounded (chart axes). */
export function elevationInUnits(metres: number, units: UnitSystem): number {
  return units === 'imperial' ? metres * FEET_PER_METRE : metres;
}

/** Seconds per mile or per kilometre at a speed in m/s; undefined when not moving. */
export function paceSecondsPerUnit(metresPerSecond: number, units: UnitSystem): number | undefined {
  if (!Number.isFinite(metresPerSecond) || metresPerSecond <= 0) {
    return undefined;
  }
  return metresPerUnit(units) / metresPerSecond;
}

export const UNIT_SYSTEM_LABELS: Readonly<Record<UnitSystem, string>> = {
  imperial: 'Imperial',
  metric: 'Metric',
};
