/**
 * Following a plan: the stored daily progress (spec §3: dailyProgress keyed "YYYY-MM-DD" holding
 * { completedTasks, lastUpdated }), ticking and unticking tasks, today's tasks, the plan calendar,
 * adherence, and which task an imported run ticks.
 *
 * Rules:
 * - Calendar: a day before today is done when every task but rest is ticked (a rest day is done),
 *   else missed; today is today; later days are future.
 * - Adherence: ticked tasks over tasks due, as a whole percentage. Due are the non-rest tasks of days
 *   before today, plus today's tasks that are already ticked (today is not over); null when none.
 * - Matching an activity: a run (type "run", any case) ticks a run task of the plan day its start
 *   falls on in the runner's zone: among that day's unticked run tasks, the one whose planned
 *   distance is nearest (by ratio); a run shorter than half the planned distance ticks nothing.
 *   The server ticks once, when the activity is imported, so a task the runner unticks stays
 *   unticked. The run a ticked task was done by is, by the same measure, the run of its day
 *   nearest its planned distance.
 */
import { z } from 'zod';
import { isoDaySchema } from '../calendar-days.ts';
import { localDayAt } from './local-day.ts';
import { type PlanDay, type PlanTask, planDays, RUN_TASK_KINDS, type TrainingPlanSchedule } from './plan-generation.ts';

export interface DailyProgressEntry {
  completedTasks: string[];
  /** ISO 8601 instant of the last change. */
  lastUpdated: string;
}
export type DailyProgress = Readonly<Record<string, DailyProgressEntry>>;

/** The stored dailyProgress as it comes back from the database (JSON). */
export const dailyProgressSchema = z.record(
  isoDaySchema,
  z.object({ completedTasks: z.array(z.string()), lastUpdated: z.string() }),
);

export const PLAN_STATUSES = ['active', 'completed', 'archived'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
/** Spec §4: a plan starts active. */
export const INITIAL_PLAN_STATUS: PlanStatus = 'active';

/** What spec §3 stores for a plan (the schedule beside it), less the row's id. */
export interface TrainingPlanRecord {
  goalId: string;
  status: PlanStatus;
  dailyProgress: DailyProgress;
  schedule: TrainingPlanSchedule;
  createdAt: string;
  updatedAt: string;
}

/** A new plan: active, nothing ticked (spec §3, §4). */
export function newTrainingPlanRecord(
  goalId: string,
  schedule: TrainingPlanSchedule,
  nowMs: number,
): TrainingPlanRecord {
  const now = new Date(nowMs).toISOString();
  return { goalId, status: INITIAL_PLAN_STATUS, dailyProgress: {}, schedule, createdAt: now, updatedAt: now };
}

export const PLAN_PROGRESS_MESSAGES = {
  dayNotInPlan: 'That day is not part of this plan.',
  unknownTask: 'That task is not on this day of the plan.',
  futureDay: 'That day has not come yet: a task can be ticked on its day or after.',
} as const;

/** Ticks (completed true) or unticks one task of one plan day. */
export const taskToggleSchema = z
  .object({
    date: isoDaySchema,
    taskId: z.string().min(1, PLAN_PROGRESS_MESSAGES.unknownTask).max(64, PLAN_PROGRESS_MESSAGES.unknownTask),
    completed: z.boolean(),
  })
  .strict();
export type TaskToggle = z.infer<typeof taskToggleSchema>;

/** A run a plan day may be ticked by. */
export interface PlanActivity {
  /** UTC milliseconds. */
  startDate: number;
  distanceM: number;
  type: string;
}

function dayOf(plan: TrainingPlanSchedule, date: string): PlanDay | undefined {
  return planDays(plan).find((day) => day.date === date);
}

function completedOn(progress: DailyProgress, date: string): ReadonlySet<string> {
  return new Set(progress[date]?.completedTasks ?? []);
}

/**
 * The progress after a toggle, or the sentence saying why the toggle does not fit the plan. A task
 * of a day after `today` (the plan's zone) cannot be ticked; unticking one is allowed.
 */
export function toggleTask(
  plan: TrainingPlanSchedule,
  progress: DailyProgress,
  toggle: TaskToggle,
  nowMs: number,
  today: string,
): { ok: true; progress: DailyProgress } | { ok: false; message: string } {
  const day = dayOf(plan, toggle.date);
  if (!day) {
    return { ok: false, message: PLAN_PROGRESS_MESSAGES.dayNotInPlan };
  }
  if (!day.tasks.some((task) => task.id === toggle.taskId)) {
    return { ok: false, message: PLAN_PROGRESS_MESSAGES.unknownTask };
  }
  if (toggle.completed && toggle.date > today) {
    return { ok: false, message: PLAN_PROGRESS_MESSAGES.futureDay };
  }
  const done = new Set(completedOn(progress, toggle.date));
  if (toggle.completed) {
    done.add(toggle.taskId);
  } else {
    done.delete(toggle.taskId);
  }
  // Keep the plan's order so the stored list does not depend on the order of clicks.
  const completedTasks = day.tasks.map((task) => task.id).filter((id) => done.has(id));
  return {
    ok: true,
    progress: { ...progress, [toggle.date]: { completedTasks, lastUpdated: new Date(nowMs).toISOString() } },
  };
}

/**
 * The ticks of a remade plan: each day's completed tasks that are still on that day (task ids are
 * "<date>-<kind>"), and days left with none are dropped.
 */
export function keepTicks(plan: TrainingPlanSchedule, progress: DailyProgress): DailyProgress {
  const kept: Record<string, DailyProgressEntry> = {};
  for (const [date, entry] of Object.entries(progress)) {
    const ids = new Set(dayOf(plan, date)?.tasks.map((task) => task.id) ?? []);
    const completedTasks = entry.completedTasks.filter((id) => ids.has(id));
    if (completedTasks.length > 0) {
      kept[date] = { ...entry, completedTasks };
    }
  }
  return kept;
}

export interface TaskWithState {
  task: PlanTask;
  completed: boolean;
}

/** The tasks of one day with their ticks; empty when the day is outside the plan. */
export function tasksOn(plan: TrainingPlanSchedule, progress: DailyProgress, date: string): TaskWithState[] {
  const done = completedOn(progress, date);
  return (dayOf(plan, date)?.tasks ?? []).map((task) => ({ task, completed: done.has(task.id) }));
}

export type CalendarDayState = 'done' | 'missed' | 'today' | 'future';
export interface CalendarDay {
  date: string;
  state: CalendarDayState;
  restDay: boolean;
  tasks: TaskWithState[];
}
export interface CalendarWeek {
  number: number;
  kind: TrainingPlanSchedule['weeks'][number]['kind'];
  days: CalendarDay[];
}

const isRest = (task: PlanTask) => task.kind === 'rest';

/** The plan as week rows, each day with its state and ticks. */
export function planCalendar(plan: TrainingPlanSchedule, progress: DailyProgress, today: string): CalendarWeek[] {
  return plan.weeks.map((week) => ({
    number: week.number,
    kind: week.kind,
    days: week.days.map((day): CalendarDay => {
      const tasks = tasksOn(plan, progress, day.date);
      const restDay = day.tasks.every(isRest);
      let state: CalendarDayState;
      if (day.date === today) {
        state = 'today';
      } else if (day.date > today) {
        state = 'future';
      } else {
        state = tasks.every(({ task, completed }) => completed || isRest(task)) ? 'done' : 'missed';
      }
      return { date: day.date, state, restDay, tasks };
    }),
  }));
}

/** Whole-percent adherence (see the module rules), or null while nothing is due yet. */
export function planAdherence(plan: TrainingPlanSchedule, progress: DailyProgress, today: string): number | null {
  let due = 0;
  let done = 0;
  for (const day of planDays(plan)) {
    if (day.date > today) {
      break;
    }
    for (const { task, completed } of tasksOn(plan, progress, day.date)) {
      if (isRest(task) || (day.date === today && !completed)) {
        continue;
      }
      due += 1;
      done += completed ? 1 : 0;
    }
  }
  return due === 0 ? null : Math.round((done / due) * 100);
}

/** How far a run's distance is from a task's: the log of their ratio, the same either way. */
const distanceApart = (runM: number, taskM: number) => Math.abs(Math.log(runM / taskM));

/** The run of a task's day the task was done by (see the module rules), or null without one. */
export function runForTask<Run extends { distanceM: number }>(task: PlanTask, dayRuns: readonly Run[]): Run | null {
  if (task.distanceM === null) {
    return null;
  }
  let best: Run | null = null;
  for (const run of dayRuns) {
    if (
      run.distanceM > 0 &&
      (best === null || distanceApart(run.distanceM, task.distanceM) < distanceApart(best.distanceM, task.distanceM))
    ) {
      best = run;
    }
  }
  return best;
}

/** The run task an activity ticks (see the module rules), or null. */
export function matchActivityToTask(
  plan: TrainingPlanSchedule,
  progress: DailyProgress,
  activity: PlanActivity,
  timeZone: string,
): { date: string; taskId: string } | null {
  if (activity.type.toLowerCase() !== 'run' || !(activity.distanceM > 0) || !Number.isFinite(activity.startDate)) {
    return null;
  }
  const date = localDayAt(activity.startDate, timeZone);
  let best: { taskId: string; distance: number } | null = null;
  for (const { task, completed } of tasksOn(plan, progress, date)) {
    if (completed || !RUN_TASK_KINDS.has(task.kind) || task.distanceM === null) {
      continue;
    }
    if (activity.distanceM < task.distanceM / 2) {
      continue;
    }
    const distance = distanceApart(activity.distanceM, task.distanceM);
    if (best === null || distance < best.distance) {
      best = { taskId: task.id, distance };
    }
  }
  return best === null ? null : { date, taskId: best.taskId };
}
