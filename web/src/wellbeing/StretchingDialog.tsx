/**
 * The stretching routine: each named stretch with how to do it and a countdown, side by side where
 * it is done on each side; next (the next side or stretch), skip (the whole stretch), pause and
 * resume. Reaching the end records today's stretching.
 */
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { routineSeconds, routineStepAt, STRETCHING_ROUTINE } from '../../../core/wellbeing/stretching.ts';
import { ExerciseDone } from './ExerciseDone.tsx';
import { formatClock, nextStepMs, skipStretchMs } from './exercise-session.ts';
import { useExerciseTimer } from './use-exercise-timer.ts';

const SIDE_LABELS = { left: 'Left side', right: 'Right side' } as const;

export function StretchingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const timer = useExerciseTimer();
  const at = routineStepAt(timer.elapsedMs);
  const total = routineSeconds();
  const stretchNumber = STRETCHING_ROUTINE.indexOf(at.stretch) + 1;
  const close = () => {
    timer.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="stretching-title">
      <DialogTitle id="stretching-title">Stretching</DialogTitle>
      <DialogContent>
        {!timer.started ? (
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
        ) : at.finished ? (
          <Stack spacing={2} sx={{ py: 2 }}>
            <Typography sx={{ textAlign: 'center' }}>Routine complete. Nicely done.</Typography>
            <ExerciseDone exercise="stretching" />
          </Stack>
        ) : (
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
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Box sx={{ flex: 1 }}>
          <Button onClick={close}>{at.finished ? 'Close' : 'Cancel'}</Button>
        </Box>
        {!timer.started && (
          <Button variant="contained" onClick={timer.start}>
            Start
          </Button>
        )}
        {timer.started && !at.finished && (
          <>
            <Button onClick={() => timer.jumpTo(skipStretchMs(at.step))}>Skip</Button>
            <Button onClick={timer.running ? timer.pause : timer.resume}>{timer.running ? 'Pause' : 'Resume'}</Button>
            <Button variant="contained" onClick={() => timer.jumpTo(nextStepMs(at.step))}>
              Next
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
