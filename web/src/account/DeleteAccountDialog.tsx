/** Deleting the account, behind typing the account's e-mail and its password; then the sign-in screen. */
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  ACCOUNT_DELETED_PARAM,
  ACCOUNT_DELETION_MESSAGES,
  confirmsAccountDeletion,
} from '../../../core/account-deletion.ts';
import { useDeleteAccount } from '../lib/profile.ts';

export function DeleteAccountDialog({ email, open, onClose }: { email: string; open: boolean; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const deletion = useDeleteAccount();
  const navigate = useNavigate();
  const matches = confirmsAccountDeletion(typed, email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches || password === '') {
      return;
    }
    // The promise, not mutate's own callback: the signed-out screen unmounts before that one would run.
    void deletion.mutateAsync({ confirmEmail: typed, password }).then(
      () => navigate(`/login?${ACCOUNT_DELETED_PARAM}=1`, { replace: true }),
      () => undefined,
    );
  };
  return (
    <Dialog open={open} onClose={deletion.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            This removes your account, profile, sessions and everything that belongs to you from this server at once. It
            cannot be undone.
          </DialogContentText>
          {deletion.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {deletion.error.message}
            </Alert>
          )}
          <TextField
            label="Type your e-mail to confirm"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            placeholder={email}
            error={typed.length > 0 && !matches}
            helperText={typed.length > 0 && !matches ? ACCOUNT_DELETION_MESSAGES.confirmationMismatch : `Type ${email}`}
            autoFocus
            fullWidth
            sx={{ mb: 2 }}
          />
          <TextField
            label="Your password"
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
            helperText={ACCOUNT_DELETION_MESSAGES.passwordRequired}
            fullWidth
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={deletion.isPending} color="inherit">
            Cancel
          </Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={!matches || password === '' || deletion.isPending}
            startIcon={deletion.isPending ? <CircularProgress size={16} color="inherit" /> : <DeleteForeverIcon />}
          >
            Delete my account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
