/** Breathing and stretching: what is done today, the streaks, and the way into each exercise. */
import AirIcon from '@mui/icons-material/Air';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SelfImprovementIcon from '@mui/icons-material/SelfImprovement';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { WellbeingOverview } from '../../../core/wellbeing/wellbeing-api.ts';
import { BreathingDialog } from './BreathingDialog.tsx';
import { exerciseDoneText } from './exercise-session.ts';
import { StretchingDialog } from './StretchingDialog.tsx';

const SEVEN_DAY_MEDALS = 'Seven days in a row earns Breathing Buddha and Limber Limbs.';

export function ExercisesCard({ overview }: { overview: WellbeingOverview }) {
  const [open, setOpen] = useState<'breathing' | 'stretching' | null>(null);
  const done = (exercise: 'breathing' | 'stretching') => overview.todayExercises.includes(exercise);
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Breathing and stretching
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A few calm minutes a day. {SEVEN_DAY_MEDALS}
        </Typography>
        <Stack spacing={1.5}>
          {(['breathing', 'stretching'] as const).map((exercise) => (
            <Stack key={exercise} direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 24 }}>
              {done(exercise) && <CheckCircleIcon color="success" fontSize="small" />}
              <Typography
                variant="body2"
                data-testid={`${exercise}-status`}
                color={done(exercise) ? 'text.primary' : 'text.secondary'}
              >
                {done(exercise) ? exerciseDoneText(exercise, overview.streaks[exercise]) : `No ${exercise} yet today.`}
              </Typography>
            </Stack>
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
          <Button variant="contained" startIcon={<AirIcon />} onClick={() => setOpen('breathing')}>
            Start breathing
          </Button>
          <Button variant="outlined" startIcon={<SelfImprovementIcon />} onClick={() => setOpen('stretching')}>
            Start stretching
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="wellbeing-streak">
          Wellbeing streak: {overview.streaks.any} {overview.streaks.any === 1 ? 'day' : 'days'} (a check-in or an
          exercise each day; seven earns the Wellbeing streak medal).
        </Typography>
      </CardContent>
      <BreathingDialog open={open === 'breathing'} onClose={() => setOpen(null)} />
      <StretchingDialog open={open === 'stretching'} onClose={() => setOpen(null)} />
    </Card>
  );
}
