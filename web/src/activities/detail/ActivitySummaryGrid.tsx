/** The activity's figures, one card each, in the reader's units. */
import { Grid } from '@mui/material';
import {
  formatActivityDistance,
  formatActivityPace,
  formatElapsedTime,
  paceOrSpeedLabel,
  timeFigures,
} from '../../../../core/activity/activity-figures.ts';
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../../core/unit-system.ts';
import { formatElevation } from '../../lib/format.ts';
import { formatCadence, formatHeartRate } from '../../lib/activity-format.ts';
import { SummaryCard } from '../../components/DetailSection.tsx';

export function ActivitySummaryGrid({ activity, units }: { activity: ActivityDetail; units: UnitSystem }) {
  return (
    <Grid container spacing={1.5}>
      {[
        ['Distance', formatActivityDistance(activity, units)],
        ...timeFigures(activity),
        ['Elapsed time', formatElapsedTime(activity)],
        [paceOrSpeedLabel(activity.type), formatActivityPace(activity, units)],
        ['Elevation gain', formatElevation(activity.elevationGain, units)],
        ['Avg heart rate', formatHeartRate(activity.averageHeartrate)],
        ['Max heart rate', formatHeartRate(activity.maxHeartrate)],
        ['Cadence', formatCadence(activity.averageCadence, activity.type)],
      ].map(([label, value]) => (
        <Grid key={label} size={{ xs: 6, sm: 4, lg: 3 }}>
          <SummaryCard label={label as string} value={value} />
        </Grid>
      ))}
    </Grid>
  );
}
