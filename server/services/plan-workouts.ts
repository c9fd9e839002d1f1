/** A plan session as a FIT workout file for the watch (core/training/fit-workout.ts). */
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { DEFAULT_UNIT_SYSTEM } from '../../core/unit-system.ts';
import { encodeFitWorkout } from '../../core/training/fit-workout.ts';
import { planDays } from '../../core/training/plan-generation.ts';
import { taskTitle } from '../../core/training/task-text.ts';
import { workoutSteps } from '../../core/training/workout-steps.ts';
import { findPlan, unitSystemOf } from '../db/training-plan-repository.ts';
import type { Download } from '../download.ts';
import { notFound } from '../errors.ts';
import type { TrainingContext } from './goal-service.ts';

/** The FIT workout of the runner's plan session `taskId`, named by its title in the runner's units. */
export async function workoutFile(
  context: TrainingContext,
  userId: string,
  input: { planId: string; taskId: string },
): Promise<Download> {
  const plan = await findPlan(context.db, userId, input.planId);
  if (!plan) {
    throw notFound(NOT_FOUND_MESSAGES.plan);
  }
  const task = planDays(plan.schedule)
    .flatMap((day) => day.tasks)
    .find((each) => each.id === input.taskId);
  const steps = task ? workoutSteps(task) : null;
  if (!task || !steps) {
    throw notFound(NOT_FOUND_MESSAGES.workout);
  }
  const units = (await unitSystemOf(context.db, userId)) ?? DEFAULT_UNIT_SYSTEM;
  return {
    filename: `stride-${task.id}.fit`,
    contentType: 'application/vnd.ant.fit',
    body: encodeFitWorkout(taskTitle(task, units), steps, new Date(context.clock.now())),
  };
}
