/**
 * The one rule for activities without times (a track without timing data — a route, an export
 * without times — or any activity without a moving time): they are kept and listed with their
 * distance and date, but count in no total. Not in the dashboard's or the profile's totals, the
 * weekly totals, the running days of the heatmap and streaks, the charts, goals and plan ticks, nor
 * the medals: spec §5 has most medal rules need a moving time, and a total of distances without
 * their times would disagree with the time and pace beside it. The one exception is spec §9's
 * "Planning 5 runs", which counts uploaded runs as plans, times or not (core/medals/rules.ts).
 *
 * The database applies the same rule in SQL: `isTimed` in server/db/activity-totals-repository.ts,
 * part of `countsTowardTotals` and `isCharted`.
 */
export function countsInTotals(activity: { hasTiming: boolean; movingTime: number }): boolean {
  return activity.hasTiming && Number.isFinite(activity.movingTime) && activity.movingTime > 0;
}

/** What the activity list says of an activity without times. */
export const UNTIMED_TEXTS = {
  chip: 'Not counted',
  chipTitle: 'No times in this file: it counts in no totals, charts or medals',
} as const;
