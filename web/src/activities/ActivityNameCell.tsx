/**
 * An activity's name over its local date, as list rows show it; placeholder demo runs (spec §4)
 * carry a "Sample" label beside the date, where it never squeezes the name.
 */
import { Box, Chip, Stack, Typography } from '@mui/material';
import type { ActivitySummary } from '../../../core/activity/schemas.ts';
import { formatActivityDate } from './activity-format.ts';

export function ActivityNameCell({ activity }: { activity: ActivitySummary }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography noWrap sx={{ fontWeight: 600 }}>
        {activity.name}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        {activity.source === 'placeholder' && (
          <Chip label="Sample" size="small" color="secondary" variant="outlined" sx={{ height: 20, flexShrink: 0 }} />
        )}
        <Typography variant="body2" color="text.secondary" noWrap>
          {formatActivityDate(activity.startDateLocal)}
        </Typography>
      </Stack>
    </Box>
  );
}
