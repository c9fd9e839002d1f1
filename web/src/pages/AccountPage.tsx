/**
 * /account (Account Settings): the profile and preferences form, the maximum heart rate, shoes and
 * gear, the Strava connection and the user's own Strava app, the subscription, the password and other
 * sessions, and account deletion. Each section lives in web/src/account/ or web/src/strava/.
 */
import { Alert, Box, Skeleton, Snackbar, Stack } from '@mui/material';
import { useState } from 'react';
import { AccountForm } from '../account/AccountForm.tsx';
import { AccountSecurityCard } from '../account/AccountSecurityCard.tsx';
import { DataExportCard } from '../account/DataExportCard.tsx';
import { DeleteAccountSection } from '../account/DeleteAccountSection.tsx';
import { GoogleAccountCard } from '../account/GoogleAccountCard.tsx';
import { PhoneSignInCard } from '../account/PhoneSignInCard.tsx';
import { HeartRateCard } from '../account/HeartRateCard.tsx';
import { PublicProfileCard } from '../account/PublicProfileCard.tsx';
import { SignInMethodsCard } from '../account/SignInMethodsCard.tsx';
import { PROFILE_FALLBACK_NOTICE } from '../../../core/profile.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useProfile, useProfilePhoto, useUpdateProfile } from '../lib/profile.ts';
import { OwnStravaAppCard } from '../strava/OwnStravaAppCard.tsx';
import { StravaConnectionCard } from '../strava/StravaConnectionCard.tsx';
import { SubscriptionCard } from '../subscription/SubscriptionCard.tsx';
import { GearCard } from '../gear/GearCard.tsx';

export default function AccountPage() {
  const { data: profile, error } = useProfile();
  // Held here, not in the form, so a save or an upload under way outlives whatever the form renders.
  const update = useUpdateProfile();
  const photo = useProfilePhoto();
  const [saved, setSaved] = useState(false);
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader
        title="Account Settings"
        subtitle="Your profile, units, theme, notifications, Strava and subscription."
      />
      {error && <Alert severity="error">{error.message}</Alert>}
      {!profile && !error && <Skeleton variant="rounded" height={420} />}
      {/* The form stays mounted: a photo change (saved on its own) keeps the edits not yet saved. */}
      {profile && (
        <Stack spacing={3}>
          {profile.minimal ? (
            // A stand-in profile (the fetch failed) must not be saved over the real one.
            <Alert severity="warning">{PROFILE_FALLBACK_NOTICE}</Alert>
          ) : (
            <AccountForm profile={profile} update={update} photo={photo} onSaved={() => setSaved(true)} />
          )}
          {/* Outside the profile form: each has its own form, and a saved profile does not reset them. */}
          {!profile.minimal && <PublicProfileCard username={profile.username} />}
          <HeartRateCard />
          <GearCard />
          <StravaConnectionCard variant="account" />
          <OwnStravaAppCard />
          <SubscriptionCard />
          <SignInMethodsCard />
          <AccountSecurityCard />
          <GoogleAccountCard />
          <PhoneSignInCard />
          <DataExportCard />
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
