/**
 * The Strava connection on the dashboard and in Account Settings: "Connect Strava"
 * (disabled, with the reason, when no Strava app is configured); once connected the athlete, when
 * it was connected, the last sync and the number of Strava activities, "Sync now", and a live
 * progress bar while the server syncs (pages and activities so far, the rate-limit pause, the
 * failure). Account Settings also offers "Disconnect Strava".
 */
import LinkOffIcon from '@mui/icons-material/LinkOff';
import SyncIcon from '@mui/icons-material/Sync';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { STRAVA_TEXTS, type StravaStatus, type SyncProgress } from '../../../core/strava/api.ts';
import { STRAVA_MESSAGES } from '../../../core/strava/messages.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ConnectStravaButton } from './ConnectStravaButton.tsx';
import { STRAVA_ORANGE } from './strava-brand.ts';
import { isSyncActive, useDisconnectStrava, useStravaStatus, useSyncStrava } from './strava-api.ts';
import { activityCountText, formatDay, formatRelativeTime, syncProgressText, syncResultText } from './sync-text.ts';

export type StravaCardVariant = 'dashboard' | 'account';

/** Re-renders every `intervalMs` so that "5 minutes ago" stays true. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function CardFrame({ variant, children, chip }: { variant: StravaCardVariant; children: ReactNode; chip?: ReactNode }) {
  return (
    <Card component="section" aria-labelledby="strava-card-title">
      {/* The dashboard's cards and Account Settings' sections each keep their own padding. */}
      <CardContent sx={variant === 'account' ? { p: { xs: 2.5, md: 3 } } : undefined}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STRAVA_ORANGE, flexShrink: 0 }} />
          <Typography id="strava-card-title" variant="h6" component="h2">
            Strava
          </Typography>
          {chip}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** The live progress of a sync that has not finished: bar and "Page N · M activities". */
function SyncProgressBar({ progress }: { progress: SyncProgress }) {
  const text = syncProgressText(progress);
  return (
    <Box sx={{ my: 2 }}>
      <LinearProgress
        color={progress.state === 'waiting' ? 'warning' : 'primary'}
        aria-label="Strava sync progress"
        aria-valuetext={text}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
        {text}
      </Typography>
    </Box>
  );
}

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

function NotConnected({ status, variant }: { status: StravaStatus; variant: StravaCardVariant }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" color="text.secondary">
        Bring the runs you record on Strava into Stride: every past activity at once, new ones as they come. They stay
        private to you.
      </Typography>
      {status.disconnectedAt && (
        <Typography variant="body2" color="text.secondary">
          Disconnected on {formatDay(status.disconnectedAt)}.
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

function Connected({ status, variant }: { status: StravaStatus; variant: StravaCardVariant }) {
  const now = useNow();
  const sync = useSyncStrava();
  const disconnect = useDisconnectStrava();
  const [confirming, setConfirming] = useState(false);
  const progress = status.sync;
  const active = isSyncActive(progress);
  const lastSync = status.lastSyncAt ? formatRelativeTime(status.lastSyncAt, now) : active ? 'In progress' : 'Not yet';

  return (
    <>
      <Grid container spacing={2} sx={{ mt: 0.5 }}>
        <Grid size={{ xs: 6, sm: 3 }}>
          <Detail label="Athlete" value={status.athleteName ?? '—'} />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <Detail label="Connected since" value={status.connectedAt ? formatDay(status.connectedAt) : '—'} />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <Detail label="Last sync" value={lastSync} />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <Detail label="From Strava" value={activityCountText(status.activityCount)} />
        </Grid>
      </Grid>

      {active && <SyncProgressBar progress={progress} />}
      {progress?.state === 'done' && !active && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} role="status">
          {syncResultText(progress)}
        </Typography>
      )}
      {progress?.state === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {progress.error ?? 'The last sync did not finish.'}
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

      <ConfirmDialog
        open={confirming}
        title={`${STRAVA_TEXTS.disconnect}?`}
        confirmLabel={STRAVA_TEXTS.disconnect}
        confirmIcon={<LinkOffIcon />}
        color="error"
        pending={disconnect.isPending}
        error={disconnect.error}
        onOpen={() => disconnect.reset()}
        onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        <Typography component="span" sx={{ display: 'block', fontWeight: 600, mb: 1 }}>
          {STRAVA_TEXTS.disconnectDeletes(status.activityCount)}
        </Typography>
        Stride stops syncing your activities and gives up its access to your Strava account. You can connect again at
        any time.
      </ConfirmDialog>
    </>
  );
}

export function StravaConnectionCard({ variant }: { variant: StravaCardVariant }) {
  const status = useStravaStatus();
  if (status.isPending) {
    return (
      <CardFrame variant={variant}>
        <Skeleton width="70%" />
        <Skeleton variant="rounded" height={36} width={170} sx={{ mt: 2 }} />
      </CardFrame>
    );
  }
  if (status.error) {
    return (
      <CardFrame variant={variant}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void status.refetch()}>
              Retry
            </Button>
          }
        >
          {STRAVA_MESSAGES.checkConnectionFailed}
        </Alert>
      </CardFrame>
    );
  }
  const { data } = status;
  return (
    <CardFrame
      variant={variant}
      chip={data.connected ? <Chip size="small" color="success" variant="outlined" label="Connected" /> : undefined}
    >
      {data.connected ? (
        <Connected status={data} variant={variant} />
      ) : (
        <NotConnected status={data} variant={variant} />
      )}
    </CardFrame>
  );
}
