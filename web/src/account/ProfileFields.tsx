/** Account Settings → "Profile": photo, name, username (with the public page it gives), location and bio. */
import { Grid, InputAdornment, TextField } from '@mui/material';
import { PROFILE_LIMITS, type Profile } from '../../../core/profile.ts';
import { ProfilePhotoPicker } from './ProfilePhotoPicker.tsx';
import type { useProfilePhoto } from '../lib/profile.ts';
import type { AccountFormValues, AccountTextField } from './account-form.ts';

export interface TextFieldBinding {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: boolean;
}

export function ProfileFields({
  profile,
  photo,
  values,
  text,
  errorFor,
}: {
  profile: Profile;
  photo: ReturnType<typeof useProfilePhoto>;
  values: AccountFormValues;
  text: (field: AccountTextField) => TextFieldBinding;
  errorFor: (field: AccountTextField) => string | undefined;
}) {
  return (
    <>
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
    </>
  );
}
