/**
 * Goals (spec §3 "Goal", §4 "Training plan and goal", §7 "Goals"): the four kinds, the payloads that
 * create, edit and reorder them, and the order rule. A goal starts active with progress 0; the first
 * goal has order 0 and each new one the highest existing order plus 1; lists go ascending by order.
 *
 * Every goal has a local-day window [startDate, endDate] (both inclusive, in the runner's zone):
 * - distance: run `targetDistanceM` within the window ("300 km in March");
 * - race: run `raceDistanceM` in `targetTimeS` or less on race day, which is `endDate`;
 * - frequency: at least `runsPerWeek` runs in every 7-day block counted from `startDate`;
 * - streak: runs on `targetDays` consecutive days within the window.
 */
import { z } from 'zod';
import { daysBetween, epochDay, isoDaySchema } from '../calendar-days.ts';

export const GOAL_KINDS = ['distance', 'race', 'frequency', 'streak'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];
export const GOAL_STATUSES = ['active', 'completed', 'missed'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** Bounds that keep a goal humanly possible; beyond them the input is a typo. */
export const GOAL_LIMITS = {
  titleLength: 100,
  /** 10 000 km: a year of very heavy training. */
  maxDistanceM: 10_000_000,
  /** A race of up to 1 000 km (multi-day ultras). */
  maxRaceDistanceM: 1_000_000,
  /** Ten days. */
  maxRaceTimeS: 864_000,
  /** 9.5 s per 100 m: faster than the 100 m world record (9.58 s), so no race target can beat it. */
  minRacePaceSPerM: 0.095,
  maxRunsPerWeek: 14,
  maxStreakDays: 3650,
  maxWindowDays: 3660,
  /** Goals one runner may have at once. */
  maxGoals: 50,
} as const;

export const GOAL_MESSAGES = {
  kind: `Choose a goal kind: ${GOAL_KINDS.join(', ')}.`,
  titleTooLong: `A goal title may be at most ${GOAL_LIMITS.titleLength} characters.`,
  distance: `Enter a distance greater than 0 and at most ${GOAL_LIMITS.maxDistanceM / 1000} km.`,
  raceDistance: `Enter a race distance greater than 0 and at most ${GOAL_LIMITS.maxRaceDistanceM / 1000} km.`,
  raceTime: 'Enter a target time greater than 0 and at most 240 hours.',
  raceTooFast: 'That target time is faster than any human has run this distance.',
  runsPerWeek: `Enter between 1 and ${GOAL_LIMITS.maxRunsPerWeek} runs a week.`,
  streakDays: `Enter a streak of 2 to ${GOAL_LIMITS.maxStreakDays} days.`,
  window: 'The end date must be on or after the start date.',
  windowTooLong: `A goal may span at most ${GOAL_LIMITS.maxWindowDays} days.`,
  order: 'Send each of your goal ids exactly once, in the new order.',
  tooMany: `You can have at most ${GOAL_LIMITS.maxGoals} goals. Delete one to add another.`,
  endPassed: 'The end date has passed; choose today or a later day.',
  racePassed: 'The race day has passed; choose today or a later day.',
} as const;

const titleText = z.string().trim().max(GOAL_LIMITS.titleLength, GOAL_MESSAGES.titleTooLong);
const title = titleText.default('');
const window = { startDate: isoDaySchema, endDate: isoDaySchema };
const positive = (max: number, message: string) =>
  z.number({ error: message }).refine((value) => Number.isFinite(value) && value > 0 && value <= max, message);

const distanceGoal = z.object({
  kind: z.literal('distance'),
  title,
  ...window,
  targetDistanceM: positive(GOAL_LIMITS.maxDistanceM, GOAL_MESSAGES.distance),
});
const raceGoal = z.object({
  kind: z.literal('race'),
  title,
  ...window,
  raceDistanceM: positive(GOAL_LIMITS.maxRaceDistanceM, GOAL_MESSAGES.raceDistance),
  targetTimeS: positive(GOAL_LIMITS.maxRaceTimeS, GOAL_MESSAGES.raceTime),
});
const frequencyGoal = z.object({
  kind: z.literal('frequency'),
  title,
  ...window,
  runsPerWeek: z
    .number({ error: GOAL_MESSAGES.runsPerWeek })
    .int(GOAL_MESSAGES.runsPerWeek)
    .min(1, GOAL_MESSAGES.runsPerWeek)
    .max(GOAL_LIMITS.maxRunsPerWeek, GOAL_MESSAGES.runsPerWeek),
});
const streakGoal = z.object({
  kind: z.literal('streak'),
  title,
  ...window,
  targetDays: z
    .number({ error: GOAL_MESSAGES.streakDays })
    .int(GOAL_MESSAGES.streakDays)
    .min(2, GOAL_MESSAGES.streakDays)
    .max(GOAL_LIMITS.maxStreakDays, GOAL_MESSAGES.streakDays),
});

/** The checks that span fields, shared by create and update (after merging the update). */
export function goalDefinitionProblem(goal: GoalDefinition): string | null {
  if (epochDay(goal.startDate) === null || epochDay(goal.endDate) === null) {
    // Zod still runs this check over fields it has refused; those fields carry their own message.
    return null;
  }
  const span = daysBetween(goal.startDate, goal.endDate);
  if (span < 0) {
    return GOAL_MESSAGES.window;
  }
  if (span + 1 > GOAL_LIMITS.maxWindowDays) {
    return GOAL_MESSAGES.windowTooLong;
  }
  if (goal.kind === 'race' && goal.targetTimeS / goal.raceDistanceM < GOAL_LIMITS.minRacePaceSPerM) {
    return GOAL_MESSAGES.raceTooFast;
  }
  if (goal.kind === 'streak' && goal.targetDays > span + 1) {
    return `A ${goal.targetDays}-day streak does not fit in ${span + 1} days; move the end date.`;
  }
  return null;
}

/** A new goal (or a changed window) must not end before the runner's today. */
export function goalDatesProblem(goal: GoalDefinition, today: string): string | null {
  if (goal.endDate < today) {
    return goal.kind === 'race' ? GOAL_MESSAGES.racePassed : GOAL_MESSAGES.endPassed;
  }
  return null;
}

export const goalDefinitionSchema = z.discriminatedUnion('kind', [distanceGoal, raceGoal, frequencyGoal, streakGoal], {
  error: GOAL_MESSAGES.kind,
});
export type GoalDefinition = z.infer<typeof goalDefinitionSchema>;

/** POST a goal: one of the four kinds, with its window and target. */
export const goalCreateSchema = goalDefinitionSchema.superRefine((goal, context) => {
  const problem = goalDefinitionProblem(goal);
  if (problem) {
    context.addIssue({ code: 'custom', message: problem });
  }
});
export type GoalCreate = z.infer<typeof goalCreateSchema>;

/**
 * PATCH a goal: any field but the kind (a different kind is a different goal). The server merges the
 * update over the stored goal and checks the result with `goalDefinitionProblem`.
 */
export const goalUpdateSchema = z
  .object({
    // No default here: a PATCH without a title keeps the stored one.
    title: titleText,
    startDate: isoDaySchema,
    endDate: isoDaySchema,
    targetDistanceM: distanceGoal.shape.targetDistanceM,
    raceDistanceM: raceGoal.shape.raceDistanceM,
    targetTimeS: raceGoal.shape.targetTimeS,
    runsPerWeek: frequencyGoal.shape.runsPerWeek,
    targetDays: streakGoal.shape.targetDays,
  })
  .partial()
  .strict();
export type GoalUpdate = z.infer<typeof goalUpdateSchema>;

/**
 * Applies an update to a stored goal, ignoring fields that do not belong to its kind, and checks the
 * result as a whole; the problem sentence instead when the merged goal does not hold together.
 */
export function mergeGoalUpdate(goal: GoalDefinition, update: GoalUpdate): GoalDefinition | string {
  const merged: Record<string, unknown> = { ...goal };
  for (const [key, value] of Object.entries(update)) {
    if (value !== undefined && key in goal) {
      merged[key] = value;
    }
  }
  const result = goalDefinitionSchema.safeParse(merged);
  if (!result.success) {
    return result.error.issues[0]?.message ?? GOAL_MESSAGES.kind;
  }
  return goalDefinitionProblem(result.data) ?? result.data;
}

/** PUT the goal order: every goal id of the runner once, first goal first. */
export const goalReorderSchema = z.object({
  goalIds: z
    .array(z.string().min(1), { error: GOAL_MESSAGES.order })
    .max(1000, GOAL_MESSAGES.order)
    .refine((ids) => new Set(ids).size === ids.length, GOAL_MESSAGES.order),
});
export type GoalReorder = z.infer<typeof goalReorderSchema>;

/**
 * The new order of each goal after a reorder: the ids must be exactly the runner's goals, and
 * they get 0, 1, 2… in the order sent. Returns the problem sentence instead when the ids differ.
 */
export function reorderGoals(
  currentIds: readonly string[],
  requestedIds: readonly string[],
): { id: string; order: number }[] | string {
  const current = new Set(currentIds);
  if (requestedIds.length !== current.size || requestedIds.some((id) => !current.has(id))) {
    return GOAL_MESSAGES.order;
  }
  return requestedIds.map((id, order) => ({ id, order }));
}

/** Keyboard reordering: the ids with the one at `from` moved by `delta` places, clamped to the ends. */
export function moveGoal(ids: readonly string[], from: number, delta: number): string[] {
  const moved = [...ids];
  if (from < 0 || from >= ids.length) {
    return moved;
  }
  const to = Math.min(ids.length - 1, Math.max(0, from + delta));
  const [id] = moved.splice(from, 1);
  moved.splice(to, 0, id!);
  return moved;
}
