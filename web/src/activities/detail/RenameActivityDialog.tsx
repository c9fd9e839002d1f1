/** Renaming an uploaded activity: the name is checked as the server checks it, and the server's answer shown. */
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { activityRenameSchema, type ActivityDetail } from '../../../../core/activity/schemas.ts';
import { ApiError } from '../../api/client.ts';
import { useRenameActivity } from '../activities-api.ts';

export function RenameActivityDialog({
  activity,
  open,
  onClose,
}: {
  activity: ActivityDetail;
  open: boolean;
  onClose: () => void;
}) {
  const rename = useRenameActivity(activity.id);
  const [name, setName] = useState(activity.name);
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = activityRenameSchema.safeParse({ name });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    rename.mutate(parsed.data.name, { onSuccess: onClose });
  };
  const serverProblem =
    rename.error instanceof ApiError ? (rename.error.fields.name ?? rename.error.message) : rename.error?.message;
  return (
    <Dialog
      open={open}
      onClose={rename.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onEnter: () => {
            setName(activity.name);
            setProblem(undefined);
            rename.reset();
          },
        },
      }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle>Rename activity</DialogTitle>
        <DialogContent>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(undefined);
            }}
            error={Boolean(problem ?? serverProblem)}
            helperText={problem ?? serverProblem ?? ' '}
            autoFocus
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={rename.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={rename.isPending}
            startIcon={rename.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
