/** The breathing circle: its size follows the phase (exercise-session.ts), the cue and countdown inside. */
import { Box, Typography } from '@mui/material';
import type { PhaseAt } from '../../../core/wellbeing/breathing.ts';
import { breathingScale } from './exercise-session.ts';

const SIZE = 220;

export function BreathingCircle({ at, paused }: { at: PhaseAt; paused: boolean }) {
  const scale = breathingScale(at);
  return (
    <Box sx={{ width: SIZE, height: SIZE, position: 'relative', display: 'grid', placeItems: 'center' }}>
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          opacity: 0.25,
          transform: `scale(${scale})`,
          transition: 'transform 100ms linear',
        }}
      />
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          borderRadius: '50%',
          border: 2,
          borderColor: 'primary.main',
          transform: `scale(${scale})`,
          transition: 'transform 100ms linear',
        }}
      />
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
