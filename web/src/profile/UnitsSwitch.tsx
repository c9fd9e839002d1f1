/**
 * The dashboard's units switch: metric or imperial, saved to the runner's profile at once (the same
 * setting as Account → Unit system), every figure following.
 */
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { UNIT_SYSTEMS, type UnitSystem } from '../../../core/unit-system.ts';
import { UNIT_SYSTEM_LABELS } from '../../../core/units.ts';
import { useUnits } from '../lib/use-units.ts';
import { useUpdateProfile } from '../lib/profile.ts';

export function UnitsSwitch() {
  const { units, pending } = useUnits();
  const update = useUpdateProfile();
  const choose = (next: UnitSystem | null) => {
    if (next && next !== units) {
      update.mutate({ preferences: { unitSystem: next } });
    }
  };
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      aria-label="Units"
      value={units}
      disabled={pending || update.isPending}
      onChange={(_event, next: UnitSystem | null) => choose(next)}
    >
      {UNIT_SYSTEMS.map((system) => (
        <ToggleButton key={system} value={system} sx={{ px: 1.5, py: 0.5 }}>
          {UNIT_SYSTEM_LABELS[system]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
