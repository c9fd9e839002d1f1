/**
 * Generating a training plan for a race goal: level, runs a week and the long-run day. The server
 * counts the plan back from race day; when the race is too close for the template it says why.
 */
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import type { Goal } from '../../../core/training/training-api.ts';
import {
  MAX_RUNS_PER_WEEK,
  MIN_RUNS_PER_WEEK,
  PLAN_LEVELS,
  type PlanLevel,
} from '../../../core/training/plan-templates.ts';
import { WEEKDAY_NAMES } from '../../../core/training/task-text.ts';
import { goalTitle } from './goal-form.ts';
import { useCreatePlan } from './training-api.ts';
import { useUnits } from '../lib/use-units.ts';

const LEVEL_LABELS: Readonly<Record<PlanLevel, string>> = {
  beginner: 'Beginner — easier volume, one hard session a week',
  intermediate: 'Intermediate — two hard sessions and strength work',
  advanced: 'Advanced — more volume, two hard sessions',
};
const RUNS = Array.from({ length: MAX_RUNS_PER_WEEK - MIN_RUNS_PER_WEEK + 1 }, (_, i) => MIN_RUNS_PER_WEEK + i);

export function PlanDialog({ goal, onClose }: { goal: Goal; onClose: () => void }) {
  const { units } = useUnits();
  const create = useCreatePlan();
  const [level, setLevel] = useState<PlanLevel>('intermediate');
  const [runsPerWeek, setRunsPerWeek] = useState(4);
  const [longRunDay, setLongRunDay] = useState(0);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Training plan</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          For {goalTitle(goal.definition, units)}. Paces come from your best efforts of the last six months, or from
          your target time when there are none.
        </DialogContentText>
        <Stack spacing={2}>
          <TextField select label="Level" value={level} onChange={(event) => setLevel(event.target.value as PlanLevel)}>
            {PLAN_LEVELS.map((value) => (
              <MenuItem key={value} value={value}>
                {LEVEL_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              fullWidth
              label="Runs a week"
              value={runsPerWeek}
              onChange={(event) => setRunsPerWeek(Number(event.target.value))}
            >
              {RUNS.map((runs) => (
                <MenuItem key={runs} value={runs}>
                  {runs}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label="Long run on"
              value={longRunDay}
              onChange={(event) => setLongRunDay(Number(event.target.value))}
            >
              {WEEKDAY_NAMES.map((day, index) => (
                <MenuItem key={day} value={index}>
                  {day}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Stack>
        {create.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {create.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={create.isPending}
          startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() => create.mutate({ goalId: goal.id, level, runsPerWeek, longRunDay }, { onSuccess: onClose })}
        >
          Generate plan
        </Button>
      </DialogActions>
    </Dialog>
  );
}
