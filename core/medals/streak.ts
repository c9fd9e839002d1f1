/**
 * The analytics streak (spec §3 "Per-user analytics record", §4 "Analytics initialisation" and
 * "Streak"). Days are "YYYY-MM-DD" strings (core/calendar-days.ts); nothing here reads the clock:
 * `today` is a parameter.
 */
import { epochDay, requireEpochDay } from '../calendar-days.ts';

/** The streak object of the analytics record ("strideStreak"). */
export interface AnalyticsStreak {
  current: number;
  longest: number;
  /** "YYYY-MM-DD" of the last day with a session, or null when there has been none. */
  lastActiveDate: string | null;
}

/** Spec §4: a new analytics record, and a forced recalculation, start the streak at 1/1. */
export function forcedStreak(today: string): AnalyticsStreak {
  requireEpochDay(today);
  return { current: 1, longest: 1, lastActiveDate: today };
}

/**
 * Spec §4 "Streak", applied when a session starts on `today`:
 * - no record, or a record without a (readable) last active date: 1/1 — the spec sets longest to 1
 *   when there was no prior date, and a stored date we cannot read is no usable prior date;
 * - same day as the last active date: unchanged;
 * - last active yesterday: current + 1, and longest = max(longest, current) where current is the
 *   NEW, incremented value — otherwise a streak that has just passed its old best would not show as
 *   the longest until the day after;
 * - any other gap: current back to 1, longest kept.
 * A `today` before the last active date (a clock or time-zone change) changes nothing rather than
 * breaking the streak. Throws RangeError when `today` is not a calendar date.
 */
export function nextStreak(previous: AnalyticsStreak | null, today: string): AnalyticsStreak {
  const todayEpoch = requireEpochDay(today);
  const lastEpoch = previous?.lastActiveDate ? epochDay(previous.lastActiveDate) : null;
  if (!previous || lastEpoch === null) {
    return forcedStreak(today);
  }
  const gap = todayEpoch - lastEpoch;
  if (gap <= 0) {
    return { ...previous };
  }
  if (gap === 1) {
    const current = previous.current + 1;
    return { current, longest: Math.max(previous.longest, current), lastActiveDate: today };
  }
  return { current: 1, longest: Math.max(previous.longest, 1), lastActiveDate: today };
}
