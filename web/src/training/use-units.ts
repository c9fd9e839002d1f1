/** The runner's unit system, imperial until the profile says otherwise (spec §3 default). */
import { DEFAULT_UNIT_SYSTEM, type UnitSystem } from '../../../core/profile.ts';
import { useProfile } from '../profile/profile.ts';

export function useUnits(): UnitSystem {
  return useProfile().data?.preferences.unitSystem ?? DEFAULT_UNIT_SYSTEM;
}
