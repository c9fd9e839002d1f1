/**
 * Setting a new goal, or changing one: the fields of its kind, checked as the server checks them
 * (goal-form.ts) before anything is sent; the server's sentence when it still refuses.
 */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { Goal } from '../../../core/training/training-api.ts';
import { localDate } from '../../../core/activity/time-zone.ts';
import { SubmitButton } from '../lib/form-fields.tsx';
import { runnerTimeZone } from '../lib/time-zone.ts';
import { GoalFields } from './GoalFields.tsx';
import { emptyGoalForm, goalFormValues, readGoalForm, type GoalFormErrors, type GoalFormValues } from './goal-form.ts';
import { useCreateGoal, useUpdateGoal } from './training-api.ts';
import { useUnits } from '../lib/use-units.ts';

const browserToday = () => localDate(Date.now(), runnerTimeZone());

export function GoalDialog({ goal, onClose }: { goal: Goal | null; onClose: () => void }) {
  const { units } = useUnits();
  const [values, setValues] = useState<GoalFormValues>(() =>
    goal ? goalFormValues(goal.definition, units) : emptyGoalForm(browserToday()),
  );
  const [errors, setErrors] = useState<GoalFormErrors>({});
  const create = useCreateGoal();
  const update = useUpdateGoal();
  const saving = create.isPending || update.isPending;
  const serverError = (goal ? update.error : create.error)?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server checks the dates against today for a new goal or a changed window; so does the form.
    const windowChanged =
      !goal || values.startDate !== goal.definition.startDate || values.endDate !== goal.definition.endDate;
    const read = readGoalForm(values, units, windowChanged ? browserToday() : undefined);
    setErrors(read.errors ?? {});
    if (!read.goal) {
      return;
    }
    if (goal) {
      const { kind: _kind, ...fields } = read.goal;
      update.mutate({ id: goal.id, update: fields }, { onSuccess: onClose });
    } else {
      create.mutate(read.goal, { onSuccess: onClose });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle>{goal ? 'Edit goal' : 'New goal'}</DialogTitle>
        <DialogContent>
          <GoalFields
            values={values}
            errors={errors}
            editing={goal !== null}
            set={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
          />
          {(errors.form ?? serverError) && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errors.form ?? serverError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton pending={saving} size="medium">
            {goal ? 'Save goal' : 'Set goal'}
          </SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
