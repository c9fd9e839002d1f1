/**
 * The My Stride card with the calendar of running days of the past year (spec §2), loading its own
 * data.
 */
import { Alert, Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { useRunningDays } from './analytics-api.ts';
import { RunningDaysHeatmap } from './RunningDaysHeatmap.tsx';

export function RunningDaysCard({ units }: { units: UnitSystem }) {
  const runningDays = useRunningDays();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Running days
        </Typography>
        {runningDays.error && <Alert severity="error">{runningDays.error.message}</Alert>}
        {runningDays.isPending && <Skeleton variant="rounded" height={150} />}
        {runningDays.data && <RunningDaysHeatmap runningDays={runningDays.data} units={units} />}
      </CardContent>
    </Card>
  );
}
