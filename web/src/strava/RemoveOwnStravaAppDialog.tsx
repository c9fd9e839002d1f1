/** "Remove your Strava app?": Stride forgets it, and says which app the next connection goes through. */
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import type { DialogProps } from '../components/dialog-props.ts';
import { useRemoveOwnStravaApp } from './strava-api.ts';

export function RemoveOwnStravaAppDialog({ serverConfigured, ...dialog }: DialogProps & { serverConfigured: boolean }) {
  const remove = useRemoveOwnStravaApp();
  return (
    <ConfirmDialog
      {...dialog}
      title="Remove your Strava app?"
      confirmLabel="Remove"
      action={remove}
      onConfirm={() => remove.mutate(undefined, { onSuccess: dialog.onClose })}
    >
      Stride forgets the client ID and secret.
      {serverConfigured
        ? ' Your next connection goes through this server’s Strava app.'
        : ' This server has no Strava app of its own, so connecting needs an app again.'}
    </ConfirmDialog>
  );
}
