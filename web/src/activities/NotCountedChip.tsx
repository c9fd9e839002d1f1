/**
 * The list's chip for an activity that counts in no total: one its runner chose to leave out
 * (core/activity/activity-edit.ts), or one without times (core/activity/untimed.ts).
 */
import { Chip, Tooltip } from '@mui/material';
import { ACTIVITY_EDIT_TEXTS } from '../../../core/activity/activity-edit.ts';
import type { ActivitySummary } from '../../../core/activity/schemas.ts';
import { countsInTotals, UNTIMED_TEXTS } from '../../../core/activity/untimed.ts';

export function NotCountedChip({
  activity,
}: {
  activity: Pick<ActivitySummary, 'countedOverride' | 'hasTiming' | 'movingTime'>;
}) {
  const left = activity.countedOverride === false;
  if (!left && countsInTotals(activity)) {
    return null;
  }
  return (
    <Tooltip title={left ? ACTIVITY_EDIT_TEXTS.notCountedChipTitle : UNTIMED_TEXTS.chipTitle}>
      <Chip
        label={left ? ACTIVITY_EDIT_TEXTS.notCountedChip : UNTIMED_TEXTS.chip}
        size="small"
        variant="outlined"
        sx={{ height: 20, flexShrink: 0 }}
      />
    </Tooltip>
  );
}
