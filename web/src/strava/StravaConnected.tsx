/**
 * The Strava card once connected: the athlete, since when, the last sync and the number of Strava
 * activities; the live progress of a sync, what the last one brought or why it failed; "Sync now",
 * the way to the Strava activities, and in Account Settings "Disconnect Strava".
 */
import LinkOffIcon from '@mui/icons-material/LinkOff';
import SyncIcon from '@mui/icons-material/Sync';
import { Alert, Box, Button, CircularProgress, Grid, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { STRAVA_TEXTS, type StravaStatus } from '../../../core/strava/api.ts';
import { DisconnectStravaDialog } from './DisconnectStravaDialog.tsx';
import type { StravaCardVariant } from './StravaCardFrame.tsx';
import { isSyncActive, useSyncStrava } from './strava-api.ts';
import { SyncProgressBar } from './SyncProgressBar.tsx';
import { formatDate } from '../lib/format.ts';
import { activityCountText, lastSyncText, SYNC_FAILED_FALLBACK, syncResultText } from './sync-text.ts';
import { useNow } from './use-now.ts';

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

export function StravaConnected({ status, variant }: { status: StravaStatus; variant: StravaCardVariant }) {
  const now = useNow();
  const sync = useSyncStrava();
  const [confirming, setConfirming] = useState(false);
  const progress = status.sync;
  const active = isSyncActive(progress);
  const details: [string, ReactNode][] = [
    ['Athlete', status.athleteName ?? '—'],
    ['Connected since', status.connectedAt ? formatDate(status.connectedAt) : '—'],
    ['Last sync', lastSyncText(status.lastSyncAt, active, now)],
    ['From Strava', activityCountText(status.activityCount)],
  ];

  return (
    <>
      <Grid container spacing={2} sx={{ mt: 0.5 }}>
        {details.map(([label, value]) => (
          <Grid key={label} size={{ xs: 6, sm: 3 }}>
            <Detail label={label} value={value} />
          </Grid>
        ))}
      </Grid>

      {active && <SyncProgressBar progress={progress} />}
      {progress?.state === 'done' && !active && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} role="status">
          {syncResultText(progress)}
        </Typography>
      )}
      {progress?.state === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {progress.error ?? SYNC_FAILED_FALLBACK}
        </Alert>
      )}
      {sync.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {sync.error.message}
        </Alert>
      )}

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2.5 }}>
        <Button
          variant="outlined"
          color="inherit"
          disabled={active || sync.isPending}
          onClick={() => sync.mutate({})}
          startIcon={sync.isPending ? <CircularProgress size={16} color="inherit" /> : <SyncIcon />}
        >
          Sync now
        </Button>
        <Button component={RouterLink} to="/activities?source=strava" color="inherit">
          View Strava activities
        </Button>
        {variant === 'account' && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<LinkOffIcon />}
            onClick={() => setConfirming(true)}
            sx={{ ml: { sm: 'auto' } }}
          >
            {STRAVA_TEXTS.disconnect}
          </Button>
        )}
      </Stack>

      <DisconnectStravaDialog
        open={confirming}
        activityCount={status.activityCount}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
