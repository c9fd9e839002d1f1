/**
 * "Connect Strava" in Strava's orange, as its brand guidelines ask of a "Connect with Strava"
 * button. It asks the server for the authorise URL and leaves for Strava; the spinner stays until
 * the page has gone, and comes off if the browser brings this page back from its cache (Back).
 */
import LinkIcon from '@mui/icons-material/Link';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { useEffect } from 'react';
import { STRAVA_TEXTS } from '../../../core/strava/api.ts';
import { STRAVA_ON_ORANGE, STRAVA_ORANGE, STRAVA_ORANGE_DARK } from '../lib/strava-brand.ts';
import { useConnectStrava } from './strava-api.ts';

export function ConnectStravaButton({
  disabled = false,
  label = STRAVA_TEXTS.connect,
}: {
  disabled?: boolean;
  label?: string;
}) {
  const connect = useConnectStrava();
  const { reset } = connect;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) {
        reset();
      }
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        disabled={disabled || connect.isPending}
        onClick={() => connect.mutate()}
        startIcon={connect.isPending ? <CircularProgress size={16} color="inherit" /> : <LinkIcon />}
        sx={{
          bgcolor: STRAVA_ORANGE,
          color: STRAVA_ON_ORANGE,
          fontWeight: 700,
          '&:hover': { bgcolor: STRAVA_ORANGE_DARK },
        }}
      >
        {label}
      </Button>
      {connect.error && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {connect.error.message}
        </Alert>
      )}
    </Stack>
  );
}
