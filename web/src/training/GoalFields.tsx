/** The goal form's fields for each kind: a window or race day, and the kind's target. */
import { MenuItem, Stack, TextField } from '@mui/material';
import type { GoalKind } from '../../../core/training/goals.ts';
import { distanceUnitLabel } from '../../../core/units.ts';
import type { GoalFormErrors, GoalFormValues } from './goal-form.ts';
import { useUnits } from '../lib/use-units.ts';

export const GOAL_KIND_LABELS: Readonly<Record<GoalKind, string>> = {
  race: 'Race with a target time',
  distance: 'Distance over a period',
  frequency: 'Runs a week',
  streak: 'Run streak',
};

type Set = <K extends keyof GoalFormValues>(key: K, value: GoalFormValues[K]) => void;

export function GoalFields({
  values,
  errors,
  set,
  editing,
}: {
  values: GoalFormValues;
  errors: GoalFormErrors;
  set: Set;
  editing: boolean;
}) {
  const unit = distanceUnitLabel(useUnits().units);
  const field = (key: keyof GoalFormValues, label: string, extra: { type?: string; helper?: string } = {}) => (
    <TextField
      label={label}
      value={values[key]}
      type={extra.type ?? 'text'}
      onChange={(event) => set(key, event.target.value)}
      error={errors[key] !== undefined}
      helperText={errors[key] ?? extra.helper}
      slotProps={extra.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
      fullWidth
    />
  );
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <TextField
        select
        label="Kind of goal"
        value={values.kind}
        disabled={editing}
        onChange={(event) => set('kind', event.target.value as GoalKind)}
      >
        {Object.entries(GOAL_KIND_LABELS).map(([kind, label]) => (
          <MenuItem key={kind} value={kind}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      {field('title', 'Title (optional)')}
      {values.kind === 'race' ? (
        <>
          {field('endDate', 'Race day', { type: 'date' })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('raceDistance', 'Race distance', { helper: `5K, 10K, half, marathon or a number in ${unit}` })}
            {field('targetTime', 'Target time', { helper: 'h:mm:ss, for example 1:55:00' })}
          </Stack>
        </>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('startDate', 'From', { type: 'date' })}
          {field('endDate', 'Until', { type: 'date' })}
        </Stack>
      )}
      {values.kind === 'distance' && field('distance', 'Distance', { helper: `In ${unit}, or with a unit: 300 km` })}
      {values.kind === 'frequency' && field('runsPerWeek', 'Runs a week', { helper: 'In every 7 days from the start' })}
      {values.kind === 'streak' && field('targetDays', 'Days in a row', { helper: 'A run on each of them' })}
    </Stack>
  );
}
