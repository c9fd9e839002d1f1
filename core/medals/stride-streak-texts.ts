/**
 * How My Stride names the analytics streak (spec §3 strideStreak, §4 "Streak"): it counts the days
 * in a row on which Stride was opened, not days with a run, so it is named for opening Stride and
 * never "streak" alone, which would read as the running streak of Week Warrior and the other
 * streak medals. The forced recalculation (spec §4: back to 1/1) is named for what it does.
 */
export const STRIDE_STREAK_TEXTS = {
  current: 'Days opened in a row',
  longest: 'Most days opened in a row',
  notRunning: 'Days you opened Stride, not days you ran',
  recalculate: 'Recalculate streak',
  recalculateHint: 'Starts your days-opened count over from today',
  recalculateTitle: 'Start your days-opened count over?',
  recalculateBody:
    'Days opened in a row and Most days opened in a row both go back to 1 day, counting today. Your runs, running streaks and medals stay as they are.',
  recalculateConfirm: 'Start over',
} as const;
