/**
 * Account Settings → "Your own Strava app" ("Strava's terms shape the design"): Strava
 * caps how many athletes one API application may serve, so a runner may connect through their own
 * application from Strava's developer settings. Client ID and secret are checked with the server's
 * own schema as they are typed; the secret is stored encrypted and never shown again.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  IconButton,
  Link,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ownAppBodySchema, type OwnAppBody, type StravaStatus } from '../../../core/strava/api.ts';
import { ApiError } from '../api/client.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { PasswordField } from '../pages/auth/form-fields.tsx';
import { useRemoveOwnStravaApp, useSaveOwnStravaApp, useStravaStatus } from './strava-api.ts';

const STRAVA_API_SETTINGS_URL = 'https://www.strava.com/settings/api';

type Field = keyof OwnAppBody;

/** The first message per field of the schema's verdict on what is typed. */
function fieldErrors(values: OwnAppBody): Partial<Record<Field, string>> {
  const result = ownAppBodySchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Strava's "Authorization Callback Domain" takes a host name without scheme or port. */
function CallbackDomain() {
  const domain = window.location.hostname;
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard.writeText(domain).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 0.5, width: 'fit-content' }}
    >
      <Typography component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {domain}
      </Typography>
      <Tooltip title={copied ? 'Copied' : 'Copy'} onClose={() => setCopied(false)}>
        <IconButton size="small" aria-label="Copy the callback domain" onClick={copy}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function OwnAppForm({ status }: { status: StravaStatus }) {
  const save = useSaveOwnStravaApp();
  const remove = useRemoveOwnStravaApp();
  const [values, setValues] = useState<OwnAppBody>({ clientId: '', clientSecret: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [removing, setRemoving] = useState(false);

  const errors = fieldErrors(values);
  const serverFields = save.error instanceof ApiError ? save.error.fields : {};
  const errorFor = (field: Field) =>
    (touched[field] || values[field] !== '' ? errors[field] : undefined) ?? serverFields[field];
  const valid = Object.keys(errors).length === 0;

  const field = (name: Field) => ({
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
        setValues({ clientId: '', clientSecret: '' });
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
      <ConfirmDialog
        open={removing}
        title="Remove your Strava app?"
        confirmLabel="Remove"
        confirmIcon={<DeleteIcon />}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        onOpen={() => remove.reset()}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setRemoving(false) })}
        onClose={() => setRemoving(false)}
      >
        Stride forgets the client ID and secret.
        {status.serverConfigured
          ? ' Your next connection goes through this server’s Strava app.'
          : ' This server has no Strava app of its own, so connecting needs an app again.'}
      </ConfirmDialog>
    </Stack>
  );
}

export function OwnStravaAppCard() {
  const status = useStravaStatus();
  return (
    <Card component="section" id="strava-app" aria-labelledby="strava-app-title" sx={{ scrollMarginTop: 80 }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="strava-app-title" variant="h6" component="h2">
          Your own Strava app
        </Typography>
        <Stack spacing={1.5} sx={{ mt: 0.5, mb: 2.5 }}>
          <Typography variant="body2" color="text.secondary">
            Strava limits how many athletes one API application may serve. If this server’s app is full, or it has none,
            create your own in{' '}
            <Link href={STRAVA_API_SETTINGS_URL} target="_blank" rel="noopener noreferrer">
              Strava’s API settings
              <OpenInNewIcon sx={{ fontSize: 14, ml: 0.25, verticalAlign: 'text-top' }} aria-hidden />
            </Link>{' '}
            (developers.strava.com) and enter its client ID and secret here. The secret is stored encrypted and never
            shown again.
          </Typography>
          <Typography variant="body2" color="text.secondary">
            When Strava asks for the <strong>Authorization Callback Domain</strong>, enter:
          </Typography>
          <CallbackDomain />
        </Stack>
        {status.error ? (
          <Alert severity="error">{status.error.message}</Alert>
        ) : status.data ? (
          <OwnAppForm status={status.data} />
        ) : (
          <CircularProgress size={24} aria-label="Loading" />
        )}
      </CardContent>
    </Card>
  );
}
