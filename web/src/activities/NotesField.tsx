/** An activity's description or private notes: two lines to begin with, no longer than the server keeps. */
import { TextField, type TextFieldProps } from '@mui/material';
import { ACTIVITY_EDIT_LIMITS } from '../../../core/activity/activity-edit.ts';

const LABELS = { description: 'Description', privateNotes: 'Private notes' } as const;

export function NotesField({ notes, ...props }: TextFieldProps & { notes: keyof typeof LABELS }) {
  return (
    <TextField
      label={LABELS[notes]}
      multiline
      minRows={2}
      slotProps={{ htmlInput: { maxLength: ACTIVITY_EDIT_LIMITS[notes] } }}
      {...props}
    />
  );
}
