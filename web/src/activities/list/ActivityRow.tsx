/** One row of the activity list, and the column headings above the rows on wide screens. */
import { Box, ListItemButton } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import {
  formatActivityDistance,
  formatActivityPace,
  formatMovingTime,
  paceOrSpeedLabel,
} from '../../../../core/activity/activity-figures.ts';
import type { ActivitySummary } from '../../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../../core/profile.ts';
import { formatElevation } from '../../lib/format.ts';
import { ActivityNameCell } from '../ActivityNameCell.tsx';
import { ActivityTypeIcon } from '../ActivityTypeIcon.tsx';

const ROW_COLUMNS = { xs: '40px 1fr', md: '40px minmax(0, 1fr) 96px 88px 96px 80px' };

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box component="span" sx={{ textAlign: { md: 'right' }, whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ display: { md: 'none' }, color: 'text.secondary', mr: 0.5 }}>
        {label}
      </Box>
      {value}
    </Box>
  );
}

export function ActivityRow({ activity, units }: { activity: ActivitySummary; units: UnitSystem }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={`/activities/${activity.id}`}
      divider
      sx={{
        display: 'grid',
        gridTemplateColumns: ROW_COLUMNS,
        columnGap: 1.5,
        rowGap: 0.5,
        alignItems: 'center',
        py: 1.25,
      }}
    >
      <Box sx={{ gridRow: { xs: 'span 2', md: 'auto' }, display: 'flex', color: 'primary.main' }}>
        <ActivityTypeIcon type={activity.type} />
      </Box>
      <ActivityNameCell activity={activity} />
      <Box
        sx={{
          display: { xs: 'flex', md: 'contents' },
          flexWrap: 'wrap',
          columnGap: 2,
          rowGap: 0.25,
          typography: 'body2',
          gridColumn: { xs: 2, md: 'auto' },
        }}
      >
        <Stat label="Distance" value={formatActivityDistance(activity, units)} />
        <Stat label="Time" value={formatMovingTime(activity)} />
        <Stat label={paceOrSpeedLabel(activity.type)} value={formatActivityPace(activity, units)} />
        <Stat label="Climb" value={formatElevation(activity.elevationGain, units)} />
      </Box>
    </ListItemButton>
  );
}

export function ActivityListHeader() {
  return (
    <Box
      sx={{
        display: { xs: 'none', md: 'grid' },
        gridTemplateColumns: ROW_COLUMNS.md,
        columnGap: 1.5,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        typography: 'caption',
        color: 'text.secondary',
        textTransform: 'uppercase',
        letterSpacing: 0.5,
        '& > :nth-of-type(n+3)': { textAlign: 'right' },
      }}
    >
      <span />
      <span>Activity</span>
      <span>Distance</span>
      <span>Moving time</span>
      <span>Pace</span>
      <span>Climb</span>
    </Box>
  );
}
