/**
 * What the plan form is pre-filled with: the runner's running of the last weeks. Weekly distance
 * and runs a week are the average of the last RECENT_VOLUME_WEEKS weeks (the weeks week 1 follows);
 * the longest run and the long-run day (the weekday the week's longest run fell on most often) are
 * read over the last HISTORY_WEEKS weeks. A week is the 7 local days ending yesterday, so today's
 * half-done running does not count.
 */
import { addDays, epochDay, weekdayOf } from './local-day.ts';
import { HISTORY_WEEKS, MAX_RUNS_PER_WEEK, MIN_RUNS_PER_WEEK, RECENT_VOLUME_WEEKS } from './plan-templates.ts';

export interface HistoryRun {
  /** The runner's local day of the run. */
  date: string;
  distanceM: number;
  type: string;
}

export interface TrainingHistory {
  /** Runs in the last RECENT_VOLUME_WEEKS weeks. */
  recentRuns: number;
  weeklyDistanceM: number;
  /** Runs a week, whole, within the plans' range. */
  runsPerWeek: number;
  /** Longest run of the last HISTORY_WEEKS weeks; 0 without any. */
  longestRunM: number;
  /** 0 Sunday … 6 Saturday; null without runs. */
  longRunDay: number | null;
}

export function trainingHistory(runs: readonly HistoryRun[], today: string): TrainingHistory {
  const counted = runs.filter((run) => run.type.toLowerCase() === 'run' && run.distanceM > 0 && run.date < today);
  const recentFrom = addDays(today, -7 * RECENT_VOLUME_WEEKS);
  const historyFrom = addDays(today, -7 * HISTORY_WEEKS);
  const recent = counted.filter((run) => run.date >= recentFrom);
  const history = counted.filter((run) => run.date >= historyFrom);
  // Each week's longest run, by the weeks counted back from yesterday; then the commonest weekday.
  const longestByWeek = new Map<number, HistoryRun>();
  for (const run of history) {
    const week = Math.floor((epochDay(today)! - 1 - epochDay(run.date)!) / 7);
    const longest = longestByWeek.get(week);
    if (longest === undefined || run.distanceM > longest.distanceM) {
      longestByWeek.set(week, run);
    }
  }
  const weekdayCounts = new Map<number, number>();
  for (const run of longestByWeek.values()) {
    const weekday = weekdayOf(epochDay(run.date)!);
    weekdayCounts.set(weekday, (weekdayCounts.get(weekday) ?? 0) + 1);
  }
  const longRunDay = [...weekdayCounts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
  const runsPerWeek = Math.round(recent.length / RECENT_VOLUME_WEEKS);
  return {
    recentRuns: recent.length,
    weeklyDistanceM: Math.round(recent.reduce((sum, run) => sum + run.distanceM, 0) / RECENT_VOLUME_WEEKS),
    runsPerWeek: Math.min(MAX_RUNS_PER_WEEK, Math.max(MIN_RUNS_PER_WEEK, runsPerWeek)),
    longestRunM: Math.max(0, ...history.map((run) => run.distanceM)),
    longRunDay,
  };
}
