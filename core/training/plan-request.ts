/**
 * What asks for a training plan: the request a runner posts (its fields, limits and every sentence
 * that refuses one), and the generation input it becomes on a stored race goal. A plan exists for a
 * race goal over one of the template distances (within 5 %); race day is the goal's end date.
 */
import { z } from 'zod';
import type { GoalDefinition } from './goals.ts';
import { type TrainingPaces, trainingPacesSchema } from './paces.ts';
import {
  MAX_RUNS_PER_WEEK,
  MIN_RUNS_PER_WEEK,
  PLAN_LEVELS,
  type PlanLevel,
  RACE_DISTANCE_LABELS,
  RACE_DISTANCE_METRES,
  RACE_DISTANCES,
  type RaceDistance,
} from './plan-templates.ts';

export const PLAN_MESSAGES = {
  level: `Choose a level: ${PLAN_LEVELS.join(', ')}.`,
  runsPerWeek: `Choose ${MIN_RUNS_PER_WEEK} to ${MAX_RUNS_PER_WEEK} runs a week.`,
  longRunDay: 'Choose the long-run day as 0 (Sunday) to 6 (Saturday).',
  raceDistance: 'Training plans exist for 5K, 10K, half marathon and marathon races.',
  raceInPast: 'The race day has passed; choose a race after today.',
  raceToday: 'The race is today: a training plan needs weeks before race day. Good luck out there!',
  notARaceGoal: 'A training plan needs a race goal.',
  weeklyDistance: 'Give your weekly distance as 0 to 300 km.',
  longestRun: 'Give your longest run as 0 to 60 km.',
  runDays: 'Choose the days you can run as 0 (Sunday) to 6 (Saturday), each once.',
  runDaysTooFew: 'Choose at least as many days you can run as runs a week.',
  longRunDayNotFree: 'The long-run day must be one of the days you can run.',
} as const;

export function raceTooCloseMessage(
  raceDate: string,
  weeksAvailable: number,
  level: PlanLevel,
  race: RaceDistance,
  minWeeks: number,
): string {
  const away =
    weeksAvailable === 0
      ? 'less than a week away'
      : `only ${weeksAvailable} ${weeksAvailable === 1 ? 'week' : 'weeks'} away`;
  return (
    `The race on ${raceDate} is ${away}; the ${level} ${RACE_DISTANCE_LABELS[race]} plan needs at least ` +
    `${minWeeks} weeks to build up and taper safely. Choose a later race or a shorter distance.`
  );
}

/** POST a plan for a race goal; distance and race day come from the goal. */
export const planRequestSchema = z
  .object({
    goalId: z.string().min(1),
    level: z.enum(PLAN_LEVELS, { error: PLAN_MESSAGES.level }),
    runsPerWeek: z
      .number({ error: PLAN_MESSAGES.runsPerWeek })
      .int(PLAN_MESSAGES.runsPerWeek)
      .min(MIN_RUNS_PER_WEEK, PLAN_MESSAGES.runsPerWeek)
      .max(MAX_RUNS_PER_WEEK, PLAN_MESSAGES.runsPerWeek),
    longRunDay: z
      .number({ error: PLAN_MESSAGES.longRunDay })
      .int(PLAN_MESSAGES.longRunDay)
      .min(0, PLAN_MESSAGES.longRunDay)
      .max(6, PLAN_MESSAGES.longRunDay)
      .default(0),
    paces: trainingPacesSchema.optional(),
    /** The runner's weekly distance now, in metres: week 1 is this (absent: their last weeks' running). */
    weeklyDistanceM: z
      .number({ error: PLAN_MESSAGES.weeklyDistance })
      .min(0, PLAN_MESSAGES.weeklyDistance)
      .max(300_000, PLAN_MESSAGES.weeklyDistance)
      .optional(),
    /** The runner's longest recent run, in metres: week 1's long run starts from it. */
    longestRunM: z
      .number({ error: PLAN_MESSAGES.longestRun })
      .min(0, PLAN_MESSAGES.longestRun)
      .max(60_000, PLAN_MESSAGES.longestRun)
      .optional(),
    /** The weekdays the runner can run (0 Sunday … 6 Saturday); absent: any day. */
    runDays: z
      .array(
        z
          .number({ error: PLAN_MESSAGES.runDays })
          .int(PLAN_MESSAGES.runDays)
          .min(0, PLAN_MESSAGES.runDays)
          .max(6, PLAN_MESSAGES.runDays),
        {
          error: PLAN_MESSAGES.runDays,
        },
      )
      .refine((days) => new Set(days).size === days.length, PLAN_MESSAGES.runDays)
      .optional(),
  })
  .strict()
  .refine((request) => request.runDays === undefined || request.runDays.length >= request.runsPerWeek, {
    message: PLAN_MESSAGES.runDaysTooFew,
    path: ['runDays'],
  })
  .refine((request) => request.runDays === undefined || request.runDays.includes(request.longRunDay), {
    message: PLAN_MESSAGES.longRunDayNotFree,
    path: ['longRunDay'],
  });
export type PlanRequest = z.infer<typeof planRequestSchema>;

/** The runner's running in the RECENT_VOLUME_WEEKS weeks before the plan was made. */
export interface RecentVolume {
  runs: number;
  totalM: number;
}
export interface PlanInput {
  race: RaceDistance;
  level: PlanLevel;
  runsPerWeek: number;
  /** 0 Sunday … 6 Saturday. */
  longRunDay: number;
  raceDate: string;
  /** The runner's local date. */
  today: string;
  /** Goal target, for the race task's pace and the fallback paces. */
  targetTimeS: number;
  paces?: TrainingPaces;
  /** The runner's runs of the last RECENT_VOLUME_WEEKS weeks; without, the template's first week. */
  recentVolume?: RecentVolume;
  /** The weekly distance the runner gave, in metres: week 1 is it, whatever the recent runs say. */
  startWeeklyM?: number;
  /** The runner's longest recent run: week 1's long run is at most LONG_RUN_GROWTH over it. */
  longestRunM?: number;
  /** Weekdays the runner can run (0 Sunday … 6 Saturday); absent: any. */
  runDays?: readonly number[];
}

/** The template whose race distance is within 5 % of a goal's race distance, or null. */
export function raceDistanceFor(raceDistanceM: number): RaceDistance | null {
  return RACE_DISTANCES.find((race) => Math.abs(raceDistanceM / RACE_DISTANCE_METRES[race] - 1) <= 0.05) ?? null;
}

/**
 * The generation input for a plan request on a stored goal: the goal must be a race goal over one
 * of the template distances; its end date is race day. The problem sentence otherwise.
 */
export function planInputForGoal(goal: GoalDefinition, request: PlanRequest, today: string): PlanInput | string {
  if (goal.kind !== 'race') {
    return PLAN_MESSAGES.notARaceGoal;
  }
  const race = raceDistanceFor(goal.raceDistanceM);
  if (race === null) {
    return PLAN_MESSAGES.raceDistance;
  }
  return {
    race,
    level: request.level,
    runsPerWeek: request.runsPerWeek,
    longRunDay: request.longRunDay,
    raceDate: goal.endDate,
    today,
    targetTimeS: goal.targetTimeS,
    ...(request.paces ? { paces: request.paces } : {}),
    ...(request.weeklyDistanceM === undefined ? {} : { startWeeklyM: request.weeklyDistanceM }),
    ...(request.longestRunM === undefined ? {} : { longestRunM: request.longestRunM }),
    ...(request.runDays === undefined ? {} : { runDays: request.runDays }),
  };
}
