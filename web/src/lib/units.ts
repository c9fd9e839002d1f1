/** The runner's units as the screens use them: the system, and the metres in one of its distance units. */
import type { Profile } from '../../../core/profile.ts';
import { DEFAULT_UNIT_SYSTEM, type UnitSystem } from '../../../core/unit-system.ts';
import { metresPerUnit } from '../../../core/units.ts';

export interface RunnerUnits {
  units: UnitSystem;
  /** Metres in one mile (imperial) or one kilometre (metric): a distance typed in the runner's unit times this. */
  metresPerUnit: number;
}

/** The profile's units; imperial until a profile says otherwise, and for a visitor (spec §3 default). */
export function unitsOf(profile: Profile | undefined): RunnerUnits {
  const units = profile?.preferences.unitSystem ?? DEFAULT_UNIT_SYSTEM;
  return { units, metresPerUnit: metresPerUnit(units) };
}
