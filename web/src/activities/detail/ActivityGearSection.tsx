/**
 * The activity page's gear: the figure ("Shoes: Pegasus 40 · 412 km") and, for an activity of the
 * runner's own, a select to change it (Strava sets a synced activity's gear).
 */
import { Alert, Box, Stack, Typography } from '@mui/material';
import type { ActivityDetail } from '../../../../core/activity/schemas.ts';
import { GEAR_TEXTS, gearFigure } from '../../../../core/gear.ts';
import type { UnitSystem } from '../../../../core/unit-system.ts';
import { useEditActivity } from '../activities-api.ts';
import { DetailSection } from '../../components/DetailSection.tsx';
import { GearSelect } from '../../components/GearSelect.tsx';

export function ActivityGearSection({ activity, units }: { activity: ActivityDetail; units: UnitSystem }) {
  const edit = useEditActivity(activity.id);
  const isStrava = activity.source === 'strava';
  return (
    <DetailSection title={GEAR_TEXTS.title}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography sx={{ flexGrow: 1 }}>
          {activity.gear ? gearFigure(activity.gear, units) : GEAR_TEXTS.none}
        </Typography>
        {isStrava ? (
          <Typography variant="body2" color="text.secondary">
            {GEAR_TEXTS.stravaGear}
          </Typography>
        ) : (
          <Box sx={{ width: { xs: '100%', sm: 280 }, flexShrink: 0 }}>
            <GearSelect
              id="activity-gear"
              fullWidth
              value={activity.gear?.id ?? null}
              disabled={edit.isPending}
              onChange={(gearId) => edit.mutate({ gearId })}
            />
          </Box>
        )}
      </Stack>
      {edit.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {edit.error.message}
        </Alert>
      )}
    </DetailSection>
  );
}
