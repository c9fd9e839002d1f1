/** The breathing circle: its size follows the phase (exercise-session.ts), the cue and countdown inside. */
import { Box, Typography } from '@mui/material';
import type { PhaseAt } from '../../../core/wellbeing/breathing.ts';
import { breathingScale } from './exercise-session.ts';

const SIZE = 220;

export function BreathingCircle({ at, paused }: { at: PhaseAt; paused: boolean }) {
  // The filled disc and its rim, both at the phase's size.
  const circle = {
    position: 'absolute',
    inset: 0,
    borderRadius: '50%',
    transform: `scale(${breathingScale(at)})`,
    transition: 'transform 100ms linear',
  } as const;
  return (
    <Box sx={{ width: SIZE, height: SIZE, position: 'relative', display: 'grid', placeItems: 'center' }}>
      <Box aria-hidden sx={{ ...circle, bgcolor: 'primary.main', opacity: 0.25 }} />
      <Box aria-hidden sx={{ ...circle, border: 2, borderColor: 'primary.main' }} />
      <Box sx={{ textAlign: 'center', zIndex: 1 }} aria-live="polite">
        <Typography variant="h5" component="p" data-testid="breathing-phase">
          {paused ? 'Paused' : at.phase.cue}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {Math.max(1, Math.ceil(at.secondsLeft))}
        </Typography>
      </Box>
    </Box>
  );
}
