/**
 * Add or edit a piece of gear (core/gear.ts): kind, name, brand, model, the first day of use, the
 * distance done before Stride and the retirement distance, both in the runner's units. A new shoe's
 * retirement distance starts at 800 km (500 mi for a runner using miles).
 */
import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import {
  defaultRetirementDistance,
  GEAR_KINDS,
  GEAR_LIMITS,
  GEAR_TEXTS,
  gearInputSchema,
  type Gear,
  type GearKind,
} from '../../../core/gear.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { distanceUnitLabel, metresPerUnit } from '../../../core/units.ts';
import { problemsFromIssues, useDialogForm, type FieldProblems } from '../lib/use-dialog-form.ts';
import { useAddGear, useUpdateGear } from '../lib/gear-api.ts';
import { FormDialog } from '../components/FormDialog.tsx';

interface Draft {
  kind: GearKind;
  name: string;
  brand: string;
  model: string;
  startDate: string;
  startingDistance: string;
  retirementDistance: string;
}

/** Metres as the form shows them: whole units, or up to two decimals when not whole. */
const inUnits = (metres: number, units: UnitSystem) => String(Math.round((metres / metresPerUnit(units)) * 100) / 100);

function draftOf(gear: Gear | null, units: UnitSystem): Draft {
  const retirement = gear ? gear.retirementDistance : defaultRetirementDistance('shoe', units);
  return {
    kind: gear?.kind ?? 'shoe',
    name: gear?.name ?? '',
    brand: gear?.brand ?? '',
    model: gear?.model ?? '',
    startDate: gear?.startDate ?? '',
    startingDistance: gear ? inUnits(gear.startingDistance, units) : '0',
    retirementDistance: retirement === null ? '' : inUnits(retirement, units),
  };
}

const FIELDS = new Set(['kind', 'name', 'brand', 'model', 'startDate', 'startingDistance', 'retirementDistance']);
const fieldOf = (field: string) => (FIELDS.has(field) ? (field as keyof Draft) : undefined);

export function GearDialog({
  gear,
  units,
  open,
  onClose,
}: {
  /** The gear edited; null adds one. */
  gear: Gear | null;
  units: UnitSystem;
  open: boolean;
  onClose: () => void;
}) {
  const add = useAddGear();
  const update = useUpdateGear();
  const mutation = gear ? update : add;
  const form = useDialogForm({ initial: () => draftOf(gear, units), error: mutation.error, fieldOf });
  const { draft, change, problemOf } = form;
  const unit = distanceUnitLabel(units);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: FieldProblems<Draft> = {};
    const starting = draft.startingDistance.trim() === '' ? 0 : Number(draft.startingDistance);
    if (!Number.isFinite(starting) || starting < 0) {
      problems.startingDistance = GEAR_TEXTS.startingDistanceInvalid(unit);
    }
    const retirement = draft.retirementDistance.trim() === '' ? null : Number(draft.retirementDistance);
    if (retirement !== null && (!Number.isFinite(retirement) || retirement <= 0)) {
      problems.retirementDistance = GEAR_TEXTS.retirementDistanceInvalid(unit);
    }
    if (Object.keys(problems).length > 0) {
      form.showProblems(problems);
      return;
    }
    const parsed = gearInputSchema.safeParse({
      kind: draft.kind,
      name: draft.name,
      brand: draft.brand,
      model: draft.model,
      startDate: draft.startDate === '' ? null : draft.startDate,
      startingDistance: starting * metresPerUnit(units),
      retirementDistance: retirement === null ? null : retirement * metresPerUnit(units),
    });
    if (!parsed.success) {
      form.showProblems(problemsFromIssues(parsed.error.issues, fieldOf));
      return;
    }
    if (gear) {
      update.mutate({ id: gear.id, update: parsed.data }, { onSuccess: onClose });
    } else {
      add.mutate(parsed.data, { onSuccess: onClose });
    }
  };

  const text = form.textField;
  return (
    <FormDialog
      open={open}
      title={gear ? GEAR_TEXTS.editTitle : GEAR_TEXTS.addTitle}
      submitLabel="Save"
      pending={mutation.isPending}
      onClose={onClose}
      resetOnOpen={[form, add, update]}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label={GEAR_TEXTS.kindLabel}
          value={draft.kind}
          onChange={(event) => change('kind', event.target.value as GearKind)}
          helperText={problemOf('kind') ?? ' '}
          error={Boolean(problemOf('kind'))}
        >
          {GEAR_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {GEAR_TEXTS.kindLabels[kind]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={GEAR_TEXTS.nameLabel}
          autoFocus
          slotProps={{ htmlInput: { maxLength: GEAR_LIMITS.name } }}
          {...text('name')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={GEAR_TEXTS.brandLabel}
            fullWidth
            slotProps={{ htmlInput: { maxLength: GEAR_LIMITS.brand } }}
            {...text('brand')}
          />
          <TextField
            label={GEAR_TEXTS.modelLabel}
            fullWidth
            slotProps={{ htmlInput: { maxLength: GEAR_LIMITS.model } }}
            {...text('model')}
          />
        </Stack>
        <TextField
          label={GEAR_TEXTS.startDateLabel}
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
          {...text('startDate')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={GEAR_TEXTS.startingDistanceLabel(unit)}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            {...text('startingDistance')}
          />
          <TextField
            label={GEAR_TEXTS.retirementDistanceLabel(unit)}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            {...text('retirementDistance', GEAR_TEXTS.retirementHelp)}
          />
        </Stack>
        {form.serverProblem && <Alert severity="error">{form.serverProblem}</Alert>}
      </Stack>
    </FormDialog>
  );
}
