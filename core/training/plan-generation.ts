/**
 * A training plan for a race goal, counted back from race day: its weeks (plan-volume.ts: which
 * weeks, and how much each runs) are 7-day blocks, the last one ending on race day, and each day
 * gets its tasks here: the long run on the runner's long-run day, the template's quality sessions in
 * rotation on days never back to back, easy runs taking what the week's volume leaves, strength and
 * stretching, race week's short runs and the race. A race closer than the template's minimum weeks
 * is refused with a sentence that says how many weeks the plan needs (plan-request.ts: the request
 * and its sentences). The plan says what week 1 was based on (WeekOneBasis).
 *
 * Task ids are "<date>-<kind>" (one task of a kind a day), stable for a given plan request, so stored
 * dailyProgress (spec §3) keeps pointing at the same tasks.
 */
import { addDays, daysBetween, epochDay, weekdayOf } from './local-day.ts';
import { fallbackPacesFromRaceTime, type TrainingPaceKind } from './paces.ts';
import { PLAN_MESSAGES, raceTooCloseMessage, type PlanInput } from './plan-request.ts';
import {
  LEVEL_SETTINGS,
  LONG_RUN_GROWTH,
  LONG_RUN_MAX_SHARE,
  LONG_RUN_MAX_SHARE_FEW_RUNS,
  MIN_EASY_RUN_M,
  type PlanLevel,
  QUALITY_WARM_UP_M,
  RACE_DISTANCE_METRES,
  RACE_TEMPLATES,
  RACE_WEEK_RUN_DAYS,
  RACE_WEEK_RUNS,
  type RaceDistance,
  RUN_DAY_PATTERNS,
  SHAKEOUT_M,
  STRENGTH_MINUTES,
  STRETCHING_MINUTES,
} from './plan-templates.ts';
import { planVolume, type PlanWeekKind, type WeekOneSource } from './plan-volume.ts';

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
export interface PlanWeek {
  /** 1-based within this plan. */
  number: number;
  kind: PlanWeekKind;
  days: PlanDay[];
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
  source: WeekOneSource;
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
  const { weeks, baseWeeks, firstTemplateWeek, peakWeekM, followsRecent, source, recentWeeklyM } = planVolume(
    input,
    weeksAvailable,
  );
  const settings = LEVEL_SETTINGS[level];
  const recent = input.recentVolume;
  const paces = input.paces ?? fallbackPacesFromRaceTime(RACE_DISTANCE_METRES[race], input.targetTimeS);
  const pattern = runDayPattern(runsPerWeek, longRunDay, input.runDays);
  const longRunShare = runsPerWeek >= 4 ? LONG_RUN_MAX_SHARE : LONG_RUN_MAX_SHARE_FEW_RUNS;
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
