/**
 * Editing an activity: name, type, description, private notes and whether it counts (the override
 * of the plausibility flag). Fields are checked with the server's own schema and only what changed
 * is sent. A Strava activity's name, type and description are Strava's: shown, not editable.
 */
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent } from 'react';
import {
  ACTIVITY_EDIT_LIMITS,
  ACTIVITY_EDIT_TEXTS,
  activityEditSchema,
  type ActivityEdit,
} from '../../../../core/activity/activity-edit.ts';
import { UPLOAD_ACTIVITY_TYPES, type UploadActivityType } from '../../../../core/activity/parsed.ts';
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';
import { problemsFromIssues, useDialogForm } from '../../lib/use-dialog-form.ts';
import { useEditActivity } from '../activities-api.ts';
import { ACTIVITY_TYPE_LABELS } from '../../lib/activity-format.ts';

interface Draft {
  name: string;
  type: UploadActivityType;
  description: string;
  privateNotes: string;
  counted: boolean;
}

const DRAFT_FIELDS: readonly string[] = [
  'name',
  'type',
  'description',
  'privateNotes',
  'counted',
] satisfies (keyof Draft)[];

/** The API's fields are the form's own. */
const fieldOf = (apiField: string) => (DRAFT_FIELDS.includes(apiField) ? (apiField as keyof Draft) : undefined);

const draftOf = (activity: ActivityDetail): Draft => ({
  name: activity.name,
  type: activity.type,
  description: activity.description,
  privateNotes: activity.privateNotes,
  counted: activity.counted,
});

/** The fields that differ from the activity as it is, the Strava-owned ones left out for Strava's. */
function changesOf(activity: ActivityDetail, draft: Draft): ActivityEdit {
  const start = draftOf(activity);
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

export function EditActivityDialog({
  activity,
  open,
  onClose,
}: {
  activity: ActivityDetail;
  open: boolean;
  onClose: () => void;
}) {
  const edit = useEditActivity(activity.id);
  const form = useDialogForm({ initial: () => draftOf(activity), error: edit.error, fieldOf });
  const { draft, change, problemOf } = form;
  const isStrava = activity.source === 'strava';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = changesOf(activity, draft);
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
    <Dialog
      open={open}
      onClose={edit.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onEnter: () => {
            form.reset();
            edit.reset();
          },
        },
      }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle>{ACTIVITY_EDIT_TEXTS.editTitle}</DialogTitle>
        <DialogContent>
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
            <TextField
              label="Description"
              multiline
              minRows={2}
              maxRows={6}
              disabled={isStrava}
              slotProps={{ htmlInput: { maxLength: ACTIVITY_EDIT_LIMITS.description } }}
              {...text('description', ' ')}
            />
            <TextField
              label="Private notes"
              multiline
              minRows={2}
              maxRows={6}
              autoFocus={isStrava}
              slotProps={{ htmlInput: { maxLength: ACTIVITY_EDIT_LIMITS.privateNotes } }}
              {...text('privateNotes', ACTIVITY_EDIT_TEXTS.privateNotesHelp)}
            />
            <Box>
              <FormControlLabel
                control={
                  <Switch checked={draft.counted} onChange={(event) => change('counted', event.target.checked)} />
                }
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
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={edit.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={edit.isPending}
            startIcon={edit.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
