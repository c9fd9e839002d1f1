/**
 * Account Settings → "Password and sessions": change the password (current, new, confirm; the
 * server's policy checked as the user types, like the register form) and sign out every other
 * device. A changed password also signs out every other device (server/auth/auth.ts).
 */
import { Alert, Box, Button, Card, CardContent, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import {
  otherSessionsEndedMessage,
  PASSWORD_CHANGE_MESSAGES,
  passwordChangedMessage,
} from '../../../core/account-security.ts';
import { passwordLengthMessages, passwordProblems } from '../../../core/password-policy.ts';
import { PasswordField, usePasswordPolicy, useTouched } from '../pages/auth/form-fields.tsx';
import { useChangePassword, useEndOtherSessions } from './security.ts';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm() {
  const policy = usePasswordPolicy();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [done, setDone] = useState<string | null>(null);
  const { touched, touch, touchAll } = useTouched<Field>();

  const errors: Partial<Record<Field, string>> = {};
  if (values.currentPassword === '') {
    errors.currentPassword = PASSWORD_CHANGE_MESSAGES.currentRequired;
  }
  const problems = passwordProblems(values.newPassword, policy);
  if (problems.length > 0) {
    errors.newPassword = problems[0];
  }
  if (values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = PASSWORD_CHANGE_MESSAGES.confirmationMismatch;
  }
  const serverFields = change.error && 'fields' in change.error ? (change.error.fields as Record<string, string>) : {};

  const update = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setDone(null);
    if (field === 'newPassword' && event.target.value.length > 0) {
      touch('newPassword');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    touchAll(['currentPassword', 'newPassword', 'confirmPassword']);
    if (Object.keys(errors).length > 0) {
      return;
    }
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (result) => {
          setValues(EMPTY);
          touchAll([]);
          setDone(passwordChangedMessage(result.otherSessionsEnded));
        },
      },
    );
  };

  const fieldProps = (field: Field, hint = ' ') => {
    const message = (touched[field] && errors[field]) || serverFields[field];
    return {
      value: values[field],
      onChange: update(field),
      onBlur: () => touch(field),
      error: Boolean(message),
      helperText: message || hint,
    };
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label="Change password">
      <Typography variant="subtitle1" component="h3">
        Change password
      </Typography>
      {change.error && <Alert severity="error">{change.error.message}</Alert>}
      {done && (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      )}
      <PasswordField label="Current password" autoComplete="current-password" {...fieldProps('currentPassword')} />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        {...fieldProps('newPassword', passwordLengthMessages(policy).hint)}
      />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...fieldProps('confirmPassword')} />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={change.isPending}
          startIcon={change.isPending ? <CircularProgress size={16} color="inherit" /> : null}
        >
          Change password
        </Button>
      </Box>
    </Stack>
  );
}

function EndOtherSessions() {
  const end = useEndOtherSessions();
  return (
    <Stack spacing={1.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="subtitle1" component="h3">
            Other devices
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Signs out every browser and device signed in to this account, except this one.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="inherit"
          disabled={end.isPending}
          onClick={() => end.mutate()}
          startIcon={end.isPending ? <CircularProgress size={16} color="inherit" /> : null}
          sx={{ flexShrink: 0 }}
        >
          Sign out everywhere else
        </Button>
      </Stack>
      {end.error && <Alert severity="error">{end.error.message}</Alert>}
      {end.data && (
        <Alert severity="success" role="status">
          {otherSessionsEndedMessage(end.data.otherSessionsEnded)}
        </Alert>
      )}
    </Stack>
  );
}

export function AccountSecurityCard() {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography variant="h6" component="h2">
          Password and sessions
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          Changing your password signs you out on every other device.
        </Typography>
        <Stack spacing={3} sx={{ maxWidth: 480 }}>
          <ChangePasswordForm />
        </Stack>
        <Divider sx={{ my: 3 }} />
        <EndOtherSessions />
      </CardContent>
    </Card>
  );
}
