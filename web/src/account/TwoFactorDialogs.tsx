/**
 * Two-factor dialogs of Account Settings: enrolment (the password, then the QR code with the secret
 * as text and the backup codes, then a code from the app completes it), and the password-guarded
 * "turn off" and "new backup codes".
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { totpCodeSchema } from '../../../core/two-factor-codes.ts';
import { TWO_FACTOR_MESSAGES, totpSecretOf } from '../../../core/two-factor.ts';
import { PasswordField, SubmitButton } from '../lib/form-fields.tsx';
import { BackupCodes } from './BackupCodes.tsx';
import { useConfirmEnrolment, useDisableTwoFactor, useNewBackupCodes, useStartEnrolment } from './two-factor.ts';

/** The QR code library is fetched only when enrolment shows a code (never on the sign-in page). */
const QrCode = lazy(() => import('./QrCode.tsx'));

export function EnrolDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const enrolment = start.data;
  const parsedCode = totpCodeSchema.safeParse(code);

  const close = () => {
    start.reset();
    confirm.reset();
    setCode('');
    setTouched(false);
    onClose();
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (parsedCode.success) {
      confirm.mutate(parsedCode.data, {
        onSuccess: () => {
          close();
          onDone();
        },
      });
    }
  };

  const secret = enrolment ? totpSecretOf(enrolment.totpURI) : undefined;

  return (
    <PasswordDialog
      open={open}
      title="Turn on two-factor sign-in"
      text="After your password, signing in will also ask for a code from an authenticator app on your phone. Enter your password to begin."
      actionLabel="Continue"
      pending={start.isPending}
      error={start.error}
      onSubmit={(password) => start.mutate(password)}
      onClose={close}
      maxWidth="sm"
    >
      {enrolment && (
        // A column the dialog's height bounds: the steps scroll and "Turn on" stays in sight.
        <Box
          component="form"
          noValidate
          onSubmit={submitCode}
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
        >
          <DialogContent>
            <Stack spacing={2.5}>
              <Typography variant="subtitle2" component="h3">
                1. Scan this QR code with your authenticator app
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <Suspense fallback={<Skeleton variant="rounded" width={200} height={200} />}>
                  <QrCode text={enrolment.totpURI} label="QR code for your authenticator app" />
                </Suspense>
                <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                  <Typography variant="body2" color="text.secondary">
                    Cannot scan it? Enter this key in the app instead:
                  </Typography>
                  <Typography
                    data-testid="totp-secret"
                    sx={{ fontFamily: 'monospace', fontSize: 15, wordBreak: 'break-all', userSelect: 'all' }}
                  >
                    {secret}
                  </Typography>
                </Stack>
              </Stack>
              <Typography variant="subtitle2" component="h3">
                2. Save your backup codes
              </Typography>
              <BackupCodes codes={enrolment.backupCodes} />
              <Typography variant="subtitle2" component="h3">
                3. Enter the code the app shows
              </Typography>
              {confirm.error && <Alert severity="error">{confirm.error.message}</Alert>}
              <TextField
                label="Code"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                onBlur={() => setTouched(true)}
                error={touched && !parsedCode.success}
                helperText={touched && !parsedCode.success ? TWO_FACTOR_MESSAGES.codeFormat : ' '}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <SubmitButton pending={confirm.isPending} size="medium">
              Turn on
            </SubmitButton>
          </DialogActions>
        </Box>
      )}
    </PasswordDialog>
  );
}

/** A dialog that asks the password, then runs the action (turn off, new backup codes). */
function PasswordDialog({
  open,
  title,
  text,
  actionLabel,
  pending,
  error,
  onSubmit,
  onClose,
  children,
  maxWidth = 'xs',
}: {
  open: boolean;
  title: string;
  text: string;
  actionLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (password: string) => void;
  onClose: () => void;
  /** Shown instead of the password form once the password was taken (the action's answer). */
  children?: ReactNode;
  maxWidth?: 'xs' | 'sm';
}) {
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  // A dialog closed by its action's success forgets the password as one closed by Cancel does.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setPassword('');
      setTouched(false);
    }
  }
  const close = () => {
    setPassword('');
    setTouched(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (password.length > 0) {
      onSubmit(password);
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth={maxWidth}>
      <DialogTitle>{title}</DialogTitle>
      {children || (
        <form noValidate onSubmit={submit}>
          <DialogContent>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
              {error && <Alert severity="error">{error.message}</Alert>}
              <PasswordField
                label="Password"
                autoComplete="current-password"
                autoFocus
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={touched && password.length === 0}
                helperText={touched && password.length === 0 ? TWO_FACTOR_MESSAGES.passwordRequired : ' '}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <SubmitButton pending={pending} size="medium">
              {actionLabel}
            </SubmitButton>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

export function DisableDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const close = () => {
    disable.reset();
    onClose();
  };
  return (
    <PasswordDialog
      open={open}
      title="Turn off two-factor sign-in"
      text="Signing in will ask for your password only. Enter your password to turn it off."
      actionLabel="Turn off"
      pending={disable.isPending}
      error={disable.error}
      onSubmit={(password) =>
        disable.mutate(password, {
          onSuccess: () => {
            close();
            onDone();
          },
        })
      }
      onClose={close}
    />
  );
}

export function NewBackupCodesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const generate = useNewBackupCodes();
  const close = () => {
    generate.reset();
    onClose();
  };
  return (
    <PasswordDialog
      open={open}
      title="New backup codes"
      text="New codes replace the ones you have: the old codes stop working. Enter your password to continue."
      actionLabel="Create new codes"
      pending={generate.isPending}
      error={generate.error}
      onSubmit={(password) => generate.mutate(password)}
      onClose={close}
    >
      {generate.data && (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Alert severity="success" role="status">
                {TWO_FACTOR_MESSAGES.backupCodesRegenerated}
              </Alert>
              <BackupCodes codes={generate.data.backupCodes} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      )}
    </PasswordDialog>
  );
}
