/**
 * "Plan a run on this route": the calculators read their inputs from the URL query
 * (web/src/calculators/calculator-state.ts), so the route's distance goes in `d`, in the runner's
 * units with two decimals, and `u` keeps those units for the splits.
 */
import type { UnitSystem } from '../../../core/unit-system.ts';
import { metresPerUnit } from '../../../core/units.ts';

export function calculatorsLink(metres: number, units: UnitSystem): string {
  const imperial = units === 'imperial';
  const value = (metres / metresPerUnit(units)).toFixed(2);
  const params = new URLSearchParams({ d: `${value} ${imperial ? 'mi' : 'km'}`, u: imperial ? 'mi' : 'km' });
  return `/calculators?${params.toString()}`;
}
