/**
 * The per-user analytics record (spec §3, §4): created on the first session with streak 1/1 and
 * one session, then each session moves the streak by the spec §4 rules; the Run Planner's page
 * timer, share cards ("screenshots") and a forced streak recalculation.
 */
import { localDate } from '../../core/activity/time-zone.ts';
import { addDays } from '../../core/calendar-days.ts';
import { forcedStreak, nextStreak } from '../../core/medals/streak.ts';
import {
  INITIAL_TOTAL_MEDALS,
  PLANNING_PAGE,
  RUNNING_DAYS_WINDOW,
  type Analytics,
  type RunningDays,
} from '../../core/medals/api.ts';
import {
  findAnalytics,
  insertAnalyticsIfMissing,
  runningDays,
  updateAnalytics,
  type AnalyticsChange,
} from '../db/analytics-repository.ts';
import type { Db } from '../db/db.ts';
import { addPageViews, mostViewedScreens } from '../db/page-view-repository.ts';
import { MOST_VISITED_SCREENS, type PageViewPattern } from '../../core/page-views.ts';
import type { MostVisitedScreens } from '../../core/page-view-schemas.ts';
import type { UserAnalyticsRow } from '../db/schema.ts';
import type { ServiceContext } from './service-context.ts';

function toAnalytics(row: UserAnalyticsRow): Analytics {
  return {
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    lastActive: row.lastActive.toISOString(),
    strideStreak: { current: row.streakCurrent, longest: row.streakLongest, lastActiveDate: row.streakLastActiveDate },
    minutesSpentPlanning: row.minutesSpentPlanning,
    medalsEarned: row.medalsEarned,
    totalMedals: row.totalMedals,
    screenshotsTaken: row.screenshotsTaken,
    totalSessions: row.totalSessions,
    lastUpdated: row.lastUpdated.toISOString(),
  };
}

/** The record, created (streak 1/1, one session) when the user has none yet. */
async function ensureAnalytics(
  db: Db,
  userId: string,
  today: string,
): Promise<{ row: UserAnalyticsRow; created: boolean }> {
  const created = await insertAnalyticsIfMissing(db, userId, forcedStreak(today), INITIAL_TOTAL_MEDALS);
  const row = await findAnalytics(db, userId);
  if (!row) {
    throw new Error(`Analytics record of ${userId} vanished`);
  }
  return { row, created };
}

async function change(
  context: ServiceContext,
  userId: string,
  timeZone: string | undefined,
  delta: (row: UserAnalyticsRow) => AnalyticsChange | null,
) {
  const { row } = await ensureAnalytics(context.db, userId, localDate(context.clock.now(), timeZone));
  const update = delta(row);
  const updated = update ? await updateAnalytics(context.db, userId, update, new Date(context.clock.now())) : row;
  await context.events.publish(userId, { type: 'analytics-updated' });
  return toAnalytics(updated ?? row);
}

export async function getAnalytics(context: ServiceContext, userId: string, timeZone?: string): Promise<Analytics> {
  return toAnalytics((await ensureAnalytics(context.db, userId, localDate(context.clock.now(), timeZone))).row);
}

/** Spec §4 "Analytics initialisation": create with 1/1 and one session, or move the streak and count a session. */
export async function recordSession(context: ServiceContext, userId: string, timeZone?: string): Promise<Analytics> {
  const today = localDate(context.clock.now(), timeZone);
  const { row, created } = await ensureAnalytics(context.db, userId, today);
  if (created) {
    await context.events.publish(userId, { type: 'analytics-updated' });
    return toAnalytics(row);
  }
  const previous = { current: row.streakCurrent, longest: row.streakLongest, lastActiveDate: row.streakLastActiveDate };
  return change(context, userId, timeZone, () => ({ streak: nextStreak(previous, today), addSessions: 1 }));
}

/** Spec §4 "Page timer": minutes rounded; only the Run Planner counts, and only above 0. */
export function addPageTime(
  context: ServiceContext,
  userId: string,
  page: string,
  elapsedMs: number,
): Promise<Analytics> {
  const minutes = Math.round(elapsedMs / 60_000);
  return change(context, userId, undefined, () =>
    page === PLANNING_PAGE && minutes > 0 ? { addMinutesPlanning: minutes } : null,
  );
}

export function countScreenshot(context: ServiceContext, userId: string): Promise<Analytics> {
  return change(context, userId, undefined, () => ({ addScreenshots: 1 }));
}

/** Spec §4: a forced recalculation resets the streak to 1/1. */
export function recalculateStreak(context: ServiceContext, userId: string, timeZone?: string): Promise<Analytics> {
  return change(context, userId, timeZone, () => ({ streak: forcedStreak(localDate(context.clock.now(), timeZone)) }));
}

export async function getRunningDays(context: ServiceContext, userId: string, timeZone?: string): Promise<RunningDays> {
  const to = localDate(context.clock.now(), timeZone);
  const from = addDays(to, -(RUNNING_DAYS_WINDOW - 1));
  return { from, to, days: await runningDays(context.db, userId, from, to) };
}

/** Spec §2 page views: the batch's views counted per screen and added to the runner's counts. */
export async function recordPageViews(
  context: ServiceContext,
  userId: string,
  views: readonly PageViewPattern[],
): Promise<{ counted: number }> {
  const counts = new Map<string, number>();
  for (const view of views) {
    counts.set(view, (counts.get(view) ?? 0) + 1);
  }
  await addPageViews(context.db, userId, counts);
  return { counted: views.length };
}

/** The runner's most visited screens (My Stride). */
export async function getMostVisitedScreens(context: ServiceContext, userId: string): Promise<MostVisitedScreens> {
  return { screens: await mostViewedScreens(context.db, userId, MOST_VISITED_SCREENS) };
}
