/** Deleting the account, behind typing the account's e-mail and its password; then the sign-in screen. */
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { TextField } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ACCOUNT_DELETED_PARAM,
  ACCOUNT_DELETION_MESSAGES,
  confirmsAccountDeletion,
} from '../../../core/account-deletion.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import type { DialogProps } from '../components/dialog-props.ts';
import { useDeleteAccount } from '../lib/profile.ts';

export function DeleteAccountDialog({ email, ...dialog }: DialogProps & { email: string }) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const deletion = useDeleteAccount();
  const navigate = useNavigate();
  const matches = confirmsAccountDeletion(typed, email);
  const confirm = () => {
    // The promise, not mutate's own callback: the signed-out screen unmounts before that one would run.
    void deletion.mutateAsync({ confirmEmail: typed, password }).then(
      () => navigate(`/login?${ACCOUNT_DELETED_PARAM}=1`, { replace: true }),
      () => undefined,
    );
  };
  return (
    <ConfirmDialog
      {...dialog}
      title="Delete your account?"
      confirmLabel="Delete my account"
      confirmIcon={<DeleteForeverIcon />}
      action={deletion}
      confirmDisabled={!matches || password === ''}
      onConfirm={confirm}
      fields={
        <>
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
        </>
      }
    >
      This removes your account, profile, sessions and everything that belongs to you from this server at once. It
      cannot be undone.
    </ConfirmDialog>
  );
}
