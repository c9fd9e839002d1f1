/**
 * Elevation, pace (speed for a ride) and heart-rate profiles over distance. The three charts share one hover (Recharts
 * syncId) and report the hovered point upwards, so the map can mark it. Memoised: the hover state
 * lives above, and redrawing 3 × 600 points on every mouse move would make the marker lag.
 */
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { memo } from 'react';
import { speedUnitLabel } from '../../../core/activity/activity-figures.ts';
import { distanceUnitLabel, elevationUnitLabel } from '../../../core/units.ts';
import { PALETTE } from '../lib/palette.ts';
import { formatNumber, formatPaceSeconds } from '../lib/format.ts';
import { ProfileChart, type ChartsProps } from './ProfileChart.tsx';
import { paceAxis, speedAxis } from './track-series.ts';

export const ActivityCharts = memo(function ActivityCharts({ series, units, onHover }: ChartsProps) {
  const theme = useTheme();
  if (!series.hasElevation && !series.hasPace && !series.hasSpeed && !series.hasHeartRate) {
    return null;
  }
  const shared = { series, units, onHover };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Profiles
        </Typography>
        <Stack spacing={2.5}>
          {series.hasElevation && (
            <ProfileChart
              {...shared}
              title={`Elevation (${elevationUnitLabel(units)})`}
              metric="elevation"
              colour={theme.palette.secondary.main}
              area
              tickFormatter={(value) => formatNumber(Math.round(value))}
            />
          )}
          {series.hasPace && (
            <ProfileChart
              {...shared}
              title={`Pace (min/${distanceUnitLabel(units)})`}
              metric="pace"
              colour={theme.palette.primary.main}
              reversed
              yAxis={paceAxis(series.points)}
              tickFormatter={formatPaceSeconds}
            />
          )}
          {series.hasSpeed && (
            <ProfileChart
              {...shared}
              title={`Speed (${speedUnitLabel(units)})`}
              metric="speed"
              colour={theme.palette.primary.main}
              yAxis={speedAxis(series.points)}
              tickFormatter={(value) => String(Math.round(value))}
            />
          )}
          {series.hasHeartRate && (
            <ProfileChart
              {...shared}
              title="Heart rate (bpm)"
              metric="heartRate"
              colour={PALETTE.heartRate}
              tickFormatter={(value) => String(Math.round(value))}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
});
