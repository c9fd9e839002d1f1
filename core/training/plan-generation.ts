/**
 * A training plan for a race goal, counted back from race day: the template's weeks are 7-day blocks,
 * the last one ending on race day (plan-templates.ts holds the data and the shape). When fewer weeks
 * are left than the template has, but at least its minimum, the earliest build weeks are dropped, so
 * the runner joins the plan where it would be by now; with fewer, the request is refused with a
 * sentence that says how many weeks the plan needs. When more weeks are left, the plan begins up to
 * MAX_PLAN_WEEKS before race day with base weeks: the template's first week of easy running and the
 * long run, without quality sessions, so a runner with a race months away has a plan from now on.
 * Week 1 starts from the runner's recent running when that is less than the plan's first week, and
 * the plan says what week 1 was based on (WeekOneBasis).
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
  CATCH_UP_GROWTH,
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
  RACE_WEEK_RUN_DAYS,
  RACE_WEEK_RUNS,
  type RaceDistance,
  LONG_RUN_GROWTH,
  LONG_RUN_MAX_SHARE,
  LONG_RUN_MAX_SHARE_FEW_RUNS,
  RECENT_VOLUME_WEEKS,
  RECOVERY_EVERY_WEEKS,
  RECOVERY_FACTOR,
  RUN_DAY_PATTERNS,
  SHAKEOUT_M,
  STRENGTH_MINUTES,
  STRETCHING_MINUTES,
  TAPER_FACTORS,
} from './plan-templates.ts';

/** The tasks that are runs; the others are a rest day, strength work and stretching. */
const RUN_KINDS = ['easy', 'long', 'intervals', 'repetition', 'tempo', 'marathon-pace', 'race'] as const;
export const TASK_KINDS = [...RUN_KINDS, 'rest', 'strength', 'stretching'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const RUN_TASK_KINDS: ReadonlySet<TaskKind> = new Set<TaskKind>(RUN_KINDS);

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
/** The runner's running in the RECENT_VOLUME_WEEKS weeks before the plan was made. */
export interface RecentVolume {
  runs: number;
  totalM: number;
}
/** What week 1 was based on, said on the plan. */
export interface WeekOneBasis {
  /** Runs and metres a week on average over the RECENT_VOLUME_WEEKS weeks before the plan was made. */
  recentRuns: number;
  recentWeeklyM: number;
  /**
   * 'given': week 1 is the weekly distance the runner gave; 'recent': week 1 follows their recent
   * running; 'template': the plan's own first week (no runs to go by).
   */
  source: 'given' | 'recent' | 'template';
  /** Week 1's planned running in metres. */
  weekOneM: number;
}
export interface TrainingPlanSchedule {
  race: RaceDistance;
  level: PlanLevel;
  runsPerWeek: number;
  longRunDay: number;
  startDate: string;
  raceDate: string;
  weeks: PlanWeek[];
  /** Absent from plans made before it was recorded. */
  weekOneBasis?: WeekOneBasis;
}

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

/**
 * Volume factor of every template week (1 = peak), and its kind, first week first. With
 * `buildWeeks` (a plan shortened to fewer build weeks than the template has), those last build
 * weeks; recovery weeks are counted from the plan's first build week, so at least three build weeks
 * come before each one.
 */
export function templateWeekFactors(
  race: RaceDistance,
  level: PlanLevel,
  buildWeeks?: number,
): { factor: number; kind: PlanWeekKind }[] {
  const template = RACE_TEMPLATES[race];
  const build = Math.min(buildWeeks ?? Infinity, template.weeks[level] - template.taperWeeks);
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

/**
 * The week factors starting from `startFactor` (the runner's running now): week 1 is it; each build
 * or base week is the template's week, but never below where the runner started and at most
 * CATCH_UP_GROWTH over the build week before; a recovery week is the template's, never below
 * RECOVERY_FACTOR of the start nor above RECOVERY_FACTOR of the build week before. Taper and race
 * weeks keep their share of the peak the runner actually reaches.
 */
function followStartVolume(
  weeks: readonly { factor: number; kind: PlanWeekKind }[],
  startFactor: number,
): { factor: number; kind: PlanWeekKind }[] {
  let lastBuild = Number.NaN;
  let peak = 0;
  const built = weeks.map((week) => {
    if (week.kind === 'taper' || week.kind === 'race') {
      return week;
    }
    const recovery = week.kind === 'recovery';
    const cap = Number.isNaN(lastBuild) ? startFactor : lastBuild * (recovery ? RECOVERY_FACTOR : CATCH_UP_GROWTH);
    const factor = Math.min(Math.max(week.factor, startFactor * (recovery ? RECOVERY_FACTOR : 1)), cap);
    if (week.kind !== 'recovery') {
      lastBuild = factor;
    }
    peak = Math.max(peak, factor);
    return { ...week, factor };
  });
  return built.map((week) =>
    week.kind === 'taper' || week.kind === 'race' ? { ...week, factor: week.factor * peak } : week,
  );
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

/**
 * The run days of a week as days before the long run (RUN_DAY_PATTERNS' shape), on the days the
 * runner can run: the template's days where free, else the free days furthest from the long run.
 * Quality days (ranked 1, 2) are never the day before or after the long run nor next to each
 * other, so hard days are never back to back; a week with no such room has fewer quality days.
 */
export function runDayPattern(
  runsPerWeek: number,
  longRunDay: number,
  runDays?: readonly number[],
): { offset: number; quality: number }[] {
  const template = RUN_DAY_PATTERNS[runsPerWeek] ?? [];
  if (runDays === undefined) {
    return [...template];
  }
  const free = new Set(runDays.map((day) => (longRunDay - day + 7) % 7).filter((before) => before !== 0));
  const chosen = template.map((day) => -day.offset).filter((before) => free.has(before));
  for (const before of [5, 3, 4, 2, 6, 1]) {
    if (chosen.length < runsPerWeek - 1 && free.has(before) && !chosen.includes(before)) {
      chosen.push(before);
    }
  }
  const byPreference = [
    ...template
      .filter((day) => day.quality > 0)
      .sort((a, b) => a.quality - b.quality)
      .map((day) => -day.offset),
    5,
    4,
    3,
    2,
  ];
  const hard: number[] = [];
  for (const before of byPreference) {
    const backToBack = before === 1 || before === 6 || hard.some((other) => Math.abs(other - before) === 1);
    if (chosen.includes(before) && !hard.includes(before) && !backToBack) {
      hard.push(before);
    }
  }
  return chosen.sort((a, b) => b - a).map((before) => ({ offset: -before, quality: hard.indexOf(before) + 1 }));
}

const round100 = (metres: number) => Math.round(metres / 100) * 100;
/** How far a week's long run, quality sessions and shortest easy runs may go past its volume. */
const QUALITY_ROOM = 1.1;

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
  const dropped = Math.max(0, allWeeks.length - planLength);
  const fromTemplate = templateWeekFactors(race, level, template.weeks[level] - template.taperWeeks - dropped);
  const templateWeeks = [
    ...Array.from({ length: baseWeeks }, () => ({ factor: allWeeks[0]!.factor, kind: 'base' as const })),
    ...fromTemplate,
  ];
  const settings = LEVEL_SETTINGS[level];
  /** A week's running in metres at factor 1 (the peak week) before rounding. */
  const peakWeekM = (template.peakLongRunM + (runsPerWeek - 1) * template.peakEasyRunM) * settings.distanceFactor;
  const recent = input.recentVolume;
  const recentWeeklyM = recent === undefined ? 0 : recent.totalM / RECENT_VOLUME_WEEKS;
  const source: WeekOneBasis['source'] =
    input.startWeeklyM !== undefined && input.startWeeklyM > 0
      ? 'given'
      : recent !== undefined && recent.runs > 0
        ? 'recent'
        : 'template';
  const startWeeklyM = source === 'given' ? input.startWeeklyM! : recentWeeklyM;
  const followsRecent = source !== 'template';
  const weeks = followsRecent ? followStartVolume(templateWeeks, startWeeklyM / peakWeekM) : templateWeeks;
  const paces = input.paces ?? fallbackPacesFromRaceTime(RACE_DISTANCE_METRES[race], input.targetTimeS);
  const pattern = runDayPattern(runsPerWeek, longRunDay, input.runDays);
  const longRunShare = runsPerWeek >= 4 ? LONG_RUN_MAX_SHARE : LONG_RUN_MAX_SHARE_FEW_RUNS;
  const firstTemplateWeek = dropped;
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
      days.push({ date, tasks: dayTasks(date, before, week, templateWeek, qualityCount, index) });
    }
    return { number: index + 1, kind: week.kind, days };
  });

  function dayTasks(
    date: string,
    daysBeforeLongRun: number,
    week: { factor: number; kind: PlanWeekKind },
    templateWeek: number,
    weekQualityCount: number,
    weekIndex: number,
  ): PlanTask[] {
    let qualityCount = weekQualityCount;
    // Sessions and the long run never grow past the template's peak, however much the runner runs.
    const scale = settings.distanceFactor * Math.min(1, week.factor);
    const quality = (rank: number) => {
      const session = template.sessions[(templateWeek + rank - 1) % template.sessions.length]!;
      const reps = session.reps === undefined ? null : Math.max(3, Math.round(session.reps * scale));
      const effortM = session.effortM === undefined ? null : Math.max(2000, round100(session.effortM * scale));
      const distanceM = QUALITY_WARM_UP_M + (reps !== null ? reps * session.repDistanceM! : effortM!);
      return { session, reps, effortM, distanceM };
    };
    // The week's volume follows the week's factor exactly; easy runs take what the long run and
    // the quality sessions leave, so the rotation of sessions never makes a week jump.
    const weekVolumeM = peakWeekM * week.factor;
    // The long run: the template's, at most its share of the week and, from the runner's longest
    // recent run, LONG_RUN_GROWTH more a week at most.
    const longCapM =
      input.longestRunM !== undefined && input.longestRunM > 0
        ? input.longestRunM * LONG_RUN_GROWTH ** (weekIndex + 1)
        : Infinity;
    const floor100 = (metres: number) => Math.floor(metres / 100) * 100;
    const longRunM = Math.max(
      MIN_EASY_RUN_M,
      Math.min(round100(template.peakLongRunM * scale), floor100(weekVolumeM * longRunShare), floor100(longCapM)),
    );
    // In a plan that starts from the runner's little recent running, a week too small to hold its
    // quality sessions runs easy instead, the last-ranked session first: the long run, the sessions
    // and the shortest easy runs must fit the week's volume with QUALITY_ROOM to spare.
    const weekLoad = (count: number) => {
      const ranks = pattern.filter((day) => day.quality > 0 && day.quality <= count);
      const qualityM = ranks.reduce((sum, day) => sum + quality(day.quality).distanceM, 0);
      return { ranks, qualityM, easyRuns: runsPerWeek - 1 - ranks.length };
    };
    let fitting = qualityCount;
    while (followsRecent && fitting > 0) {
      const load = weekLoad(fitting);
      if (longRunM + load.qualityM + load.easyRuns * MIN_EASY_RUN_M <= weekVolumeM * QUALITY_ROOM) {
        break;
      }
      fitting -= 1;
    }
    qualityCount = fitting;
    const { qualityM, easyRuns } = weekLoad(qualityCount);
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
      // Race week: short easy runs on fixed days before the race, whatever the long-run day.
      const raceWeekRuns = Math.min(RACE_WEEK_RUNS.max, Math.max(RACE_WEEK_RUNS.min, runsPerWeek - 1));
      const runDays: readonly number[] = RACE_WEEK_RUN_DAYS.slice(0, raceWeekRuns);
      if (!runDays.includes(toRace)) {
        return [task(date, 'rest')];
      }
      const easyM = Math.max(MIN_EASY_RUN_M, round100(template.peakEasyRunM * scale));
      return [easy(toRace === RACE_WEEK_RUN_DAYS[0] ? Math.min(SHAKEOUT_M, easyM) : easyM)];
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

  const weekOneM = (planWeeks[0]?.days ?? [])
    .flatMap((day) => day.tasks)
    .reduce((sum, each) => sum + (RUN_TASK_KINDS.has(each.kind) ? (each.distanceM ?? 0) : 0), 0);
  const weekOneBasis: WeekOneBasis = {
    recentRuns: recent?.runs ?? 0,
    recentWeeklyM,
    source,
    weekOneM,
  };
  return {
    ok: true,
    plan: { race, level, runsPerWeek, longRunDay, startDate, raceDate, weeks: planWeeks, weekOneBasis },
  };
}

/** Every day of a plan, first first. */
export function planDays(plan: TrainingPlanSchedule): PlanDay[] {
  return plan.weeks.flatMap((week) => week.days);
}
