/**
 * The route's figures beside the map: live distance in the runner's units, climb when an
 * elevation service answered (none shown otherwise), the notices about the outside services, and
 * "Plan a run on this route", which hands the distance to the calculators.
 */
import CalculateIcon from '@mui/icons-material/Calculate';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { UnitSystem } from '../../../core/unit-system.ts';
import type { ClimbSummary } from '../../../core/routes/elevation-profile.ts';
import { formatDistance, formatElevation } from '../lib/format.ts';
import { calculatorsLink } from './plan-link.ts';

export function RouteSummaryCard({
  distance,
  climb,
  waypointCount,
  units,
  notices,
}: {
  distance: number;
  climb: ClimbSummary | null;
  waypointCount: number;
  units: UnitSystem;
  notices: readonly string[];
}) {
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <Stack>
            <Typography variant="body2" color="text.secondary">
              Distance
            </Typography>
            <Typography variant="h4" component="p" data-testid="route-distance">
              {formatDistance(distance, units)}
            </Typography>
          </Stack>
          {climb && (
            <Stack>
              <Typography variant="body2" color="text.secondary">
                Climb
              </Typography>
              <Typography variant="h5" component="p" data-testid="route-climb">
                ↑ {formatElevation(climb.gain, units)} · ↓ {formatElevation(climb.loss, units)}
              </Typography>
            </Stack>
          )}
          <Button
            component={RouterLink}
            to={calculatorsLink(distance, units)}
            variant="contained"
            startIcon={<CalculateIcon />}
            disabled={distance <= 0}
            sx={{ minHeight: 44, ml: { sm: 'auto' } }}
          >
            Plan a run on this route
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {waypointCount === 0
            ? 'Tap the map to add the first point.'
            : 'Tap the map to add a point, drag a point to move it, tap a point to remove it.'}
        </Typography>
        {notices.map((notice) => (
          <Alert key={notice} severity="info" variant="outlined" sx={{ mt: 1.5, py: 0 }}>
            {notice}
          </Alert>
        ))}
      </CardContent>
    </Card>
  );
}
