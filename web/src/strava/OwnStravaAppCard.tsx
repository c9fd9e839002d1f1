/**
 * Account Settings → "Your own Strava app" ("Strava's terms shape the design"): Strava caps how
 * many athletes one API application may serve, so a runner may connect through their own
 * application from Strava's developer settings (OwnStravaAppForm).
 */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { AccountSection } from '../components/AccountSection.tsx';
import { CallbackDomain } from './CallbackDomain.tsx';
import { OwnStravaAppForm } from './OwnStravaAppForm.tsx';
import { useStravaStatus } from './strava-api.ts';

const STRAVA_API_SETTINGS_URL = 'https://www.strava.com/settings/api';

function OwnAppIntroduction() {
  return (
    <Stack spacing={1.5} sx={{ mt: 0.5, mb: 2.5 }}>
      <Typography variant="body2" color="text.secondary">
        Strava limits how many athletes one API application may serve. If this server’s app is full, or it has none,
        create your own in{' '}
        <Link href={STRAVA_API_SETTINGS_URL} target="_blank" rel="noopener noreferrer">
          Strava’s API settings
          <OpenInNewIcon sx={{ fontSize: 14, ml: 0.25, verticalAlign: 'text-top' }} aria-hidden />
        </Link>{' '}
        (developers.strava.com) and enter its client ID and secret here. The secret is stored encrypted and never shown
        again.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        When Strava asks for the <strong>Authorization Callback Domain</strong>, enter:
      </Typography>
      <CallbackDomain />
    </Stack>
  );
}

export function OwnStravaAppCard() {
  const status = useStravaStatus();
  return (
    <AccountSection id="strava-app" title="Your own Strava app" description={<OwnAppIntroduction />}>
      {status.error ? (
        <Alert severity="error">{status.error.message}</Alert>
      ) : status.data ? (
        <OwnStravaAppForm status={status.data} />
      ) : (
        <CircularProgress size={24} aria-label="Loading" />
      )}
    </AccountSection>
  );
}
