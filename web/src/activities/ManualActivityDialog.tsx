/**
 * Adding a manual activity (a treadmill run without a file): type, name, start date and time in
 * the browser's zone, distance in the runner's units, moving and elapsed time as h:mm:ss, and the
 * optional description and private notes. Checked with the server's own schema before sending.
 */
import { Alert, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent } from 'react';
import { ACTIVITY_EDIT_TEXTS, manualActivitySchema } from '../../../core/activity/activity-edit.ts';
import { UPLOAD_ACTIVITY_TYPES, type UploadActivityType } from '../../../core/activity/parsed.ts';
import { FALLBACK_TIME_ZONE, localDateTime } from '../../../core/activity/time-zone.ts';
import { parseTime, PACE_INPUT_ERRORS } from '../../../core/running/pace.ts';
import { distanceUnitLabel } from '../../../core/units.ts';
import { useUnits } from '../lib/use-units.ts';
import { problemsFromIssues, useDialogForm, type FieldProblems } from '../lib/use-dialog-form.ts';
import { runnerTimeZone } from '../lib/time-zone.ts';
import { useAddManualActivity } from './activities-api.ts';
import { ACTIVITY_TYPE_LABELS } from '../lib/activity-format.ts';
import { DateTimeFields } from '../components/DateTimeFields.tsx';
import { FormDialog } from '../components/FormDialog.tsx';
import { NotesField } from './NotesField.tsx';

interface Draft {
  type: UploadActivityType;
  name: string;
  date: string;
  time: string;
  distance: string;
  movingTime: string;
  elapsedTime: string;
  description: string;
  privateNotes: string;
}

const emptyDraft = (timeZone: string): Draft => {
  const now = localDateTime(Date.now(), timeZone);
  return {
    type: 'run',
    name: '',
    date: now.slice(0, 10),
    time: now.slice(11, 16),
    distance: '',
    movingTime: '',
    elapsedTime: '',
    description: '',
    privateNotes: '',
  };
};

/** The API's field a problem belongs to, as the form shows it. */
const FORM_FIELD: Readonly<Partial<Record<string, keyof Draft>>> = {
  startDateLocal: 'date',
  timeZone: 'date',
  distance: 'distance',
  movingTime: 'movingTime',
  elapsedTime: 'elapsedTime',
  type: 'type',
  name: 'name',
  description: 'description',
  privateNotes: 'privateNotes',
};

export function ManualActivityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const timeZone = runnerTimeZone() ?? FALLBACK_TIME_ZONE;
  const add = useAddManualActivity();
  const form = useDialogForm({
    initial: () => emptyDraft(timeZone),
    error: add.error,
    fieldOf: (apiField) => FORM_FIELD[apiField],
  });
  const { draft } = form;
  const { units, metresPerUnit } = useUnits();
  const unit = distanceUnitLabel(units);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldProblems<Draft> = {};
    const amount = Number(draft.distance.replace(',', '.'));
    if (!draft.distance.trim() || !Number.isFinite(amount) || amount <= 0) {
      found.distance = ACTIVITY_EDIT_TEXTS.manualDistance(unit);
    }
    const moving = parseTime(draft.movingTime);
    if ('error' in moving) {
      found.movingTime = PACE_INPUT_ERRORS.time;
    }
    const elapsed = draft.elapsedTime.trim() ? parseTime(draft.elapsedTime) : null;
    if (elapsed && 'error' in elapsed) {
      found.elapsedTime = PACE_INPUT_ERRORS.time;
    }
    if (Object.keys(found).length > 0) {
      form.showProblems(found);
      return;
    }
    const parsed = manualActivitySchema.safeParse({
      type: draft.type,
      name: draft.name,
      distance: amount * metresPerUnit,
      movingTime: 'value' in moving ? Math.round(moving.value) : 0,
      ...(elapsed && 'value' in elapsed ? { elapsedTime: Math.round(elapsed.value) } : {}),
      startDateLocal: `${draft.date}T${draft.time}`,
      timeZone,
      description: draft.description,
      privateNotes: draft.privateNotes,
    });
    if (!parsed.success) {
      form.showProblems(problemsFromIssues(parsed.error.issues, (apiField) => FORM_FIELD[apiField]));
      return;
    }
    add.mutate(parsed.data, { onSuccess: onClose });
  };

  const field = form.textField;

  return (
    <FormDialog
      open={open}
      title={ACTIVITY_EDIT_TEXTS.manualTitle}
      submitLabel="Add activity"
      pending={add.isPending}
      onClose={onClose}
      resetOnOpen={[form, add]}
      onSubmit={submit}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {ACTIVITY_EDIT_TEXTS.manualHelp}
      </Typography>
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
          <TextField select label="Type" sx={{ minWidth: { sm: 150 } }} {...field('type')}>
            {UPLOAD_ACTIVITY_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {ACTIVITY_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Name" placeholder="Morning Run" fullWidth {...field('name')} />
        </Stack>
        <DateTimeFields date={field('date')} time={field('time')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
          <TextField
            label={`Distance (${unit})`}
            inputMode="decimal"
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            {...field('distance')}
          />
          <TextField label="Moving time" placeholder="45:00" fullWidth {...field('movingTime', 'h:mm:ss')} />
          <TextField
            label="Elapsed time"
            placeholder="Optional"
            fullWidth
            {...field('elapsedTime', 'With stops, if any')}
          />
        </Stack>
        <NotesField notes="description" {...field('description')} />
        <NotesField notes="privateNotes" {...field('privateNotes', ACTIVITY_EDIT_TEXTS.privateNotesHelp)} />
        {form.serverProblem && <Alert severity="error">{form.serverProblem}</Alert>}
      </Stack>
    </FormDialog>
  );
}
