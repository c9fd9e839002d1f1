/**
 * Generating a training plan for a race goal. The form is pre-filled from the runner's last weeks
 * (weekly distance, runs a week, longest run, long-run day) and they can change any of it, plus the
 * days they can run and the level. The server counts the plan back from race day; when the race is
 * too close for the template it says why.
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
  FormControl,
  FormLabel,
  InputAdornment,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useState } from 'react';
import type { Goal, PlanDefaults } from '../../../core/training/training-api.ts';
import {
  MAX_RUNS_PER_WEEK,
  MIN_RUNS_PER_WEEK,
  PLAN_LEVELS,
  type PlanLevel,
} from '../../../core/training/plan-templates.ts';
import { WEEKDAY_NAMES } from '../../../core/training/task-text.ts';
import { distanceUnitLabel } from '../../../core/units.ts';
import { goalTitle } from './goal-form.ts';
import { historyText, pacesText, planFormValues, planRequestFrom, type PlanFormValues } from './plan-form.ts';
import { useCreatePlan, usePlanDefaults } from './training-api.ts';
import { useUnits } from '../lib/use-units.ts';

const LEVEL_LABELS: Readonly<Record<PlanLevel, string>> = {
  beginner: 'Beginner — easier volume, one hard session a week',
  intermediate: 'Intermediate — two hard sessions and strength work',
  advanced: 'Advanced — more volume, two hard sessions',
};
const RUNS = Array.from({ length: MAX_RUNS_PER_WEEK - MIN_RUNS_PER_WEEK + 1 }, (_, i) => MIN_RUNS_PER_WEEK + i);
/** Monday first, as a week is read. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

export function PlanDialog({ goal, onClose }: { goal: Goal; onClose: () => void }) {
  const { units } = useUnits();
  const defaults = usePlanDefaults(goal.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Training plan</DialogTitle>
      {defaults.data ? (
        <PlanForm
          goal={goal}
          defaults={defaults.data}
          initial={planFormValues(defaults.data, units)}
          onClose={onClose}
        />
      ) : (
        <DialogContent>
          {defaults.error ? (
            <Alert severity="error">{defaults.error.message}</Alert>
          ) : (
            <Skeleton variant="rounded" height={320} />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function PlanForm({
  goal,
  defaults,
  initial,
  onClose,
}: {
  goal: Goal;
  defaults: PlanDefaults;
  initial: PlanFormValues;
  onClose: () => void;
}) {
  const { units } = useUnits();
  const create = useCreatePlan();
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<PlanFormValues>) => setValues((before) => ({ ...before, ...change }));
  const unit = distanceUnitLabel(units);
  const submit = () => {
    const made = planRequestFrom(goal.id, values, units, initial);
    if ('error' in made) {
      setProblem(made.error);
      return;
    }
    setProblem(null);
    create.mutate(made.request, { onSuccess: onClose });
  };
  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>For {goalTitle(goal.definition, units)}.</DialogContentText>
        <DialogContentText variant="body2" sx={{ mb: 1 }} data-testid="plan-history">
          {historyText(defaults, units)}
        </DialogContentText>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          {pacesText(defaults.paces, units)}
        </DialogContentText>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              fullWidth
              label="Weekly distance now"
              value={values.weeklyDistance}
              onChange={(event) => set({ weeklyDistance: event.target.value })}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
              }}
            />
            <TextField
              fullWidth
              label="Longest recent run"
              value={values.longestRun}
              onChange={(event) => set({ longestRun: event.target.value })}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
              }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              fullWidth
              label="Runs a week"
              value={values.runsPerWeek}
              onChange={(event) => set({ runsPerWeek: Number(event.target.value) })}
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
              value={values.longRunDay}
              onChange={(event) => set({ longRunDay: Number(event.target.value) })}
            >
              {WEEKDAY_NAMES.map((day, index) => (
                <MenuItem key={day} value={index}>
                  {day}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <FormControl>
            <FormLabel sx={{ mb: 0.5 }}>Days you can run</FormLabel>
            <ToggleButtonGroup
              size="small"
              value={values.runDays}
              onChange={(_, runDays: number[]) => set({ runDays })}
              sx={{ flexWrap: 'wrap' }}
            >
              {WEEK_ORDER.map((day) => (
                <ToggleButton key={day} value={day} aria-label={WEEKDAY_NAMES[day]} sx={{ flex: 1, minWidth: 44 }}>
                  {WEEKDAY_NAMES[day]!.slice(0, 3)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </FormControl>
          <TextField
            select
            label="Level"
            value={values.level}
            onChange={(event) => set({ level: event.target.value as PlanLevel })}
          >
            {PLAN_LEVELS.map((value) => (
              <MenuItem key={value} value={value}>
                {LEVEL_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {(problem ?? create.error) && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem ?? create.error?.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={create.isPending}
          startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={submit}
        >
          Generate plan
        </Button>
      </DialogActions>
    </>
  );
}
