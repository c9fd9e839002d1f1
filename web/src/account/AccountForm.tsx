/**
 * The Account Settings profile form: the profile and preference sections, validated as the user
 * types with the server's schema, saving only what changed. The save and the photo upload are held
 * by the page, so they outlive whatever the form renders.
 */
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { Preferences, Profile } from '../../../core/profile.ts';
import { ApiError } from '../api/client.ts';
import type { useProfilePhoto, useUpdateProfile } from '../lib/profile.ts';
import {
  accountFormChanges,
  accountFormValues,
  checkAccountChanges,
  type AccountFormValues,
  type AccountTextField,
} from './account-form.ts';
import { AccountSection } from '../components/AccountSection.tsx';
import { PreferenceFields } from './PreferenceFields.tsx';
import { ProfileFields } from './ProfileFields.tsx';

export function AccountForm({
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
  const [values, setValues] = useState<AccountFormValues>(() => accountFormValues(profile));

  const changes = accountFormChanges(values, profile);
  const check = checkAccountChanges(changes);
  const serverErrors = update.error instanceof ApiError ? update.error.fields : {};
  const errorFor = (field: string) => check.errors[field] ?? serverErrors[field];
  const dirty = Object.keys(changes).length > 0;

  const text = (field: AccountTextField) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    error: Boolean(errorFor(field)),
  });
  const setPreference = <K extends keyof Preferences>(key: K, value: Preferences[K]) =>
    setValues((current) => ({ ...current, preferences: { ...current.preferences, [key]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || !check.valid) {
      return;
    }
    update.mutate(check.update, {
      onSuccess: (saved) => {
        // The form goes on from what the server stored (trimmed, normalised).
        setValues(accountFormValues(saved));
        onSaved();
      },
    });
  };

  return (
    <Stack component="form" spacing={3} noValidate onSubmit={submit}>
      {update.error && !Object.keys(serverErrors).length && <Alert severity="error">{update.error.message}</Alert>}
      <AccountSection title="Profile" description="Your name and what your public page shows.">
        <ProfileFields profile={profile} photo={photo} values={values} text={text} errorFor={errorFor} />
      </AccountSection>
      <AccountSection title="Preferences" description="How Stride shows your numbers and when it writes to you.">
        <PreferenceFields preferences={values.preferences} set={setPreference} />
      </AccountSection>
      <Stack sx={{ justifyContent: 'flex-end' }} direction="row" spacing={2}>
        <Button
          color="inherit"
          disabled={!dirty || update.isPending}
          onClick={() => setValues(accountFormValues(profile))}
        >
          Discard
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!dirty || !check.valid || update.isPending}
          startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : null}
        >
          Save changes
        </Button>
      </Stack>
    </Stack>
  );
}
