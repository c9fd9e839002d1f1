/** The profile charts' hover readout: the distance, and the hovered metric in the reader's units. */
import { Box, Typography } from '@mui/material';
import type { TooltipContentProps } from 'recharts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { distanceUnitLabel } from '../../../core/units.ts';
import { profileReadout, type ProfileMetric, type ProfilePoint } from './track-series.ts';
import { formatDecimal } from '../lib/format.ts';

export function ReadoutTooltip({
  active,
  payload,
  metric,
  units,
}: TooltipContentProps & { metric: ProfileMetric; units: UnitSystem }) {
  const point = payload?.[0]?.payload as ProfilePoint | undefined;
  if (!active || !point) {
    return null;
  }
  return (
    <Box
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        px: 1.25,
        py: 0.75,
        boxShadow: 3,
      }}
    >
      <Typography variant="caption" color="text.secondary" component="div">
        {formatDecimal(point.x, 2)} {distanceUnitLabel(units)}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {profileReadout(metric, point, units)}
      </Typography>
    </Box>
  );
}
