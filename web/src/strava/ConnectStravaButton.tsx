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

/**
 * White on Strava's orange is 3.3:1, enough only for large text (WCAG AA: 3:1 from 14 pt bold, 18.7 px):
 * the label is 19 px bold.
 */
const STRAVA_BUTTON_FONT_SIZE = '1.1875rem';

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
        size="large"
        sx={{
          bgcolor: STRAVA_ORANGE,
          color: STRAVA_ON_ORANGE,
          fontWeight: 700,
          fontSize: STRAVA_BUTTON_FONT_SIZE,
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
