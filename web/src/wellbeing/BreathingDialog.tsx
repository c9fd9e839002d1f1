/**
 * Guided breathing: choose a pattern and how many cycles, then follow the circle (it grows as you
 * breathe in and shrinks as you breathe out) with the phase's cue and countdown; pause and resume
 * at any time. Finishing records today's breathing.
 */
import { MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { BREATHING_PATTERNS, breathingPhaseAt, cycleSeconds } from '../../../core/wellbeing/breathing.ts';
import { BreathingCircle } from './BreathingCircle.tsx';
import { ExerciseDialog } from './ExerciseDialog.tsx';
import { formatClock, withCycles } from './exercise-session.ts';
import { useExerciseTimer } from './use-exercise-timer.ts';

const CYCLE_CHOICES = [1, 3, 6, 10] as const;

export function BreathingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [patternId, setPatternId] = useState(BREATHING_PATTERNS[0]!.id);
  const base = BREATHING_PATTERNS.find((pattern) => pattern.id === patternId) ?? BREATHING_PATTERNS[0]!;
  const [cycles, setCycles] = useState<number>(base.cycles);
  const pattern = withCycles(base, cycles);
  const timer = useExerciseTimer();
  const at = breathingPhaseAt(pattern, timer.elapsedMs);
  const totalSeconds = cycleSeconds(pattern) * pattern.cycles;
  return (
    <ExerciseDialog
      open={open}
      onClose={onClose}
      exercise="breathing"
      timer={timer}
      finished={at.finished}
      setup={
        <Stack spacing={2}>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            value={patternId}
            onChange={(_, id: string | null) => {
              const next = BREATHING_PATTERNS.find((candidate) => candidate.id === id);
              if (next) {
                setPatternId(next.id);
                setCycles(next.cycles);
              }
            }}
            aria-label="Pattern"
          >
            {BREATHING_PATTERNS.map((candidate) => (
              <ToggleButton key={candidate.id} value={candidate.id}>
                {candidate.name}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Typography variant="body2" color="text.secondary">
            {base.description}
          </Typography>
          <TextField select label="Cycles" value={cycles} onChange={(event) => setCycles(Number(event.target.value))}>
            {[...new Set([...CYCLE_CHOICES, base.cycles])]
              .sort((a, b) => a - b)
              .map((count) => (
                <MenuItem key={count} value={count}>
                  {count} {count === 1 ? 'cycle' : 'cycles'} · {formatClock(cycleSeconds(base) * count)}
                </MenuItem>
              ))}
          </TextField>
        </Stack>
      }
      running={
        <Stack spacing={1} sx={{ alignItems: 'center', py: 1 }}>
          <BreathingCircle at={at} paused={!timer.running} />
          <Typography variant="body2" color="text.secondary">
            Cycle {at.cycle + 1} of {pattern.cycles} · {formatClock(totalSeconds - timer.elapsedMs / 1000)} left
          </Typography>
        </Stack>
      }
    />
  );
}
