/**
 * The frame of a form in a dialog (add or edit gear, add a manual activity, edit an activity):
 * title, the fields, then Cancel and the submit button. While the form is being sent the dialog
 * stays open and Cancel waits; each opening starts the form again (`resetOnOpen`).
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { SubmitButton } from '../lib/form-fields.tsx';

export function FormDialog({
  open,
  title,
  submitLabel,
  pending,
  onClose,
  resetOnOpen,
  onSubmit,
  maxWidth = 'sm',
  children,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  pending: boolean;
  onClose: () => void;
  /** What starts again as the dialog opens: the form and its mutations. */
  resetOnOpen: readonly { reset: () => void }[];
  onSubmit: (event: FormEvent) => void;
  /** Narrow for a single field. */
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      slotProps={{ transition: { onEnter: () => resetOnOpen.forEach((part) => part.reset()) } }}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={pending}>
            Cancel
          </Button>
          <SubmitButton pending={pending} size="medium">
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
