/**
 * "Are you sure?" for an action that cannot be undone (a deletion unless told otherwise): the
 * action's spinner while it runs, and its error if it fails; each opening clears an earlier try's
 * error. `fields` ask for more before it goes ahead (typing the e-mail and password to delete the
 * account); Enter in them confirms.
 */
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import type { FormEvent, ReactElement, ReactNode } from 'react';
import type { DialogProps } from './dialog-props.ts';

/** What the dialog shows of its action: a mutation, or anything shaped like one. */
export interface ConfirmAction {
  isPending: boolean;
  error: Error | null;
  reset: () => void;
}

export interface ConfirmDialogProps extends DialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The delete icon unless given. */
  confirmIcon?: ReactElement;
  /** Red unless given. */
  color?: 'primary' | 'error';
  action: ConfirmAction;
  onConfirm: () => void;
  /** Shown below the sentence; the dialog is wider with them. */
  fields?: ReactNode;
  /** The confirm button waits (the fields do not confirm yet). */
  confirmDisabled?: boolean;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    title,
    children,
    confirmLabel,
    confirmIcon = <DeleteIcon />,
    color = 'error',
    action,
    onConfirm,
    onClose,
    fields,
    confirmDisabled = false,
  } = props;
  const { isPending: pending, error } = action;
  const disabled = pending || confirmDisabled;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) {
      onConfirm();
    }
  };
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth={fields ? 'sm' : 'xs'}
      slotProps={{ transition: { onEnter: action.reset } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{children}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error.message}
            </Alert>
          )}
          {fields && (
            <Stack spacing={2} sx={{ mt: 2 }}>
              {fields}
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={pending}>
            Cancel
          </Button>
          <Button
            type="submit"
            color={color}
            variant="contained"
            disabled={disabled}
            startIcon={pending ? <CircularProgress size={16} color="inherit" /> : confirmIcon}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
