/**
 * Unit conversion and display (spec §9: 1 mile = 1609.34 m; distances in miles with 2 decimals,
 * pace m:ss/mi, climb in feet — or kilometres, m:ss/km and metres for metric users).
 * Values are stored in metres and seconds; only display converts.
 */
import type { UnitSystem } from './unit-system.ts';

export const METRES_PER_MILE = 1609.34;
export const METRES_PER_KILOMETRE = 1000;
export const FEET_PER_METRE = 1 / 0.3048;

/** Metres in one distance unit of the system: a mile (imperial) or a kilometre (metric). */
export function metresPerUnit(units: UnitSystem): number {
  return units === 'imperial' ? METRES_PER_MILE : METRES_PER_KILOMETRE;
}

/** 2 decimals with the thousands separator: "1,234.56 mi" (the web app writes it in the reader's locale). */
export function formatDistance(metres: number, units: UnitSystem): string {
  const value = (metres / metresPerUnit(units)).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${value} ${distanceUnitLabel(units)}`;
}

export function formatElevation(metres: number, units: UnitSystem): string {
  const value = units === 'imperial' ? metres * FEET_PER_METRE : metres;
  return `${Math.round(value).toLocaleString('en-US')} ${units === 'imperial' ? 'ft' : 'm'}`;
}

/** h:mm:ss, or m:ss under an hour. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const mmss = `${hours > 0 ? String(minutes).padStart(2, '0') : minutes}:${String(secs).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
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

/** m:ss without a unit, e.g. 465 → "7:45" (pace axes and read-outs). */
export function formatPaceSeconds(secondsPerUnit: number): string {
  const total = Math.max(0, Math.round(secondsPerUnit));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Spec §9: pace as m:ss/mi (or m:ss/km), e.g. "7:45/mi"; "—" when there is no movement. */
export function formatPace(metresPerSecond: number, units: UnitSystem): string {
  const seconds = paceSecondsPerUnit(metresPerSecond, units);
  return seconds === undefined ? '—' : `${formatPaceSeconds(seconds)}/${distanceUnitLabel(units)}`;
}

export const UNIT_SYSTEM_LABELS: Readonly<Record<UnitSystem, string>> = {
  imperial: 'Imperial',
  metric: 'Metric',
};
