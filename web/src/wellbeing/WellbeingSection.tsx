/**
 * Wellbeing and coaching on the Training & Goals page: the daily check-in with today's score, the
 * 30-day trend, breathing and stretching, and the coaching settings.
 */
import { Alert, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { CheckInCard } from './CheckInCard.tsx';
import { CoachingCard } from './CoachingCard.tsx';
import { ExercisesCard } from './ExercisesCard.tsx';
import { TrendCard } from './TrendCard.tsx';
import { useCoachingSettings, useWellbeingOverview, useWellbeingPreferences } from './wellbeing-api.ts';

export function WellbeingSection() {
  const overview = useWellbeingOverview();
  const preferences = useWellbeingPreferences();
  const coaching = useCoachingSettings();
  const error = overview.error ?? preferences.error ?? coaching.error;
  return (
    <Stack component="section" spacing={2} aria-labelledby="wellbeing-heading">
      <Typography id="wellbeing-heading" variant="h5" component="h2">
        Wellbeing and coaching
      </Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      {!overview.data || !preferences.data || !coaching.data ? (
        !error && <Skeleton variant="rounded" height={360} />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <CheckInCard
              key={overview.data.checkIn?.id ?? 'none'}
              today={overview.data.checkIn}
              defaults={preferences.data}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2} sx={{ height: '100%' }}>
              <TrendCard trend={overview.data.trend} />
              <ExercisesCard overview={overview.data} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <CoachingCard settings={coaching.data} />
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}
