/** "Remove your Strava app?": Stride forgets it, and says which app the next connection goes through. */
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { useRemoveOwnStravaApp } from './strava-api.ts';

export function RemoveOwnStravaAppDialog({
  open,
  serverConfigured,
  onClose,
}: {
  open: boolean;
  serverConfigured: boolean;
  onClose: () => void;
}) {
  const remove = useRemoveOwnStravaApp();
  return (
    <ConfirmDialog
      open={open}
      title="Remove your Strava app?"
      confirmLabel="Remove"
      confirmIcon={<DeleteIcon />}
      color="error"
      pending={remove.isPending}
      error={remove.error}
      onOpen={() => remove.reset()}
      onConfirm={() => remove.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
    >
      Stride forgets the client ID and secret.
      {serverConfigured
        ? ' Your next connection goes through this server’s Strava app.'
        : ' This server has no Strava app of its own, so connecting needs an app again.'}
    </ConfirmDialog>
  );
}
