/**
 * /account (Account Settings): name, username, location, bio, photo, unit system, dark mode,
 * e-mail notifications, weekly report; the Strava connection and the user's own Strava app; the
 * password and other sessions; and account deletion behind a typed confirmation.
 */
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Grid,
  InputAdornment,
  Radio,
  RadioGroup,
  Skeleton,
  Snackbar,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  ACCOUNT_DELETION_MESSAGES,
  confirmsAccountDeletion,
  PROFILE_LIMITS,
  profileUpdateSchema,
  type Preferences,
  type Profile,
  type ProfileUpdate,
} from '../../../core/profile.ts';
import { AccountSecurityCard } from '../account/AccountSecurityCard.tsx';
import { ApiError } from '../api/client.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useDeleteAccount, useProfile, useProfilePhoto, useUpdateProfile } from '../profile/profile.ts';
import { ProfilePhotoPicker } from '../profile/ProfilePhotoPicker.tsx';
import { OwnStravaAppCard } from '../strava/OwnStravaAppCard.tsx';
import { StravaConnectionCard } from '../strava/StravaConnectionCard.tsx';

interface FormValues {
  firstName: string;
  lastName: string;
  username: string;
  location: string;
  bio: string;
  preferences: Preferences;
}

const TEXT_FIELDS = ['firstName', 'lastName', 'username', 'location', 'bio'] as const;

function valuesOf(profile: Profile): FormValues {
  const { firstName, lastName, username, location, bio, preferences } = profile;
  return { firstName, lastName, username, location, bio, preferences };
}

/** Only what changed is sent: the server merges. */
function changesOf(values: FormValues, profile: Profile): ProfileUpdate {
  const update: ProfileUpdate = {};
  for (const field of TEXT_FIELDS) {
    if (values[field].trim() !== profile[field]) {
      update[field] = values[field];
    }
  }
  const preferences = Object.fromEntries(
    Object.entries(values.preferences).filter(
      ([key, value]) => profile.preferences[key as keyof Preferences] !== value,
    ),
  );
  if (Object.keys(preferences).length > 0) {
    update.preferences = preferences;
  }
  return update;
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          {description}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function DeleteAccountDialog({ email, open, onClose }: { email: string; open: boolean; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const deletion = useDeleteAccount();
  const navigate = useNavigate();
  const matches = confirmsAccountDeletion(typed, email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) {
      return;
    }
    deletion.mutate(typed, { onSuccess: () => void navigate('/login', { replace: true }) });
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
            disabled={!matches || deletion.isPending}
            startIcon={deletion.isPending ? <CircularProgress size={16} color="inherit" /> : <DeleteForeverIcon />}
          >
            Delete my account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function AccountForm({
  profile,
  update,
  photo,
  onSaved,
}: {
  profile: Profile;
  update: ReturnType<typeof useUpdateProfile>;
  photo: ReturnType<typeof useProfilePhoto>;
  onSaved: () => void;
}) {
  const [values, setValues] = useState<FormValues>(() => valuesOf(profile));

  const changes = changesOf(values, profile);
  const validation = profileUpdateSchema.safeParse(changes);
  const clientErrors: Record<string, string> = {};
  if (!validation.success) {
    for (const issue of validation.error.issues) {
      clientErrors[issue.path.join('.')] ??= issue.message;
    }
  }
  const serverErrors = update.error instanceof ApiError ? update.error.fields : {};
  const errorFor = (field: string) => clientErrors[field] ?? serverErrors[field];
  const dirty = Object.keys(changes).length > 0;

  const text = (field: (typeof TEXT_FIELDS)[number]) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    error: Boolean(errorFor(field)),
  });
  const preference = <K extends keyof Preferences>(key: K, value: Preferences[K]) =>
    setValues((current) => ({ ...current, preferences: { ...current.preferences, [key]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || !validation.success) {
      return;
    }
    update.mutate(validation.data, {
      onSuccess: (saved) => {
        // The form goes on from what the server stored (trimmed, normalised).
        setValues(valuesOf(saved));
        onSaved();
      },
    });
  };

  return (
    <Stack component="form" spacing={3} noValidate onSubmit={submit}>
      {update.error && !Object.keys(serverErrors).length && <Alert severity="error">{update.error.message}</Alert>}
      <Section title="Profile" description="Your name and what your public page shows.">
        <ProfilePhotoPicker
          profile={profile}
          photo={photo}
          displayName={[values.firstName, values.lastName].filter(Boolean).join(' ')}
        />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="First name"
              autoComplete="given-name"
              {...text('firstName')}
              helperText={errorFor('firstName')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Last name"
              autoComplete="family-name"
              {...text('lastName')}
              helperText={errorFor('lastName')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Username"
              autoComplete="username"
              {...text('username')}
              helperText={
                errorFor('username') ??
                `Your public page: ${window.location.host}/${values.username.trim().toLowerCase()}`
              }
              slotProps={{ input: { startAdornment: <InputAdornment position="start">@</InputAdornment> } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Location"
              autoComplete="address-level2"
              {...text('location')}
              helperText={errorFor('location') ?? `${values.location.length}/${PROFILE_LIMITS.location}`}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              label="Bio"
              multiline
              minRows={3}
              {...text('bio')}
              helperText={errorFor('bio') ?? `${values.bio.length}/${PROFILE_LIMITS.bio}`}
            />
          </Grid>
        </Grid>
      </Section>

      <Section title="Preferences" description="How Stride shows your numbers and when it writes to you.">
        <Stack spacing={2}>
          <FormControl>
            <FormLabel id="unit-system-label">Unit system</FormLabel>
            <RadioGroup
              aria-labelledby="unit-system-label"
              value={values.preferences.unitSystem}
              onChange={(event) => preference('unitSystem', event.target.value as Preferences['unitSystem'])}
            >
              <FormControlLabel value="imperial" control={<Radio />} label="Imperial (miles, feet)" />
              <FormControlLabel value="metric" control={<Radio />} label="Metric (kilometres, metres)" />
            </RadioGroup>
          </FormControl>
          <FormGroup sx={{ gap: 1 }}>
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={values.preferences.darkMode}
                    onChange={(event) => preference('darkMode', event.target.checked)}
                  />
                }
                label="Dark mode"
              />
              <FormHelperText sx={{ mt: 0, ml: 6 }}>
                Stride&apos;s screens are always dark; this also darkens maps and share cards.
              </FormHelperText>
            </Box>
            <FormControlLabel
              control={
                <Switch
                  checked={values.preferences.emailNotifications}
                  onChange={(event) => preference('emailNotifications', event.target.checked)}
                />
              }
              label="E-mail notifications"
            />
            <FormControlLabel
              control={
                <Switch
                  checked={values.preferences.weeklyReport}
                  onChange={(event) => preference('weeklyReport', event.target.checked)}
                />
              }
              label="Weekly report"
            />
          </FormGroup>
        </Stack>
      </Section>

      <Stack sx={{ justifyContent: 'flex-end' }} direction="row" spacing={2}>
        <Button color="inherit" disabled={!dirty || update.isPending} onClick={() => setValues(valuesOf(profile))}>
          Discard
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!dirty || !validation.success || update.isPending}
          startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : null}
        >
          Save changes
        </Button>
      </Stack>
    </Stack>
  );
}

function DeleteAccountSection({ email }: { email: string }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <Card sx={{ borderColor: 'error.dark' }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Stack
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
        >
          <Box>
            <Typography variant="h6" component="h2">
              Delete account
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Removes you and all your data from this server and signs you out everywhere.
            </Typography>
          </Box>
          <Button color="error" variant="outlined" onClick={() => setDeleting(true)} sx={{ flexShrink: 0 }}>
            Delete account
          </Button>
        </Stack>
      </CardContent>
      <DeleteAccountDialog email={email} open={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}

export default function AccountPage() {
  const { data: profile, error } = useProfile();
  // Held here, not in the form, so a save or an upload under way outlives whatever the form renders.
  const update = useUpdateProfile();
  const photo = useProfilePhoto();
  const [saved, setSaved] = useState(false);
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader title="Account Settings" subtitle="Your profile, units, notifications and Strava." />
      {error && <Alert severity="error">{error.message}</Alert>}
      {!profile && !error && <Skeleton variant="rounded" height={420} />}
      {/* The form stays mounted: a photo change (saved on its own) keeps the edits not yet saved. */}
      {profile && (
        <Stack spacing={3}>
          <AccountForm profile={profile} update={update} photo={photo} onSaved={() => setSaved(true)} />
          {/* Outside the profile form: each has its own form, and a saved profile does not reset them. */}
          <StravaConnectionCard variant="account" />
          <OwnStravaAppCard />
          <AccountSecurityCard />
          <DeleteAccountSection email={profile.email} />
        </Stack>
      )}
      <Snackbar
        open={saved}
        autoHideDuration={4000}
        onClose={() => setSaved(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" role="status" onClose={() => setSaved(false)}>
          Profile saved
        </Alert>
      </Snackbar>
    </Box>
  );
}
