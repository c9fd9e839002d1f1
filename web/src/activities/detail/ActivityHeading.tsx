/** The activity's name, date, type, source and file details. */
import { Stack, Typography } from '@mui/material';
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';
import { ACTIVITY_TYPE_LABELS } from '../../lib/activity-format.ts';
import { formatWallDateTimeLong } from '../../lib/format.ts';
import { ActivitySourceChip } from '../ActivitySourceChip.tsx';
import { ActivityTypeIcon } from '../ActivityTypeIcon.tsx';

export function ActivityHeading({ activity }: { activity: ActivityDetail }) {
  const details = [activity.deviceName, activity.sportLabel, activity.originalFilename].filter(Boolean).join(' · ');
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {activity.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {formatWallDateTimeLong(activity.startDateLocal)}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.75, color: 'text.secondary' }}
      >
        <ActivityTypeIcon type={activity.type} fontSize="small" />
        <Typography variant="body2">{ACTIVITY_TYPE_LABELS[activity.type]}</Typography>
        <ActivitySourceChip source={activity.source} inList={false} />
        {details && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {details}
          </Typography>
        )}
      </Stack>
    </>
  );
}
