/**
 * Physically implausible activities (core/activity/plausibility.ts) on screen: the "Flagged" chip
 * of list rows, and on the detail page the warning with the reason and "Count this activity" (and
 * "Make it a ride" for a file too fast for its sport but not for a bike), or, once the runner has
 * confirmed it, a small note that it counts.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Alert, Button, Chip, CircularProgress, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { awaitsConfirmation, FLAG_TEXTS, rideWouldMend } from '../../../core/activity/plausibility.ts';
import type { ActivityDetail, ActivitySummary } from '../../../core/activity/schemas.ts';
import { useConfirmActivity, useEditActivity } from './activities-api.ts';

type Flags = Pick<ActivitySummary, 'flagged' | 'flagConfirmedAt'>;

/** One answer to the flag: it waits while either answer is being sent, and spins while it is. */
function AnswerButton({
  sending,
  disabled,
  onClick,
  children,
}: {
  sending: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      color="inherit"
      size="small"
      variant="outlined"
      disabled={disabled}
      startIcon={sending ? <CircularProgress size={14} color="inherit" /> : undefined}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** The list's chip: only while the activity waits for its runner's confirmation. */
export function FlaggedChip({ activity }: { activity: Flags }) {
  if (!awaitsConfirmation(activity)) {
    return null;
  }
  return (
    <Tooltip title={FLAG_TEXTS.chipTitle}>
      <Chip
        label={FLAG_TEXTS.chip}
        size="small"
        color="warning"
        variant="outlined"
        sx={{ height: 20, flexShrink: 0 }}
      />
    </Tooltip>
  );
}

export function FlaggedActivityAlert({ activity }: { activity: ActivityDetail }) {
  const confirm = useConfirmActivity(activity.id);
  const edit = useEditActivity(activity.id);
  // A Strava activity's type is Strava's to change (activity-edit.ts stravaFieldsHelp).
  const offerRide = activity.source !== 'strava' && rideWouldMend(activity);
  const pending = confirm.isPending || edit.isPending;
  const error = confirm.error ?? edit.error;
  // Left out by the runner's own choice: the notes say so (detail/ActivityNotes.tsx).
  if (!activity.flagged || (activity.countedOverride === false && !awaitsConfirmation(activity))) {
    return null;
  }
  if (!awaitsConfirmation(activity)) {
    return (
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <CheckCircleIcon sx={{ fontSize: 16 }} color="success" aria-hidden />
        <Typography variant="caption">{FLAG_TEXTS.confirmed}</Typography>
      </Stack>
    );
  }
  return (
    <Alert severity="warning">
      {activity.flagReason}
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <AnswerButton sending={confirm.isPending} disabled={pending} onClick={() => confirm.mutate()}>
          {FLAG_TEXTS.confirm}
        </AnswerButton>
        {offerRide && (
          <AnswerButton sending={edit.isPending} disabled={pending} onClick={() => edit.mutate({ type: 'ride' })}>
            {FLAG_TEXTS.makeRide}
          </AnswerButton>
        )}
        {error && (
          <Typography variant="body2" color="error">
            {error.message}
          </Typography>
        )}
      </Stack>
    </Alert>
  );
}
