/**
 * Editing an activity: name, type, description, private notes, whether it counts (the override
 * of the plausibility flag) and its figures: start date, time and zone, distance in the runner's
 * units, time and moving time as h:mm:ss (core/activity/activity-corrections.ts; a file's stay
 * beside them until "Revert to the file"). Fields are checked with the server's own schema and
 * only what changed is sent. A Strava activity's name, type, description and figures are Strava's:
 * shown, not editable.
 */
import { Alert, Box, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { type FormEvent } from 'react';
import { ACTIVITY_CORRECTION_TEXTS } from '../../../../core/activity/activity-corrections.ts';
import { ACTIVITY_EDIT_TEXTS, activityEditSchema, type ActivityEdit } from '../../../../core/activity/activity-edit.ts';
import { UPLOAD_ACTIVITY_TYPES, type UploadActivityType } from '../../../../core/activity/parsed.ts';
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';
import { parseTime, PACE_INPUT_ERRORS } from '../../../../core/running/pace.ts';
import { distanceUnitLabel } from '../../../../core/units.ts';
import { formatDuration } from '../../lib/format.ts';
import { useUnits } from '../../lib/use-units.ts';
import type { RunnerUnits } from '../../lib/units.ts';
import { problemsFromIssues, useDialogForm, type FieldProblems } from '../../lib/use-dialog-form.ts';
import { useEditActivity } from '../activities-api.ts';
import { ACTIVITY_TYPE_LABELS } from '../../lib/activity-format.ts';
import type { DialogProps } from '../../components/dialog-props.ts';
import { DateTimeFields } from '../../components/DateTimeFields.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { NotesField } from '../NotesField.tsx';

interface Draft {
  name: string;
  type: UploadActivityType;
  description: string;
  privateNotes: string;
  counted: boolean;
  date: string;
  startTime: string;
  timeZone: string;
  distance: string;
  time: string;
  movingTime: string;
}

/** The API's field a problem belongs to, as the form shows it. */
const FORM_FIELD: Readonly<Partial<Record<string, keyof Draft>>> = {
  name: 'name',
  type: 'type',
  description: 'description',
  privateNotes: 'privateNotes',
  counted: 'counted',
  startDateLocal: 'date',
  timeZone: 'timeZone',
  distance: 'distance',
  time: 'time',
  movingTime: 'movingTime',
};
const fieldOf = (apiField: string) => FORM_FIELD[apiField];

/** The distance as the form shows it, in the runner's unit to the hundredth. */
const distanceText = (metres: number, metresPerUnit: number) => (metres / metresPerUnit).toFixed(2);

const draftOf = (activity: ActivityDetail, metresPerUnit: number): Draft => ({
  name: activity.name,
  type: activity.type,
  description: activity.description,
  privateNotes: activity.privateNotes,
  counted: activity.counted,
  date: activity.startDateLocal.slice(0, 10),
  startTime: activity.startDateLocal.slice(11, 16),
  timeZone: activity.timezone,
  distance: distanceText(activity.distance, metresPerUnit),
  time: formatDuration(activity.elapsedTime),
  movingTime: formatDuration(activity.movingTime),
});

/** The figures the runner changed, read from the form; problems where a field cannot be read. */
function figureChanges(
  activity: ActivityDetail,
  draft: Draft,
  units: RunnerUnits,
): { edit: ActivityEdit; problems: FieldProblems<Draft> } {
  const { metresPerUnit } = units;
  const start = draftOf(activity, metresPerUnit);
  const edit: ActivityEdit = {};
  const problems: FieldProblems<Draft> = {};
  if (draft.date !== start.date || draft.startTime !== start.startTime) {
    edit.startDateLocal = `${draft.date}T${draft.startTime}`;
  }
  if (draft.timeZone !== start.timeZone) {
    edit.timeZone = draft.timeZone.trim();
  }
  if (draft.distance !== start.distance) {
    const amount = Number(draft.distance.replace(',', '.'));
    if (!draft.distance.trim() || !Number.isFinite(amount) || amount <= 0) {
      problems.distance = ACTIVITY_EDIT_TEXTS.manualDistance(distanceUnitLabel(units.units));
    } else {
      edit.distance = amount * metresPerUnit;
    }
  }
  for (const field of ['time', 'movingTime'] as const) {
    if (draft[field] !== start[field]) {
      const parsed = parseTime(draft[field]);
      if ('error' in parsed) {
        problems[field] = PACE_INPUT_ERRORS.time;
      } else {
        edit[field] = Math.round(parsed.value);
      }
    }
  }
  return { edit, problems };
}

/** The fields that differ from the activity as it is, the Strava-owned ones left out for Strava's. */
function changesOf(activity: ActivityDetail, draft: Draft, metresPerUnit: number): ActivityEdit {
  const start = draftOf(activity, metresPerUnit);
  const edit: ActivityEdit = {};
  if (activity.source !== 'strava') {
    if (draft.name !== start.name) {
      edit.name = draft.name;
    }
    if (draft.type !== start.type) {
      edit.type = draft.type;
    }
    if (draft.description !== start.description) {
      edit.description = draft.description;
    }
  }
  if (draft.privateNotes !== start.privateNotes) {
    edit.privateNotes = draft.privateNotes;
  }
  if (draft.counted !== start.counted) {
    edit.counted = draft.counted;
  }
  return edit;
}

export function EditActivityDialog({ activity, open, onClose }: DialogProps & { activity: ActivityDetail }) {
  const edit = useEditActivity(activity.id);
  const runnerUnits = useUnits();
  const { units, metresPerUnit } = runnerUnits;
  const form = useDialogForm({ initial: () => draftOf(activity, metresPerUnit), error: edit.error, fieldOf });
  const { draft, change, problemOf } = form;
  const isStrava = activity.source === 'strava';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const figures = isStrava ? { edit: {}, problems: {} } : figureChanges(activity, draft, runnerUnits);
    if (Object.keys(figures.problems).length > 0) {
      form.showProblems(figures.problems);
      return;
    }
    const changes = { ...changesOf(activity, draft, metresPerUnit), ...figures.edit };
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    const parsed = activityEditSchema.safeParse(changes);
    if (!parsed.success) {
      form.showProblems(problemsFromIssues(parsed.error.issues, fieldOf));
      return;
    }
    edit.mutate(parsed.data, { onSuccess: onClose });
  };

  const text = form.textField;

  return (
    <FormDialog
      open={open}
      title={ACTIVITY_EDIT_TEXTS.editTitle}
      submitLabel="Save"
      pending={edit.isPending}
      onClose={onClose}
      resetOnOpen={[form, edit]}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {isStrava && <Alert severity="info">{ACTIVITY_EDIT_TEXTS.stravaFieldsHelp}</Alert>}
        <TextField label="Name" disabled={isStrava} autoFocus={!isStrava} {...text('name', ' ')} />
        <TextField
          select
          label="Type"
          disabled={isStrava}
          value={draft.type}
          onChange={(event) => change('type', event.target.value as UploadActivityType)}
          error={Boolean(problemOf('type'))}
          helperText={problemOf('type') ?? ' '}
        >
          {UPLOAD_ACTIVITY_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {ACTIVITY_TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
        {!isStrava && (
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              {ACTIVITY_CORRECTION_TEXTS.correctionHelp}
            </Typography>
            <DateTimeFields date={text('date', ' ')} time={text('startTime', ' ')}>
              <TextField label="Time zone" fullWidth {...text('timeZone', ' ')} />
            </DateTimeFields>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
              <TextField
                label={`Distance (${distanceUnitLabel(units)})`}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                {...text('distance', ' ')}
              />
              <TextField label="Time" fullWidth {...text('time', 'h:mm:ss')} />
              <TextField label="Moving time" fullWidth {...text('movingTime', 'h:mm:ss')} />
            </Stack>
          </Stack>
        )}
        <NotesField notes="description" maxRows={6} disabled={isStrava} {...text('description', ' ')} />
        <NotesField
          notes="privateNotes"
          maxRows={6}
          autoFocus={isStrava}
          {...text('privateNotes', ACTIVITY_EDIT_TEXTS.privateNotesHelp)}
        />
        <Box>
          <FormControlLabel
            control={<Switch checked={draft.counted} onChange={(event) => change('counted', event.target.checked)} />}
            label={ACTIVITY_EDIT_TEXTS.countedLabel}
          />
          <Typography variant="body2" color="text.secondary">
            {ACTIVITY_EDIT_TEXTS.countedHelp}
          </Typography>
          {activity.flagged && (
            <Typography variant="body2" color="warning.main" sx={{ mt: 0.5 }}>
              {activity.flagReason}
            </Typography>
          )}
        </Box>
        {form.serverProblem && <Alert severity="error">{form.serverProblem}</Alert>}
      </Stack>
    </FormDialog>
  );
}
