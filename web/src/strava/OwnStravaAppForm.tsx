/**
 * The own-Strava-app form: which app is in use (with Remove), and client ID and secret, checked
 * with the server's schema as they are typed (own-app-form.ts). The secret is never shown again.
 */
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, CircularProgress, Grid, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ownAppBodySchema, type OwnAppBody, type StravaStatus } from '../../../core/strava/api.ts';
import { ApiError } from '../api/client.ts';
import { PasswordField } from '../lib/form-fields.tsx';
import { EMPTY_OWN_APP, ownAppFieldErrors, type OwnAppField } from './own-app-form.ts';
import { RemoveOwnStravaAppDialog } from './RemoveOwnStravaAppDialog.tsx';
import { useSaveOwnStravaApp } from './strava-api.ts';

export function OwnStravaAppForm({ status }: { status: StravaStatus }) {
  const save = useSaveOwnStravaApp();
  const [values, setValues] = useState<OwnAppBody>(EMPTY_OWN_APP);
  const [touched, setTouched] = useState<Partial<Record<OwnAppField, boolean>>>({});
  const [removing, setRemoving] = useState(false);

  const errors = ownAppFieldErrors(values);
  const serverFields = save.error instanceof ApiError ? save.error.fields : {};
  const errorFor = (field: OwnAppField) =>
    (touched[field] || values[field] !== '' ? errors[field] : undefined) ?? serverFields[field];
  const valid = Object.keys(errors).length === 0;

  const field = (name: OwnAppField) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: Boolean(errorFor(name)),
    helperText: errorFor(name) ?? ' ',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ clientId: true, clientSecret: true });
    const parsed = ownAppBodySchema.safeParse(values);
    if (!parsed.success) {
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY_OWN_APP);
        setTouched({});
      },
    });
  };

  return (
    <Stack spacing={2}>
      {status.ownApp && (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" startIcon={<DeleteIcon />} onClick={() => setRemoving(true)}>
              Remove
            </Button>
          }
        >
          Stride connects you through your own Strava app (client ID {status.ownApp.clientId}).
        </Alert>
      )}
      {save.error && Object.keys(serverFields).length === 0 && <Alert severity="error">{save.error.message}</Alert>}
      <Box component="form" noValidate onSubmit={submit} aria-label="Your own Strava app">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 5 }}>
            <TextField
              label="Client ID"
              autoComplete="off"
              slotProps={{ htmlInput: { inputMode: 'numeric', spellCheck: false } }}
              {...field('clientId')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 7 }}>
            <PasswordField
              label="Client secret"
              autoComplete="off"
              fullWidth
              slotProps={{ htmlInput: { spellCheck: false } }}
              {...field('clientSecret')}
            />
          </Grid>
        </Grid>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending || (!valid && Object.values(touched).some(Boolean))}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {status.ownApp ? 'Replace app' : 'Save app'}
          </Button>
        </Stack>
      </Box>
      <RemoveOwnStravaAppDialog
        open={removing}
        serverConfigured={status.serverConfigured}
        onClose={() => setRemoving(false)}
      />
    </Stack>
  );
}
