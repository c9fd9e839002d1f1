/**
 * Records a finished exercise once (with the stretches skipped in a stretching routine), then says it
 * counted ("Breathing done today · 3-day streak"), or why it did not.
 */
import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { WellbeingExercise } from '../../../core/wellbeing/exercises.ts';
import { exerciseDoneText } from './exercise-session.ts';
import { useFinishExercise } from './wellbeing-api.ts';

export function ExerciseDone({
  exercise,
  skippedStretches,
}: {
  exercise: WellbeingExercise;
  skippedStretches?: string[] | undefined;
}) {
  const finish = useFinishExercise();
  const sent = useRef(false);
  useEffect(() => {
    if (!sent.current) {
      sent.current = true;
      finish.mutate({ exercise, ...(skippedStretches ? { skippedStretches } : {}) });
    }
  }, [exercise, finish, skippedStretches]);
  if (finish.error) {
    return <Alert severity="error">{finish.error.message}</Alert>;
  }
  if (!finish.data) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress size={18} />
        <Typography>Saving…</Typography>
      </Stack>
    );
  }
  return (
    <Alert severity="success" data-testid="exercise-done">
      {exerciseDoneText(exercise, finish.data.streaks[exercise])}
    </Alert>
  );
}
