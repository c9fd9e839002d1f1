/**
 * An activity's name over its local date, as list rows show it; Strava activities, placeholder
 * demo runs (spec §4) and mock runs (spec §8) carry their source label beside the date, where it
 * never squeezes the name. A flagged activity awaiting confirmation carries "Flagged" there too,
 * and one that counts in no total (left out by its runner, or without times) "Not counted".
 */
import { Box, Stack, Typography } from '@mui/material';
import type { DataActivity } from '../../../core/strava/data-state.ts';
import { formatWallDateTime } from '../lib/format.ts';
import { ActivitySourceChip } from './ActivitySourceChip.tsx';
import { FlaggedChip } from './FlaggedActivity.tsx';
import { NotCountedChip } from './NotCountedChip.tsx';

/** `wrap`: the whole name, over as many lines as it takes, where a row gives it the width (the list). */
export function ActivityNameCell({ activity, wrap = false }: { activity: DataActivity; wrap?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography noWrap={!wrap} sx={{ fontWeight: 600, overflowWrap: wrap ? 'anywhere' : undefined }}>
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
