/**
 * A training plan for a race goal, counted back from race day: the template's weeks are 7-day blocks,
 * the last one ending on race day (plan-templates.ts holds the data and the shape). When fewer weeks
 * are left than the template has, but at least its minimum, the earliest build weeks are dropped, so
 * the runner joins the plan where it would be by now; with fewer, the request is refused with a
 * sentence that says how many weeks the plan needs. When more weeks are left, the plan begins up to
 * MAX_PLAN_WEEKS before race day with base weeks: the template's first week of easy running and the
 * long run, without quality sessions, so a runner with a race months away has a plan from now on.
 *
 * Task ids are "<date>-<kind>" (one task of a kind a day), stable for a given plan request, so stored
 * dailyProgress (spec §3) keeps pointing at the same tasks.
 */
import { z } from 'zod';
import type { GoalDefinition } from './goals.ts';
import { addDays, daysBetween, epochDay, weekdayOf } from './local-day.ts';
import { fallbackPacesFromRaceTime, type TrainingPaceKind, type TrainingPaces, trainingPacesSchema } from './paces.ts';
import {
  BUILD_GROWTH,
  LEVEL_SETTINGS,
  MAX_RUNS_PER_WEEK,
  MIN_EASY_RUN_M,
  MIN_RUNS_PER_WEEK,
  PLAN_LEVELS,
  type PlanLevel,
  QUALITY_WARM_UP_M,
  RACE_DISTANCE_LABELS,
  RACE_DISTANCE_METRES,
  RACE_DISTANCES,
  RACE_TEMPLATES,
  type RaceDistance,
  RECOVERY_EVERY_WEEKS,
  RECOVERY_FACTOR,
  RUN_DAY_PATTERNS,
  STRENGTH_MINUTES,
  STRETCHING_MINUTES,
  TAPER_FACTORS,
} from './plan-templates.ts';

export const TASK_KINDS = [
  'easy',
  'long',
  'intervals',
  'repetition',
  'tempo',
  'marathon-pace',
  'race',
  'rest',
  'strength',
  'stretching',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const RUN_TASK_KINDS: ReadonlySet<TaskKind> = new Set<TaskKind>([
  'easy',
  'long',
  'intervals',
  'repetition',
  'tempo',
  'marathon-pace',
  'race',
]);

export interface PlanTask {
  /** "<YYYY-MM-DD>-<kind>", stable. */
  id: string;
  kind: TaskKind;
  /** Whole distance of a run task in metres (warm-up and cool-down included); null otherwise. */
  distanceM: number | null;
  /** Repeated efforts (intervals, repetition). */
  reps: number | null;
  repDistanceM: number | null;
  /** A continuous effort inside the run (tempo, marathon pace). */
  effortM: number | null;
  /** Which pace the effort (or the whole easy run) is run at, and that pace in s/m. */
  pace: TrainingPaceKind | null;
  paceSPerM: number | null;
  /** Strength and stretching. */
  minutes: number | null;
}
export interface PlanDay {
  date: string;
  tasks: PlanTask[];
}
export const PLAN_WEEK_KINDS = ['base', 'build', 'recovery', 'taper', 'race'] as const;
export type PlanWeekKind = (typeof PLAN_WEEK_KINDS)[number];
/** The longest plan: further races begin with base weeks up to this many weeks before race day. */
export const MAX_PLAN_WEEKS = 24;
export interface PlanWeek {
  /** 1-based within this plan. */
  number: number;
  kind: PlanWeekKind;
  days: PlanDay[];
}
export interface TrainingPlanSchedule {
  race: RaceDistance;
  level: PlanLevel;
  runsPerWeek: number;
  longRunDay: number;
  startDate: string;
  raceDate: string;
  weeks: PlanWeek[];
}

export const PLAN_MESSAGES = {
  level: `Choose a level: ${PLAN_LEVELS.join(', ')}.`,
  runsPerWeek: `Choose ${MIN_RUNS_PER_WEEK} to ${MAX_RUNS_PER_WEEK} runs a week.`,
  longRunDay: 'Choose the long-run day as 0 (Sunday) to 6 (Saturday).',
  raceDistance: 'Training plans exist for 5K, 10K, half marathon and marathon races.',
  raceInPast: 'The race day has passed; choose a race after today.',
  raceToday: 'The race is today: a training plan needs weeks before race day. Good luck out there!',
  notARaceGoal: 'A training plan needs a race goal.',
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
  })
  .strict();
export type PlanRequest = z.infer<typeof planRequestSchema>;

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
  };
}

/** Volume factor of every template week (1 = peak), and its kind, first week first. */
export function templateWeekFactors(race: RaceDistance, level: PlanLevel): { factor: number; kind: PlanWeekKind }[] {
  const template = RACE_TEMPLATES[race];
  const build = template.weeks[level] - template.taperWeeks;
  const weeks: { factor: number; kind: PlanWeekKind }[] = [];
  let trend = 1;
  for (let week = 0; week < build; week += 1) {
    const recovery = (week + 1) % RECOVERY_EVERY_WEEKS === 0 && week !== build - 1;
    if (week > 0 && !recovery) {
      trend *= BUILD_GROWTH;
    }
    weeks.push({ factor: recovery ? trend * RECOVERY_FACTOR : trend, kind: recovery ? 'recovery' : 'build' });
  }
  const peak = trend;
  const taper = TAPER_FACTORS[template.taperWeeks] ?? [];
  return [
    ...weeks.map((week) => ({ ...week, factor: week.factor / peak })),
    ...taper.map((factor, index): { factor: number; kind: PlanWeekKind } => ({
      factor,
      kind: index === taper.length - 1 ? 'race' : 'taper',
    })),
  ];
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
}

const round100 = (metres: number) => Math.round(metres / 100) * 100;

function task(date: string, kind: TaskKind, fields: Partial<Omit<PlanTask, 'id' | 'kind'>> = {}): PlanTask {
  return {
    id: `${date}-${kind}`,
    kind,
    distanceM: null,
    reps: null,
    repDistanceM: null,
    effortM: null,
    pace: null,
    paceSPerM: null,
    minutes: null,
    ...fields,
  };
}

/** The plan, or the sentence saying why it cannot be made. */
export function generatePlan(
  input: PlanInput,
): { ok: true; plan: TrainingPlanSchedule } | { ok: false; message: string } {
  const { race, level, runsPerWeek, longRunDay, raceDate, today } = input;
  const daysToRace = daysBetween(today, raceDate);
  if (daysToRace < 1) {
    return { ok: false, message: daysToRace === 0 ? PLAN_MESSAGES.raceToday : PLAN_MESSAGES.raceInPast };
  }
  const template = RACE_TEMPLATES[race];
  const weeksAvailable = Math.floor((daysBetween(today, raceDate) + 1) / 7);
  if (weeksAvailable < template.minWeeks[level]) {
    return {
      ok: false,
      message: raceTooCloseMessage(raceDate, weeksAvailable, level, race, template.minWeeks[level]),
    };
  }
  const allWeeks = templateWeekFactors(race, level);
  const planLength = Math.min(weeksAvailable, Math.max(allWeeks.length, MAX_PLAN_WEEKS));
  const baseWeeks = Math.max(0, planLength - allWeeks.length);
  const fromTemplate = allWeeks.slice(Math.max(0, allWeeks.length - planLength));
  const weeks = [
    ...Array.from({ length: baseWeeks }, () => ({ factor: allWeeks[0]!.factor, kind: 'base' as const })),
    ...fromTemplate,
  ];
  const paces = input.paces ?? fallbackPacesFromRaceTime(RACE_DISTANCE_METRES[race], input.targetTimeS);
  const settings = LEVEL_SETTINGS[level];
  const pattern = RUN_DAY_PATTERNS[runsPerWeek] ?? [];
  const firstTemplateWeek = allWeeks.length - fromTemplate.length;
  const startDate = addDays(raceDate, -7 * weeks.length + 1);
  // Run days keyed by days before the long run, and the one non-run day that holds strength (never
  // the day after the long run).
  const runOffsets = new Map(pattern.map((day) => [-day.offset, day.quality]));
  const strengthOffset = settings.strength ? [5, 4, 3, 2].find((offset) => !runOffsets.has(offset)) : undefined;

  const planWeeks = weeks.map((week, index): PlanWeek => {
    const templateWeek = firstTemplateWeek + Math.max(0, index - baseWeeks);
    const qualityCount =
      week.kind === 'base'
        ? 0
        : Math.min(
            settings.qualitySessions,
            runsPerWeek - 2,
            week.kind === 'taper' || week.kind === 'race' ? 1 : settings.qualitySessions,
          );
    const days: PlanDay[] = [];
    for (let d = 0; d < 7; d += 1) {
      const date = addDays(startDate, index * 7 + d);
      const before = (longRunDay - weekdayOf(epochDay(date)!) + 7) % 7;
      days.push({ date, tasks: dayTasks(date, before, week, templateWeek, qualityCount) });
    }
    return { number: index + 1, kind: week.kind, days };
  });

  function dayTasks(
    date: string,
    daysBeforeLongRun: number,
    week: { factor: number; kind: PlanWeekKind },
    templateWeek: number,
    qualityCount: number,
  ): PlanTask[] {
    const scale = settings.distanceFactor * week.factor;
    const quality = (rank: number) => {
      const session = template.sessions[(templateWeek + rank - 1) % template.sessions.length]!;
      const reps = session.reps === undefined ? null : Math.max(3, Math.round(session.reps * scale));
      const effortM = session.effortM === undefined ? null : Math.max(2000, round100(session.effortM * scale));
      const distanceM = QUALITY_WARM_UP_M + (reps !== null ? reps * session.repDistanceM! : effortM!);
      return { session, reps, effortM, distanceM };
    };
    const longRunM = Math.max(MIN_EASY_RUN_M, round100(template.peakLongRunM * scale));
    // The week's volume follows the template factor exactly; easy runs take what the long run and
    // the quality sessions leave, so the rotation of sessions never makes a week jump.
    const weekVolumeM = (template.peakLongRunM + (runsPerWeek - 1) * template.peakEasyRunM) * scale;
    const qualityRanks = pattern.filter((day) => day.quality > 0 && day.quality <= qualityCount);
    const easyRuns = runsPerWeek - 1 - qualityRanks.length;
    const qualityM = qualityRanks.reduce((sum, day) => sum + quality(day.quality).distanceM, 0);
    const easyRunM = Math.max(MIN_EASY_RUN_M, round100((weekVolumeM - longRunM - qualityM) / Math.max(1, easyRuns)));
    const easy = (distanceM: number) => task(date, 'easy', { distanceM, pace: 'easy', paceSPerM: paces.easy });
    if (week.kind === 'race') {
      const toRace = daysBetween(date, raceDate);
      if (toRace === 0) {
        return [
          task(date, 'race', {
            distanceM: RACE_DISTANCE_METRES[race],
            paceSPerM: input.targetTimeS / RACE_DISTANCE_METRES[race],
          }),
        ];
      }
      // Race week keeps short easy runs, but no long run and nothing the day before the race.
      const runs = daysBeforeLongRun !== 0 && runOffsets.has(daysBeforeLongRun) && toRace > 1;
      return [runs ? easy(Math.max(MIN_EASY_RUN_M, round100(template.peakEasyRunM * scale))) : task(date, 'rest')];
    }
    if (daysBeforeLongRun === 0) {
      return [
        task(date, 'long', { distanceM: longRunM, pace: 'easy', paceSPerM: paces.easy }),
        task(date, 'stretching', { minutes: STRETCHING_MINUTES }),
      ];
    }
    const rank = runOffsets.get(daysBeforeLongRun);
    if (rank === undefined) {
      return [
        daysBeforeLongRun === strengthOffset
          ? task(date, 'strength', { minutes: STRENGTH_MINUTES })
          : task(date, 'rest'),
      ];
    }
    if (rank === 0 || rank > qualityCount) {
      return [easy(easyRunM)];
    }
    const { session, reps, effortM, distanceM } = quality(rank);
    return [
      task(date, session.kind, {
        distanceM,
        reps,
        repDistanceM: session.repDistanceM ?? null,
        effortM,
        pace: session.pace,
        paceSPerM: paces[session.pace],
      }),
    ];
  }

  return { ok: true, plan: { race, level, runsPerWeek, longRunDay, startDate, raceDate, weeks: planWeeks } };
}

/** Every day of a plan, first first. */
export function planDays(plan: TrainingPlanSchedule): PlanDay[] {
  return plan.weeks.flatMap((week) => week.days);
}
