/**
 * Unit conversion and display (spec §9: 1 mile = 1609.34 m; distances in miles with 2 decimals,
 * pace m:ss/mi, climb in feet — or kilometres, m:ss/km and metres for metric users).
 * Values are stored in metres and seconds; only display converts.
 */
import type { UnitSystem } from './profile.ts';

export const METRES_PER_MILE = 1609.34;
export const METRES_PER_KILOMETRE = 1000;
export const FEET_PER_METRE = 1 / 0.3048;

export function formatDistance(metres: number, units: UnitSystem): string {
  return units === 'imperial'
    ? `${(metres / METRES_PER_MILE).toFixed(2)} mi`
    : `${(metres / METRES_PER_KILOMETRE).toFixed(2)} km`;
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

export const UNIT_SYSTEM_LABELS: Readonly<Record<UnitSystem, string>> = {
  imperial: 'Imperial',
  metric: 'Metric',
};
