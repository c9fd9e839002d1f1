/**
 * Deleting an activity (with its uploaded file), then back where the runner came from (the list
 * when they opened the activity directly), with "Activity deleted · Undo" for a few seconds.
 */
import { useLocation, useNavigate } from 'react-router';
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { DialogProps } from '../../components/dialog-props.ts';
import { useDeleteActivity } from '../activities-api.ts';
import { offerUndo } from '../undo-offer.ts';

export function DeleteActivityDialog({ activity, ...dialog }: DialogProps & { activity: ActivityDetail }) {
  const deletion = useDeleteActivity(activity.id);
  const navigate = useNavigate();
  // 'default': the first page of this tab, so there is no earlier screen of Stride to go back to.
  const cameFromApp = useLocation().key !== 'default';
  const leave = () => {
    offerUndo(activity.id);
    void (cameFromApp ? navigate(-1) : navigate('/activities', { replace: true }));
  };
  return (
    <ConfirmDialog
      {...dialog}
      title="Delete this activity?"
      confirmLabel="Delete"
      action={deletion}
      // The promise, not mutate's own callback: that one is dropped when the screen unmounts first.
      onConfirm={() => void deletion.mutateAsync().then(leave, () => undefined)}
    >
      “{activity.name}” and its track are removed
      {activity.source === 'upload' ? ', with the uploaded file' : ''}.
    </ConfirmDialog>
  );
}
