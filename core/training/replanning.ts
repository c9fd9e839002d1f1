/**
 * Re-planning the weeks left of a plan from what happened in the last REPLAN_WINDOW_DAYS days (rules
 * and sources in docs/training.md "A plan that adapts"):
 *
 * - Done, missed or moved: each planned run of those days is done when ticked; a run on a day
 *   without a planned run counts as a moved session for one missed run. Fewer than half done is a
 *   missed week. Missed runs are never stacked onto later days.
 * - Unwell: of the last UNWELL_OF check-ins, at least UNWELL_AT_LEAST with the same answer at its
 *   bad end (soreness, stress or injury feeling high; sleep, energy or mood low).
 * - Overloaded: the acute:chronic load ratio above the readiness hint's "easy" threshold.
 *
 * Any of them makes the first week left an easier week: EASIER_FACTOR of its planned volume. After
 * an unwell or overloaded week its quality sessions run easy too and the plan resumes after it, as
 * after its own cut-back weeks; after a missed week the weeks after climb back by at most
 * CATCH_UP_GROWTH a week until they meet the plan.
 *
 * - Faster: without any of them, when the runner's recent best efforts give a threshold pace (the
 *   VDOT rule new plans take their paces by, plan-paces.ts) at least FASTER_PACES_AT quicker than
 *   the plan's, the sessions from today on take the new paces, each at its own kind of pace.
 *
 * Each re-plan says why, whether it changes anything or not, and the runner accepts it or keeps the
 * plan as it was.
 */
import { formatDay, formatDuration, formatPacePerMetre } from '../format.ts';
import type { WellbeingPreferences } from '../profile.ts';
import type { UnitSystem } from '../unit-system.ts';
import { distanceUnitLabel, metresPerUnit } from '../units.ts';
import { READINESS_THRESHOLDS } from '../wellbeing/readiness.ts';
import { addDays } from './local-day.ts';
import {
  type PlanTask,
  type PlanWeek,
  planDays,
  RUN_TASK_KINDS,
  type TrainingPlanSchedule,
} from './plan-generation.ts';
import type { TrainingPaces } from './paces.ts';
import type { ChosenPaces } from './plan-paces.ts';
import type { DailyProgress } from './plan-progress.ts';
import { CATCH_UP_GROWTH, MIN_EASY_RUN_M } from './plan-templates.ts';

export const REPLAN_WINDOW_DAYS = 7;
export const UNWELL_OF = 4;
export const UNWELL_AT_LEAST = 3;
/** The easier week's share of its planned volume (a cut-back week's size). */
export const EASIER_FACTOR = 0.8;
/** Below this share of the planned runs done, the week counts as missed. */
export const MISSED_BELOW = 0.5;
/**
 * Paces move up when the recent best efforts' threshold pace is at least this share quicker than
 * the plan's: 2 % is about 5 s/km at 4:30/km, more than a day's form or a GPS's error on a 5K, and
 * about one VDOT point.
 */
export const FASTER_PACES_AT = 0.02;

type CheckInAnswers = Pick<
  WellbeingPreferences,
  'sleepQuality' | 'energyLevel' | 'stressLevel' | 'soreness' | 'moodRating' | 'injuryFeeling'
>;
export interface CheckInSignal {
  /** The runner's local day; the latest check-in of each day, oldest first. */
  date: string;
  answers: CheckInAnswers;
}
export interface ReplanSignals {
  checkIns: readonly CheckInSignal[];
  /** Today's acute:chronic load ratio; null without load or while the ratio is still learning. */
  loadRatio: number | null;
  /** The local days of the runner's runs in the window. */
  runDates: readonly string[];
  /** The day an accepted re-plan last changed the plan; the same signs do not ease it twice. */
  acceptedOn?: string | null;
  /** The plan's paces and those the runner's recent best efforts give (plan-paces.ts), to compare. */
  paces?: { plan: TrainingPaces; recent: ChosenPaces; units: UnitSystem };
}

/** Each answer's bad end and how a reason names it. */
const WARNING_SIGNS: readonly { answer: keyof CheckInAnswers; bad: 'high' | 'low'; words: string }[] = [
  { answer: 'soreness', bad: 'high', words: 'soreness high' },
  { answer: 'sleepQuality', bad: 'low', words: 'sleep poor' },
  { answer: 'injuryFeeling', bad: 'high', words: 'injury feeling high' },
  { answer: 'stressLevel', bad: 'high', words: 'stress high' },
  { answer: 'energyLevel', bad: 'low', words: 'energy low' },
  { answer: 'moodRating', bad: 'low', words: 'mood low' },
];

export const REPLAN_KINDS = ['unwell', 'overloaded', 'missed', 'faster', 'unchanged'] as const;
export type ReplanKind = (typeof REPLAN_KINDS)[number];
export interface WeekChange {
  /** The plan's 1-based week number. */
  week: number;
  fromM: number;
  toM: number;
}
export interface Replan {
  kind: ReplanKind;
  /** The sentence shown with the proposal: why the plan changes, or why it does not. */
  reason: string;
  /** The whole plan as it would be; the same schedule when nothing changes. */
  schedule: TrainingPlanSchedule;
  changes: WeekChange[];
  /** The paces the plan moves to ('faster'); null otherwise. */
  paces: ChosenPaces | null;
}

const runTasks = (tasks: readonly PlanTask[]) => tasks.filter((task) => RUN_TASK_KINDS.has(task.kind));
export const weekRunningM = (week: PlanWeek) =>
  runTasks(week.days.flatMap((day) => day.tasks)).reduce((sum, task) => sum + (task.distanceM ?? 0), 0);

/** Planned and done runs of the window (moved runs counted as done), and the days' dates. */
export function sessionsDone(
  schedule: TrainingPlanSchedule,
  progress: DailyProgress,
  signals: Pick<ReplanSignals, 'runDates'>,
  today: string,
): { planned: number; done: number } {
  const from = addDays(today, -REPLAN_WINDOW_DAYS);
  const days = planDays(schedule).filter((day) => day.date >= from && day.date < today);
  let planned = 0;
  let ticked = 0;
  const plannedDays = new Set<string>();
  for (const day of days) {
    const runs = runTasks(day.tasks);
    if (runs.length > 0) {
      plannedDays.add(day.date);
    }
    planned += runs.length;
    const completed = new Set(progress[day.date]?.completedTasks ?? []);
    ticked += runs.filter((task) => completed.has(task.id)).length;
  }
  const moved = new Set(signals.runDates.filter((date) => date >= from && date < today && !plannedDays.has(date))).size;
  return { planned, done: Math.min(planned, ticked + moved) };
}

/** The warning sign most of the last UNWELL_OF check-ins show, when at least UNWELL_AT_LEAST do. */
export function unwellSign(checkIns: readonly CheckInSignal[]): string | null {
  const last = checkIns.slice(-UNWELL_OF);
  let worst: { words: string; count: number } | null = null;
  for (const sign of WARNING_SIGNS) {
    const count = last.filter((checkIn) => checkIn.answers[sign.answer] === sign.bad).length;
    if (count >= UNWELL_AT_LEAST && (worst === null || count > worst.count)) {
      worst = { words: sign.words, count };
    }
  }
  return worst && `${worst.words} on ${worst.count} of the last ${last.length} check-ins`;
}

/** "a", "a and b", "a, b and c". */
const listed = (parts: readonly string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
const loadWords = (ratio: number) => `load ${(Math.round(ratio * 10) / 10).toFixed(1)}× your usual`;
const round100 = (metres: number) => Math.round(metres / 100) * 100;

/** Week `week` at `targetM` of running: easy and long runs scaled; quality sessions kept, or run easy. */
function scaledWeek(week: PlanWeek, targetM: number, qualityEasy: boolean, easyPace: number | null): PlanWeek {
  const isQuality = (task: PlanTask) => task.kind !== 'easy' && task.kind !== 'long' && task.kind !== 'race';
  const allRuns = runTasks(week.days.flatMap((day) => day.tasks));
  const fixedM = qualityEasy ? 0 : allRuns.filter(isQuality).reduce((sum, task) => sum + (task.distanceM ?? 0), 0);
  const scalableM = weekRunningM(week) - fixedM;
  const scale = scalableM > 0 ? Math.max(0, targetM - fixedM) / scalableM : 1;
  return {
    ...week,
    days: week.days.map((day) => ({
      ...day,
      tasks: day.tasks.map((task): PlanTask => {
        if (!RUN_TASK_KINDS.has(task.kind) || task.kind === 'race' || (isQuality(task) && !qualityEasy)) {
          return task;
        }
        const distanceM = Math.max(MIN_EASY_RUN_M, round100((task.distanceM ?? 0) * scale));
        if (isQuality(task)) {
          return {
            id: `${day.date}-easy`,
            kind: 'easy',
            distanceM,
            reps: null,
            repDistanceM: null,
            effortM: null,
            pace: 'easy',
            paceSPerM: easyPace,
            minutes: null,
          };
        }
        return { ...task, distanceM };
      }),
    })),
  };
}

/**
 * The recent best efforts' paces when their threshold pace is at least FASTER_PACES_AT quicker
 * than the plan's, with the sentence that says so; null otherwise.
 */
export function fasterPaces(
  signal: NonNullable<ReplanSignals['paces']>,
): { paces: ChosenPaces; reason: string } | null {
  const { plan, recent, units } = signal;
  const effort = recent.effort;
  if (recent.source !== 'best-effort' || effort === null || !(recent.paces.threshold > 0)) {
    return null;
  }
  const quicker = plan.threshold - recent.paces.threshold;
  if (quicker < plan.threshold * FASTER_PACES_AT) {
    return null;
  }
  const perUnit = Math.round(quicker * metresPerUnit(units));
  const reason =
    `Faster paces: your ${effort.label} on ${formatDay(effort.date)} ` +
    `(${formatDuration(effort.seconds)}) puts your threshold at ${formatPacePerMetre(recent.paces.threshold, units)}, ` +
    `${perUnit} s/${distanceUnitLabel(units)} quicker than the plan's`;
  return { paces: recent, reason };
}

/** The schedule with the run sessions from `today` on at `paces`, each at its own kind of pace. */
function withPaces(schedule: TrainingPlanSchedule, paces: TrainingPaces, today: string): TrainingPlanSchedule {
  return {
    ...schedule,
    weeks: schedule.weeks.map((week) => ({
      ...week,
      days: week.days.map((day) =>
        day.date < today
          ? day
          : {
              ...day,
              tasks: day.tasks.map((task) => (task.pace === null ? task : { ...task, paceSPerM: paces[task.pace] })),
            },
      ),
    })),
  };
}

/** The re-plan of the weeks left (rules in the module comment), made on `today`. */
export function replan(
  schedule: TrainingPlanSchedule,
  progress: DailyProgress,
  signals: ReplanSignals,
  today: string,
): Replan {
  const { planned, done } = sessionsDone(schedule, progress, signals, today);
  const sign = unwellSign(signals.checkIns);
  const overloaded = signals.loadRatio !== null && signals.loadRatio > READINESS_THRESHOLDS.easyAboveRatio;
  const missed = planned > 0 && done / planned < MISSED_BELOW;
  const ratioWords = signals.loadRatio === null ? null : loadWords(signals.loadRatio);
  const runsWords = `${done} of ${planned} planned ${planned === 1 ? 'run' : 'runs'} done`;
  const kind: ReplanKind = sign ? 'unwell' : overloaded ? 'overloaded' : missed ? 'missed' : 'unchanged';
  const first = schedule.weeks.findIndex((week) => week.days[0]!.date >= today && week.kind !== 'race');
  const eased =
    signals.acceptedOn !== undefined &&
    signals.acceptedOn !== null &&
    signals.acceptedOn > addDays(today, -REPLAN_WINDOW_DAYS);
  const faster = kind === 'unchanged' && first !== -1 && signals.paces ? fasterPaces(signals.paces) : null;
  if (faster) {
    return {
      kind: 'faster',
      reason: `${faster.reason}.`,
      schedule: withPaces(schedule, faster.paces.paces, today),
      changes: [],
      paces: faster.paces,
    };
  }
  if (kind === 'unchanged' || first === -1 || eased) {
    const parts = [planned > 0 ? runsWords : 'no runs were planned', 'no warning signs in your check-ins'];
    if (ratioWords) {
      parts.push(ratioWords);
    }
    const why =
      kind === 'unchanged'
        ? parts.join(', ')
        : first === -1
          ? 'only race week is left'
          : `the plan was already eased on ${signals.acceptedOn!} for these days`;
    return { kind: 'unchanged', reason: `No change: ${why}.`, schedule, changes: [], paces: null };
  }
  const missedWords = `${runsWords} in the last ${REPLAN_WINDOW_DAYS} days`;
  const reason =
    kind === 'missed'
      ? `Easier week: ${missedWords}; the missed runs are not added on`
      : `Easier week: ${listed([
          ...(sign ? [sign] : []),
          ...(overloaded && ratioWords ? [ratioWords] : []),
          ...(missed ? [missedWords] : []),
        ])}`;
  const easyPace =
    planDays(schedule)
      .flatMap((day) => day.tasks)
      .find((task) => task.kind === 'long' || task.kind === 'easy')?.paceSPerM ?? null;
  const changes: WeekChange[] = [];
  // The easier week. After an unwell or overloaded week it is a cut-back week, and the plan goes on
  // after it as after its own recovery weeks. After a missed week the runner builds again from it:
  // each week at most CATCH_UP_GROWTH over the last build week as changed, until a build week meets
  // its plan again; recovery and taper weeks never grow past it either.
  let lastBuildM = Number.NaN;
  let caughtUp = false;
  const weeks = schedule.weeks.map((week, index) => {
    if (index < first || week.kind === 'race' || caughtUp || (index > first && kind !== 'missed')) {
      return week;
    }
    const plannedM = weekRunningM(week);
    const targetM = index === first ? plannedM * EASIER_FACTOR : Math.min(plannedM, lastBuildM * CATCH_UP_GROWTH);
    const building = week.kind === 'build' || week.kind === 'base';
    if (index === first || building) {
      lastBuildM = targetM;
    }
    if (targetM >= plannedM) {
      caughtUp = building;
      return week;
    }
    const changed = scaledWeek(week, targetM, index === first && kind !== 'missed', easyPace);
    changes.push({ week: week.number, fromM: plannedM, toM: weekRunningM(changed) });
    return changed;
  });
  return { kind, reason: `${reason}.`, schedule: { ...schedule, weeks }, changes, paces: null };
}
