/**
 * A select of the runner's gear (core/gear.ts), with "None" first: active gear, plus the chosen one
 * if it has been retired since. Reusable wherever a gear is chosen (the activity page, the default
 * gear per sport, the list's bulk action).
 */
import { MenuItem, TextField } from '@mui/material';
import { GEAR_TEXTS } from '../../../core/gear.ts';
import { useGear } from '../lib/gear-api.ts';

const NONE = '';

export function GearSelect({
  value,
  onChange,
  label = GEAR_TEXTS.gearLabel,
  disabled = false,
  helperText,
  size = 'small',
  id,
  fullWidth = false,
}: {
  value: string | null;
  onChange: (gearId: string | null) => void;
  label?: string;
  disabled?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  id?: string;
  fullWidth?: boolean;
}) {
  const { data } = useGear();
  const choices = (data?.gear ?? []).filter((item) => !item.retired || item.id === value);
  // Until the gear has loaded, the chosen id stays selectable so the field never reads as empty.
  const known = value === null || choices.some((item) => item.id === value);
  return (
    <TextField
      select
      id={id}
      size={size}
      label={label}
      value={known ? (value ?? NONE) : NONE}
      disabled={disabled || data === undefined}
      onChange={(event) => onChange(event.target.value === NONE ? null : event.target.value)}
      helperText={helperText}
      fullWidth={fullWidth}
      // "None" is a choice like any other: shown in the field when chosen, not an empty field.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value={NONE}>{GEAR_TEXTS.none}</MenuItem>
      {choices.map((item) => (
        <MenuItem key={item.id} value={item.id}>
          {item.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
