/**
 * The frame both guided exercises share: what the exercise is before it starts, the exercise while
 * it runs, and once it ends a closing word with the recorded entry (ExerciseDone). Cancel (Close at
 * the end) stops the timer; Start begins it; while it runs the exercise's own buttons follow
 * Pause/Resume, the primary one last.
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { WellbeingExercise } from '../../../core/wellbeing/exercises.ts';
import { ExerciseDone } from './ExerciseDone.tsx';
import type { ExerciseTimerControls } from './use-exercise-timer.ts';

/** Each exercise's title, dialog width and closing word. */
const FRAMES: Readonly<Record<WellbeingExercise, { title: string; maxWidth: 'xs' | 'sm'; doneText: string }>> = {
  breathing: { title: 'Breathing', maxWidth: 'xs', doneText: 'Well done. Notice how you feel.' },
  stretching: { title: 'Stretching', maxWidth: 'sm', doneText: 'Routine complete. Nicely done.' },
};

export interface ExerciseDialogProps {
  open: boolean;
  onClose: () => void;
  exercise: WellbeingExercise;
  timer: ExerciseTimerControls;
  finished: boolean;
  /** What the runner chooses or reads before starting. */
  setup: ReactNode;
  /** The exercise as it runs. */
  running: ReactNode;
  /** The stretches of a stretching routine the runner skipped, sent with it. */
  skippedStretches?: string[];
  /** Buttons before Pause/Resume while running (Skip). */
  secondaryActions?: ReactNode;
  /** The button after Pause/Resume while running (Next); without one, Pause/Resume is the primary. */
  primaryAction?: ReactNode;
}

export function ExerciseDialog(props: ExerciseDialogProps) {
  const { timer, finished } = props;
  const frame = FRAMES[props.exercise];
  const titleId = `${props.exercise}-title`;
  const close = () => {
    timer.reset();
    props.onClose();
  };
  const inProgress = timer.started && !finished;
  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth={frame.maxWidth} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{frame.title}</DialogTitle>
      <DialogContent>
        {!timer.started ? (
          props.setup
        ) : finished ? (
          <Stack spacing={2} sx={{ py: 2 }}>
            <Typography sx={{ textAlign: 'center' }}>{frame.doneText}</Typography>
            <ExerciseDone exercise={props.exercise} skippedStretches={props.skippedStretches} />
          </Stack>
        ) : (
          props.running
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Box sx={{ flex: 1 }}>
          <Button onClick={close}>{finished ? 'Close' : 'Cancel'}</Button>
        </Box>
        {!timer.started && (
          <Button variant="contained" onClick={timer.start}>
            Start
          </Button>
        )}
        {inProgress && props.secondaryActions}
        {inProgress && (
          <Button
            variant={props.primaryAction ? 'text' : 'contained'}
            onClick={timer.running ? timer.pause : timer.resume}
          >
            {timer.running ? 'Pause' : 'Resume'}
          </Button>
        )}
        {inProgress && props.primaryAction}
      </DialogActions>
    </Dialog>
  );
}
