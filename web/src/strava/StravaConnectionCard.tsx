/**
 * The Strava connection on the dashboard and in Account Settings: loading, the status that could
 * not be checked (with Retry), or the card for a runner not yet connected (StravaNotConnected) or
 * connected (StravaConnected, with the sync's live progress).
 */
import { Alert, Button, Chip, Skeleton } from '@mui/material';
import { STRAVA_MESSAGES } from '../../../core/strava/messages.ts';
import { StravaCardFrame, type StravaCardVariant } from './StravaCardFrame.tsx';
import { StravaConnected } from './StravaConnected.tsx';
import { StravaNotConnected } from './StravaNotConnected.tsx';
import { useStravaStatus } from './strava-api.ts';

export function StravaConnectionCard({ variant }: { variant: StravaCardVariant }) {
  const status = useStravaStatus();
  if (status.isPending) {
    return (
      <StravaCardFrame variant={variant}>
        <Skeleton width="70%" />
        <Skeleton variant="rounded" height={36} width={170} sx={{ mt: 2 }} />
      </StravaCardFrame>
    );
  }
  if (status.error) {
    return (
      <StravaCardFrame variant={variant}>
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
      </StravaCardFrame>
    );
  }
  const { data } = status;
  return (
    <StravaCardFrame
      variant={variant}
      chip={data.connected ? <Chip size="small" color="success" variant="outlined" label="Connected" /> : undefined}
    >
      {data.connected ? (
        <StravaConnected status={data} variant={variant} />
      ) : (
        <StravaNotConnected status={data} variant={variant} />
      )}
    </StravaCardFrame>
  );
}
