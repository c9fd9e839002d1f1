/** "Disconnect Strava?": how many activities go with the connection (Strava's API agreement). */
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Typography } from '@mui/material';
import { STRAVA_TEXTS } from '../../../core/strava/api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import type { DialogProps } from '../components/dialog-props.ts';
import { useDisconnectStrava } from './strava-api.ts';

export function DisconnectStravaDialog({ activityCount, ...dialog }: DialogProps & { activityCount: number }) {
  const disconnect = useDisconnectStrava();
  return (
    <ConfirmDialog
      {...dialog}
      title={`${STRAVA_TEXTS.disconnect}?`}
      confirmLabel={STRAVA_TEXTS.disconnect}
      confirmIcon={<LinkOffIcon />}
      action={disconnect}
      onConfirm={() => disconnect.mutate(undefined, { onSuccess: dialog.onClose })}
    >
      <Typography component="span" sx={{ display: 'block', fontWeight: 600, mb: 1 }}>
        {STRAVA_TEXTS.disconnectDeletes(activityCount)}
      </Typography>
      Stride stops syncing your activities and gives up its access to your Strava account. You can connect again at any
      time.
    </ConfirmDialog>
  );
}
