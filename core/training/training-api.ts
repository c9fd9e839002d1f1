/**
 * The Goals & Training answers and requests, shared by the server's routes and the web: goals with
 * their progress, plans with their calendar, adherence and today's tasks, and the paces a plan is
 * generated with.
 */
import { z } from 'zod';
import { timeZoneField } from '../medals/api.ts';
import { GOAL_STATUSES, goalDefinitionSchema } from './goals.ts';
import { TRAINING_PACE_KINDS } from './paces.ts';
import { PLAN_STATUSES } from './plan-progress.ts';
import { PLAN_LEVELS, RACE_DISTANCES } from './plan-templates.ts';
import { PLAN_WEEK_KINDS, TASK_KINDS } from './plan-generation.ts';
import { isoDaySchema } from '../calendar-days.ts';
import { REPLAN_KINDS } from './replanning.ts';

export const goalProgressSchema = z.object({
  percent: z.number().int(),
  done: z.number(),
  target: z.number(),
  daysLeft: z.number().int(),
  notStarted: z.boolean(),
  onTrack: z.boolean().nullable(),
  status: z.enum(GOAL_STATUSES),
});

export const goalSchema = z.object({
  id: z.string(),
  order: z.number().int(),
  /** Spec §3: active, then completed or missed by itself. */
  status: z.enum(GOAL_STATUSES),
  /** Spec §3: 0–100. */
  progress: z.number().int(),
  definition: goalDefinitionSchema,
  /** The zone whose days the goal counts in. */
  timeZone: z.string(),
  detail: goalProgressSchema,
  /** Whether a training plan exists for it. */
  hasPlan: z.boolean(),
  /** An active plan follows this goal: another is not offered. */
  hasActivePlan: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Goal = z.infer<typeof goalSchema>;
export const goalListSchema = z.object({ goals: z.array(goalSchema) });

export const planTaskSchema = z.object({
  id: z.string(),
  kind: z.enum(TASK_KINDS),
  distanceM: z.number().nullable(),
  reps: z.number().nullable(),
  repDistanceM: z.number().nullable(),
  effortM: z.number().nullable(),
  pace: z.enum(TRAINING_PACE_KINDS).nullable(),
  paceSPerM: z.number().nullable(),
  minutes: z.number().nullable(),
});

const taskWithStateSchema = z.object({ task: planTaskSchema, completed: z.boolean() });

export const planCalendarWeekSchema = z.object({
  number: z.number().int(),
  kind: z.enum(PLAN_WEEK_KINDS),
  days: z.array(
    z.object({
      date: isoDaySchema,
      state: z.enum(['done', 'missed', 'today', 'future']),
      restDay: z.boolean(),
      tasks: z.array(taskWithStateSchema),
    }),
  ),
});

export const planPacesSchema = z.object({
  /** Seconds per metre per kind of effort. */
  paces: z.record(z.enum(TRAINING_PACE_KINDS), z.number()),
  /** Where they come from: a recent best effort (VDOT), the goal's target time (Riegel), or the request. */
  source: z.enum(['best-effort', 'goal', 'given']),
  vdot: z.number().nullable(),
  /** The effort the VDOT comes from. */
  effort: z.object({ label: z.string(), seconds: z.number(), date: isoDaySchema }).nullable(),
});
export type PlanPaces = z.infer<typeof planPacesSchema>;

export const weekOneBasisSchema = z.object({
  /** Runs and metres a week on average over the weeks before the plan was made. */
  recentRuns: z.number().int(),
  recentWeeklyM: z.number(),
  /** 'given': the weekly distance the runner gave; 'recent': that running; 'template': the plan's own first week. */
  source: z.enum(['given', 'recent', 'template']),
  /** Week 1's planned running in metres. */
  weekOneM: z.number(),
});

/** What the plan form is pre-filled with for a race goal: the runner's last weeks, and the paces. */
export const planDefaultsSchema = z.object({
  /** Runs in the last 4 weeks. */
  recentRuns: z.number().int(),
  weeklyDistanceM: z.number(),
  runsPerWeek: z.number().int(),
  /** Longest run of the last 8 weeks. */
  longestRunM: z.number(),
  /** The weekday the week's longest run fell on most; null without runs. */
  longRunDay: z.number().int().nullable(),
  paces: planPacesSchema,
});
export type PlanDefaults = z.infer<typeof planDefaultsSchema>;

export const PLAN_VERSION_STATUSES = ['proposed', 'accepted', 'kept', 'superseded', 'unchanged'] as const;
/** A re-plan of the weeks left: proposed until the runner accepts it or keeps the plan as it was. */
export const planVersionSchema = z.object({
  id: z.string(),
  status: z.enum(PLAN_VERSION_STATUSES),
  kind: z.enum(REPLAN_KINDS),
  /** Why the plan changes, or why it does not ("Easier week: soreness high on 3 of the last 4 check-ins."). */
  reason: z.string(),
  /** Each changed week's running before and after, in metres. */
  changes: z.array(z.object({ week: z.number().int(), fromM: z.number(), toM: z.number() })),
  /** The paces a re-plan to faster paces moves the plan to; null when it keeps the plan's. */
  paces: planPacesSchema.nullable(),
  /** The plan's local day it was made on. */
  madeOn: isoDaySchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PlanVersion = z.infer<typeof planVersionSchema>;

export const trainingPlanSchema = z.object({
  id: z.string(),
  goalId: z.string(),
  goalTitle: z.string(),
  status: z.enum(PLAN_STATUSES),
  race: z.enum(RACE_DISTANCES),
  level: z.enum(PLAN_LEVELS),
  runsPerWeek: z.number().int(),
  longRunDay: z.number().int(),
  startDate: isoDaySchema,
  raceDate: isoDaySchema,
  /** Spec §3: "YYYY-MM-DD" → { completedTasks, lastUpdated }. */
  dailyProgress: z.record(z.string(), z.object({ completedTasks: z.array(z.string()), lastUpdated: z.string() })),
  paces: planPacesSchema,
  /** Whole percent, null before anything is due. */
  adherence: z.number().int().nullable(),
  /** What week 1 was based on; null for plans made before it was recorded. */
  weekOneBasis: weekOneBasisSchema.nullable(),
  today: isoDaySchema,
  calendar: z.array(planCalendarWeekSchema),
  /** The private iCalendar feed: anyone with the link can read the plan. */
  calendarUrl: z.string(),
  /** The re-plan waiting for the runner's answer. */
  proposal: planVersionSchema.nullable(),
  /** Every re-plan, newest first (the proposal too). */
  versions: z.array(planVersionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TrainingPlan = z.infer<typeof trainingPlanSchema>;

export const trainingPlanListSchema = z.object({
  plans: z.array(trainingPlanSchema.omit({ calendar: true, dailyProgress: true, proposal: true, versions: true })),
});
export type TrainingPlanSummary = z.infer<typeof trainingPlanListSchema>['plans'][number];

export const PLAN_LIST_MESSAGES = { status: `Choose a status: ${PLAN_STATUSES.join(', ')}.` } as const;

/** Spec §7: filter by status and/or goalId, otherwise newest first. */
export const planListQuerySchema = z.object({
  status: z.enum(PLAN_STATUSES, { error: PLAN_LIST_MESSAGES.status }).optional(),
  goalId: z.string().min(1).max(64).optional(),
  timeZone: timeZoneField,
});

export const planUpdateSchema = z
  .object({ status: z.enum(PLAN_STATUSES, { error: PLAN_LIST_MESSAGES.status }) })
  .strict();

/** Race predictions from the runner's recent best efforts, with their trend (race-prediction.ts). */
export const racePredictionsSchema = z.object({
  basis: z
    .object({ label: z.string(), metres: z.number(), seconds: z.number(), date: isoDaySchema, vdot: z.number() })
    .nullable(),
  races: z.array(z.object({ race: z.enum(RACE_DISTANCES), vdotSeconds: z.number(), riegelSeconds: z.number() })),
  trend: z.array(z.object({ weekEnd: isoDaySchema, vdot: z.number().nullable() })),
});
export type RacePredictionsView = z.infer<typeof racePredictionsSchema>;

/** Today's tasks of every active plan, for the dashboard. */
export const todayTasksSchema = z.object({
  today: isoDaySchema,
  plans: z.array(
    z.object({
      planId: z.string(),
      /** Today in the plan's zone: the day the tasks are of. */
      date: isoDaySchema,
      race: z.enum(RACE_DISTANCES),
      raceDate: isoDaySchema,
      adherence: z.number().int().nullable(),
      tasks: z.array(taskWithStateSchema),
    }),
  ),
  /** Active plans whose first day is still to come. */
  upcoming: z.array(
    z.object({ planId: z.string(), race: z.enum(RACE_DISTANCES), raceDate: isoDaySchema, startDate: isoDaySchema }),
  ),
});
export type TodayTasks = z.infer<typeof todayTasksSchema>;

/** A structured session's run scored against its steps (session-score.ts), in the runner's units. */
export const sessionScoreSchema = z.object({
  planId: z.string(),
  /** The plan day of the session. */
  date: isoDaySchema,
  taskId: z.string(),
  /** The run the session was done by. */
  activityId: z.string(),
  /** Where the reps were found: the run's laps, or its track when the laps do not line up. */
  source: z.enum(['laps', 'track']),
  /** What was asked: "6 × 800 m at 3:54–4:06/km". */
  planned: z.string(),
  /** "5 of 6 reps on target, last one 6 s slow". */
  summary: z.string(),
  /** The reps run, in order. */
  reps: z.array(
    z.object({
      rep: z.number().int(),
      distanceM: z.number(),
      seconds: z.number(),
      paceSPerM: z.number(),
      /** Seconds per metre beyond the pace range: positive slow, negative fast, 0 on target. */
      offSPerM: z.number(),
      averageHeartrate: z.number().nullable(),
      /** "Rep 6: 800 m in 3:22, 4:12/km, 6 s slow". */
      text: z.string(),
    }),
  ),
});
export type SessionScoreView = z.infer<typeof sessionScoreSchema>;
export const activitySessionScoreSchema = z.object({ score: sessionScoreSchema.nullable() });
export const planSessionScoresSchema = z.object({ scores: z.array(sessionScoreSchema) });
