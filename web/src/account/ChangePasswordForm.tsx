/**
 * Account Settings → "Change password": current, new and confirmation, checked as the user types
 * (password-change.ts); a changed password also signs out every other device (server/auth/auth.ts).
 */
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { passwordChangedMessage } from '../../../core/account-security.ts';
import { passwordLengthMessages } from '../../../core/password-policy.ts';
import { fieldFeedback, PasswordField, usePasswordPolicy, useTouched } from '../lib/form-fields.tsx';
import {
  EMPTY_PASSWORD_CHANGE,
  PASSWORD_CHANGE_FIELDS,
  passwordChangeErrors,
  type PasswordChangeField,
} from './password-change.ts';
import { useChangePassword } from './security.ts';

export function ChangePasswordForm() {
  const policy = usePasswordPolicy();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY_PASSWORD_CHANGE);
  const [done, setDone] = useState<string | null>(null);
  const { touched, touch, touchAll } = useTouched<PasswordChangeField>();

  const errors = passwordChangeErrors(values, policy);
  const serverFields = change.error && 'fields' in change.error ? (change.error.fields as Record<string, string>) : {};

  const update = (field: PasswordChangeField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setDone(null);
    if (field === 'newPassword' && event.target.value.length > 0) {
      touch('newPassword');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    touchAll(PASSWORD_CHANGE_FIELDS);
    if (Object.keys(errors).length > 0) {
      return;
    }
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (result) => {
          setValues(EMPTY_PASSWORD_CHANGE);
          touchAll([]);
          setDone(passwordChangedMessage(result.otherSessionsEnded));
        },
      },
    );
  };

  const fieldProps = (field: PasswordChangeField, hint = ' ') => ({
    value: values[field],
    onChange: update(field),
    onBlur: () => touch(field),
    ...fieldFeedback(touched[field] && errors[field], serverFields[field], hint),
  });

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
