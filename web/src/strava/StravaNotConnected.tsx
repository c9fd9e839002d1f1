/**
 * The Strava card before a connection: what connecting brings, when it was last disconnected, and
 * "Connect Strava" (disabled, with the reason and, on the dashboard, the way to an own app, when
 * no Strava app is configured).
 */
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { STRAVA_TEXTS, type StravaStatus } from '../../../core/strava/api.ts';
import { ConnectStravaButton } from './ConnectStravaButton.tsx';
import type { StravaCardVariant } from './StravaCardFrame.tsx';
import { formatDate } from '../lib/format.ts';

export function StravaNotConnected({ status, variant }: { status: StravaStatus; variant: StravaCardVariant }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" color="text.secondary">
        Bring the runs you record on Strava into Stride: every past activity at once, new ones as they come. They stay
        private to you.
      </Typography>
      {status.disconnectedAt && (
        <Typography variant="body2" color="text.secondary">
          Disconnected on {formatDate(status.disconnectedAt)}.
        </Typography>
      )}
      <ConnectStravaButton disabled={!status.configured} />
      {!status.configured && (
        <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
          {STRAVA_TEXTS.notConfigured} {STRAVA_TEXTS.notConfiguredHint}
          {variant === 'dashboard' && (
            <Box sx={{ mt: 1 }}>
              <Button component={RouterLink} to="/account#strava-app" size="small" color="inherit" variant="outlined">
                Set up your own Strava app
              </Button>
            </Box>
          )}
        </Alert>
      )}
    </Stack>
  );
}
