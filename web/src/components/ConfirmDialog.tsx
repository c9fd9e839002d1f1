/** "Are you sure?" for an action that cannot be undone: pending spinner, and the error if it fails. */
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmIcon: ReactElement;
  color?: 'primary' | 'error';
  pending: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
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
    onOpen,
  } = props;
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      slotProps={onOpen ? { transition: { onEnter: onOpen } } : {}}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{children}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={pending}>
          Cancel
        </Button>
        <Button
          color={color}
          variant="contained"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : confirmIcon}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
