/**
 * An activity's name over its local date, as list rows show it; Strava activities, placeholder
 * demo runs (spec §4) and mock runs (spec §8) carry their source label beside the date, where it
 * never squeezes the name. A flagged activity awaiting confirmation carries "Flagged" there too,
 * and one its runner left out of the totals "Not counted".
 */
import { Box, Stack, Typography } from '@mui/material';
import type { DataActivity } from '../../../core/strava/data-state.ts';
import { formatWallDateTime } from '../lib/format.ts';
import { ActivitySourceChip } from './ActivitySourceChip.tsx';
import { FlaggedChip } from './FlaggedActivity.tsx';
import { NotCountedChip } from './NotCountedChip.tsx';

export function ActivityNameCell({ activity }: { activity: DataActivity }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography noWrap sx={{ fontWeight: 600 }}>
        {activity.name}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <ActivitySourceChip source={activity.source} />
        <FlaggedChip activity={activity} />
        <NotCountedChip activity={activity} />
        <Typography variant="body2" color="text.secondary" noWrap>
          {formatWallDateTime(activity.startDateLocal)}
        </Typography>
      </Stack>
    </Box>
  );
}
