/**
 * The stretching routine: each named stretch with how to do it and a countdown, side by side where
 * it is done on each side; next (the next side or stretch), skip (the whole stretch), pause and
 * resume. Reaching the end records today's stretching, unless every stretch was skipped.
 */
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { routineSeconds, routineStepAt, STRETCHING_ROUTINE } from '../../../core/wellbeing/stretching.ts';
import { ExerciseDialog } from './ExerciseDialog.tsx';
import { formatClock, nextStepMs, skipStretchMs } from './exercise-session.ts';
import { useExerciseTimer } from './use-exercise-timer.ts';

const SIDE_LABELS = { left: 'Left side', right: 'Right side' } as const;

export function StretchingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const timer = useExerciseTimer();
  const [skipped, setSkipped] = useState<string[]>([]);
  const at = routineStepAt(timer.elapsedMs);
  const close = () => {
    setSkipped([]);
    onClose();
  };
  const total = routineSeconds();
  const stretchNumber = STRETCHING_ROUTINE.indexOf(at.stretch) + 1;
  return (
    <ExerciseDialog
      open={open}
      onClose={close}
      exercise="stretching"
      skippedStretches={skipped}
      timer={timer}
      finished={at.finished}
      setup={
        <Stack spacing={1}>
          <Typography color="text.secondary">
            {STRETCHING_ROUTINE.length} stretches for after a run, about {Math.round(total / 60)} minutes. Move gently
            into each one and breathe; it should pull, never hurt.
          </Typography>
          <Box component="ol" sx={{ pl: 3, my: 0 }}>
            {STRETCHING_ROUTINE.map((stretch) => (
              <Typography component="li" variant="body2" key={stretch.id}>
                {stretch.name} · {stretch.seconds} s{stretch.eachSide ? ' each side' : ''}
              </Typography>
            ))}
          </Box>
        </Stack>
      }
      running={
        <Stack spacing={1.5}>
          <Typography variant="overline" color="text.secondary">
            Stretch {stretchNumber} of {STRETCHING_ROUTINE.length}
            {at.side ? ` · ${SIDE_LABELS[at.side]}` : ''}
          </Typography>
          <Typography variant="h5" component="p" data-testid="stretch-name">
            {at.stretch.name}
          </Typography>
          <Typography>{at.stretch.description}</Typography>
          <Typography variant="h3" component="p" sx={{ textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}>
            {timer.running ? formatClock(at.secondsLeft) : 'Paused'}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, timer.elapsedMs / 10 / total || 0)}
            aria-label="Routine progress"
          />
        </Stack>
      }
      secondaryActions={
        <Button
          onClick={() => {
            setSkipped((current) => (current.includes(at.stretch.id) ? current : [...current, at.stretch.id]));
            timer.jumpTo(skipStretchMs(at.step));
          }}
        >
          Skip
        </Button>
      }
      primaryAction={
        <Button variant="contained" onClick={() => timer.jumpTo(nextStepMs(at.step))}>
          Next
        </Button>
      }
    />
  );
}
