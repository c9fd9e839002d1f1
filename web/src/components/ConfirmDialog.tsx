/**
 * "Are you sure?" for an action that cannot be undone: pending spinner, and the error if it fails.
 * `fields` ask for more before it goes ahead (typing the e-mail and password to delete the account);
 * Enter in them confirms.
 */
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

export interface ConfirmDialogProps extends DialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmIcon: ReactElement;
  color?: 'primary' | 'error';
  pending: boolean;
  error: Error | null;
  onConfirm: () => void;
  /** Shown below the sentence; the dialog is wider with them. */
  fields?: ReactNode;
  /** The confirm button waits (the fields do not confirm yet). */
  confirmDisabled?: boolean;
  /** Runs as the dialog opens (e.g. to clear the error of an earlier try). */
  onOpen?: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    title,
    children,
    confirmLabel,
    confirmIcon,
    color = 'primary',
    pending,
    error,
    onConfirm,
    onClose,
    fields,
    confirmDisabled = false,
    onOpen,
  } = props;
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
      slotProps={onOpen ? { transition: { onEnter: onOpen } } : {}}
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
