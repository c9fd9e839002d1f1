/** The list's chip for an activity its runner chose to leave out of the totals (core/activity/activity-edit.ts). */
import { Chip, Tooltip } from '@mui/material';
import { ACTIVITY_EDIT_TEXTS } from '../../../core/activity/activity-edit.ts';
import type { ActivitySummary } from '../../../core/activity/schemas.ts';

export function NotCountedChip({ activity }: { activity: Pick<ActivitySummary, 'countedOverride'> }) {
  if (activity.countedOverride !== false) {
    return null;
  }
  return (
    <Tooltip title={ACTIVITY_EDIT_TEXTS.notCountedChipTitle}>
      <Chip
        label={ACTIVITY_EDIT_TEXTS.notCountedChip}
        size="small"
        variant="outlined"
        sx={{ height: 20, flexShrink: 0 }}
      />
    </Tooltip>
  );
}
