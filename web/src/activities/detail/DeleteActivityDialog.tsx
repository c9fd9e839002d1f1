/** Deleting an activity for good (with its uploaded file), then back to the list. */
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useNavigate } from 'react-router';
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useDeleteActivity } from '../activities-api.ts';

export function DeleteActivityDialog({
  activity,
  open,
  onClose,
}: {
  activity: ActivityDetail;
  open: boolean;
  onClose: () => void;
}) {
  const deletion = useDeleteActivity(activity.id);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      title="Delete this activity?"
      confirmLabel="Delete"
      confirmIcon={<DeleteIcon />}
      color="error"
      pending={deletion.isPending}
      error={deletion.error}
      onConfirm={() => deletion.mutate(undefined, { onSuccess: () => void navigate('/activities', { replace: true }) })}
      onClose={onClose}
    >
      “{activity.name}” and its track are removed for good
      {activity.source === 'upload' ? ', with the uploaded file' : ''}.
    </ConfirmDialog>
  );
}
