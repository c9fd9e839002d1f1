/**
 * Goal progress from the runner's activities, its status, and the projection sentence the goal card
 * shows ("On track: 182 of 300 km, 8 days left."). Days are the runner's local calendar days: a run
 * counts on the date its start shows in the runner's time zone: 00:30 on 1 April in Ljubljana is
 * 22:30 UTC on 31 March, and counts for April.
 *
 * Rules (see goals.ts for each kind's window):
 * - Only runs count (type "run", any case, spec §5), with a finite distance > 0, started by `now`.
 * - distance: completed once the runs in the window add up to the target; missed when the window
 *   ends short. On track when the total is at least the straight-line share of the target for the
 *   days begun (today included).
 * - race: completed by a run on race day of 95 %–105 % of the race distance (spec §5's window for
 *   sub-time medals) whose moving time is at most the target; missed when race day ends without one.
 * - frequency: every 7-day block from startDate needs `runsPerWeek` runs (a shorter last block needs
 *   its share, rounded up); missed as soon as a block ends short, completed when every block is met.
 * - streak: completed once runs fall on `targetDays` consecutive days in the window; missed as soon as
 *   the days left (today included) cannot extend the current streak to the target.
 * Status only changes when an activity arrives or a local day begins (`nextStatusCheckAt`).
 */
import type { UnitSystem } from '../unit-system.ts';
import { distanceInUnits, distanceUnitLabel } from '../units.ts';
import { DEFAULT_LOCALE, formatDuration, formatNumber } from '../format.ts';
import type { GoalDefinition, GoalStatus } from './goals.ts';
import { addDays, daysBetween, localDayAt, localDayStartUtc } from './local-day.ts';

/** The fields of an activity goal progress reads. */
export interface ProgressActivity {
  /** UTC milliseconds. */
  startDate: number;
  distanceM: number;
  movingTimeS: number;
  type: string;
}

export interface GoalProgress {
  /** 0–100, whole number; what spec §3 stores as `progress`. */
  percent: number;
  /** Metres (distance), seconds (race: best qualifying time, 0 when none), runs (frequency, this
   *  block), days (streak, current). */
  done: number;
  target: number;
  /** Local days from today to the end of the window (or block, for frequency), today included. */
  daysLeft: number;
  /** Before the window opens. */
  notStarted: boolean;
  /** distance: ahead of the straight-line share; null when not applicable. */
  onTrack: boolean | null;
  status: GoalStatus;
}

/** Spec §5 sub-time medals: distance within 95 % to 105 % of the target. */
export const RACE_DISTANCE_TOLERANCE = 0.05;
const DAYS_PER_BLOCK = 7;

interface DayRun {
  day: string;
  distanceM: number;
  movingTimeS: number;
}

function countedRuns(activities: readonly ProgressActivity[], nowMs: number, timeZone: string): DayRun[] {
  return activities
    .filter(
      (a) =>
        a.type.toLowerCase() === 'run' &&
        Number.isFinite(a.distanceM) &&
        a.distanceM > 0 &&
        Number.isFinite(a.startDate) &&
        a.startDate <= nowMs,
    )
    .map((a) => ({ day: localDayAt(a.startDate, timeZone), distanceM: a.distanceM, movingTimeS: a.movingTimeS }));
}

const percentOf = (done: number, target: number) =>
  target <= 0 ? 0 : Math.min(100, Math.floor((done / target) * 100 + 1e-9));

/** Progress and status of a goal at `nowMs` for a runner in `timeZone`. */
export function goalProgress(
  goal: GoalDefinition,
  activities: readonly ProgressActivity[],
  nowMs: number,
  timeZone: string,
): GoalProgress {
  const today = localDayAt(nowMs, timeZone);
  const inWindow = countedRuns(activities, nowMs, timeZone).filter(
    (run) => run.day >= goal.startDate && run.day <= goal.endDate,
  );
  const notStarted = today < goal.startDate;
  const ended = today > goal.endDate;
  const daysLeft = ended ? 0 : daysBetween(notStarted ? goal.startDate : today, goal.endDate) + 1;
  const base = { notStarted, daysLeft, onTrack: null };

  switch (goal.kind) {
    case 'distance': {
      const done = inWindow.reduce((sum, run) => sum + run.distanceM, 0);
      const achieved = done >= goal.targetDistanceM;
      const windowDays = daysBetween(goal.startDate, goal.endDate) + 1;
      const begun = notStarted ? 0 : Math.min(windowDays, daysBetween(goal.startDate, today) + 1);
      const expected = (goal.targetDistanceM * begun) / windowDays;
      return {
        ...base,
        percent: percentOf(done, goal.targetDistanceM),
        done,
        target: goal.targetDistanceM,
        onTrack: notStarted ? null : done >= expected,
        status: achieved ? 'completed' : ended ? 'missed' : 'active',
      };
    }
    case 'race': {
      const times = inWindow
        .filter(
          (run) =>
            run.day === goal.endDate &&
            Math.abs(run.distanceM - goal.raceDistanceM) <= goal.raceDistanceM * RACE_DISTANCE_TOLERANCE &&
            run.movingTimeS > 0,
        )
        .map((run) => run.movingTimeS);
      const best = times.length === 0 ? 0 : Math.min(...times);
      const achieved = best > 0 && best <= goal.targetTimeS;
      return {
        ...base,
        percent: achieved ? 100 : 0,
        done: best,
        target: goal.targetTimeS,
        status: achieved ? 'completed' : ended ? 'missed' : 'active',
      };
    }
    case 'frequency':
      return frequencyProgress(goal, inWindow, today, base);
    case 'streak':
      return streakProgress(goal, inWindow, today, base);
  }
}

function frequencyProgress(
  goal: Extract<GoalDefinition, { kind: 'frequency' }>,
  runs: readonly DayRun[],
  today: string,
  base: Pick<GoalProgress, 'notStarted' | 'daysLeft' | 'onTrack'>,
): GoalProgress {
  const windowDays = daysBetween(goal.startDate, goal.endDate) + 1;
  const blocks = Math.ceil(windowDays / DAYS_PER_BLOCK);
  const counts = new Array<number>(blocks).fill(0);
  for (const run of runs) {
    counts[Math.floor(daysBetween(goal.startDate, run.day) / DAYS_PER_BLOCK)]! += 1;
  }
  let met = 0;
  let required = 0;
  let shortBlockEnded = false;
  let current = { done: 0, target: goal.runsPerWeek, daysLeft: 0 };
  for (let block = 0; block < blocks; block += 1) {
    const first = addDays(goal.startDate, block * DAYS_PER_BLOCK);
    const length = Math.min(DAYS_PER_BLOCK, windowDays - block * DAYS_PER_BLOCK);
    const last = addDays(first, length - 1);
    const need = Math.ceil((goal.runsPerWeek * length) / DAYS_PER_BLOCK);
    const count = counts[block]!;
    required += need;
    met += Math.min(count, need);
    if (last < today && count < need) {
      shortBlockEnded = true;
    }
    if (today >= first && today <= last) {
      current = { done: count, target: need, daysLeft: daysBetween(today, last) + 1 };
    }
  }
  const status: GoalStatus = shortBlockEnded ? 'missed' : met === required ? 'completed' : 'active';
  return { ...base, ...current, percent: percentOf(met, required), status };
}

function streakProgress(
  goal: Extract<GoalDefinition, { kind: 'streak' }>,
  runs: readonly DayRun[],
  today: string,
  base: Pick<GoalProgress, 'notStarted' | 'daysLeft' | 'onTrack'>,
): GoalProgress {
  const days = new Set(runs.map((run) => run.day));
  let best = 0;
  let length = 0;
  let previous: string | null = null;
  for (const day of [...days].sort()) {
    length = previous !== null && daysBetween(previous, day) === 1 ? length + 1 : 1;
    best = Math.max(best, length);
    previous = day;
  }
  const streakEndingOn = (day: string) => {
    let count = 0;
    while (days.has(addDays(day, -count))) {
      count += 1;
    }
    return count;
  };
  const yesterday = addDays(today, -1);
  const current = days.has(today) ? streakEndingOn(today) : streakEndingOn(yesterday);
  const achieved = best >= goal.targetDays;
  // Today still counts as open; the most reachable is yesterday's streak plus every day left.
  const reachable = today > goal.endDate ? best : streakEndingOn(yesterday) + base.daysLeft;
  const status: GoalStatus = achieved ? 'completed' : reachable < goal.targetDays ? 'missed' : 'active';
  return {
    ...base,
    percent: percentOf(achieved ? goal.targetDays : current, goal.targetDays),
    done: achieved ? goal.targetDays : current,
    target: goal.targetDays,
    status,
  };
}

/**
 * The next instant at which time alone can change the goal's status: the start of the next local
 * day while the window is open (or about to open), else null. A scheduler re-evaluates then.
 */
export function nextStatusCheckAt(goal: GoalDefinition, nowMs: number, timeZone: string): number | null {
  const today = localDayAt(nowMs, timeZone);
  if (today > goal.endDate) {
    return null;
  }
  return localDayStartUtc(addDays(today, 1), timeZone);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Metres as whole km/mi from 100 up, else with one decimal: "182 km", "42.2 km", "0.5 mi". */
export function formatGoalDistance(metres: number, units: UnitSystem, locale: string = DEFAULT_LOCALE): string {
  const value = distanceInUnits(metres, units);
  const shown = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return formatNumber(shown, locale, 1);
}

/**
 * The goal card's sentence: status, progress and what is left, in the runner's units. `dayText`
 * writes a day (the web app passes the reader's locale format; by default "YYYY-MM-DD").
 */
export function projectionSentence(
  goal: GoalDefinition,
  progress: GoalProgress,
  units: UnitSystem,
  dayText: (day: string) => string = (day) => day,
): string {
  const unit = distanceUnitLabel(units);
  const left = plural(progress.daysLeft, 'day') + ' left';
  if (progress.notStarted && progress.status === 'active') {
    return `Starts on ${dayText(goal.startDate)}.`;
  }
  switch (goal.kind) {
    case 'distance': {
      const amount = `${formatGoalDistance(progress.done, units)} of ${formatGoalDistance(goal.targetDistanceM, units)} ${unit}`;
      if (progress.status !== 'active') {
        return `${progress.status === 'completed' ? 'Completed' : 'Missed'}: ${amount}.`;
      }
      if (progress.onTrack) {
        return `On track: ${amount}, ${left}.`;
      }
      const perDay = (goal.targetDistanceM - progress.done) / Math.max(1, progress.daysLeft);
      return `Behind: ${amount}, ${left}; ${formatGoalDistance(perDay, units)} ${unit} a day to make it.`;
    }
    case 'race': {
      const race = `${formatGoalDistance(goal.raceDistanceM, units)} ${unit} in ${formatDuration(goal.targetTimeS)} or faster`;
      if (progress.status === 'completed') {
        return `Completed: ${formatDuration(progress.done)} on ${dayText(goal.endDate)}.`;
      }
      if (progress.status === 'missed') {
        return `Missed: no ${race} on ${dayText(goal.endDate)}.`;
      }
      return progress.daysLeft === 1
        ? `Race day: ${race}.`
        : `${plural(progress.daysLeft - 1, 'day')} to race day: ${race}.`;
    }
    case 'frequency': {
      if (progress.status !== 'active') {
        return `${progress.status === 'completed' ? 'Completed' : 'Missed'}: ${goal.runsPerWeek} runs a week.`;
      }
      return `${progress.done} of ${plural(progress.target, 'run')} this week, ${left} in the week.`;
    }
    case 'streak': {
      if (progress.status !== 'active') {
        return `${progress.status === 'completed' ? 'Completed' : 'Missed'}: ${goal.targetDays} days in a row.`;
      }
      return `${progress.done} of ${goal.targetDays} days in a row, ${left}.`;
    }
  }
}
