/**
 * The per-user analytics API (spec §3 Per-user analytics record; §4 Analytics initialisation,
 * Streak, Page timer) as TanStack Query hooks and plain calls: the record, the session start, the
 * forced streak recalculation and the calendar of running days (the screenshot count and the
 * delayed reload are lib/analytics-reload.ts). Every key starts with ANALYTICS_QUERY_KEY so one
 * invalidation refreshes My Stride whole.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PLANNING_PAGE, type Analytics, type RunningDays } from '../../../core/medals/api.ts';
import type { MostVisitedScreens } from '../../../core/page-view-schemas.ts';
import { api, unwrap } from '../api/client.ts';
import { timeZoneQuery } from '../lib/time-zone.ts';
import { reloadAnalyticsSoon } from '../lib/analytics-reload.ts';
import { ANALYTICS_QUERY_KEY } from '../lib/query-keys.ts';

const RECORD_QUERY_KEY = [...ANALYTICS_QUERY_KEY, 'record'] as const;
const RUNNING_DAYS_QUERY_KEY = [...ANALYTICS_QUERY_KEY, 'running-days'] as const;

export const PAGE_TIME_PATH = '/api/analytics/page-time';

export function useAnalytics() {
  return useQuery({
    queryKey: RECORD_QUERY_KEY,
    queryFn: (): Promise<Analytics> => unwrap(api.analytics.$get({ query: timeZoneQuery() })),
  });
}

export function useRunningDays() {
  return useQuery({
    queryKey: RUNNING_DAYS_QUERY_KEY,
    queryFn: (): Promise<RunningDays> => unwrap(api.analytics['running-days'].$get({ query: timeZoneQuery() })),
  });
}

/** Spec §4 "Analytics initialisation": creates the record, or updates the streak and counts a session. */
export async function startAnalyticsSession(queryClient: QueryClient): Promise<void> {
  const analytics = await unwrap(api.analytics.sessions.$post({ json: timeZoneQuery() }));
  queryClient.setQueryData(RECORD_QUERY_KEY, analytics);
}

/**
 * Spec §4 "Page timer" while the app goes on (leaving the page inside the app). The record is
 * refetched rather than set from the answer: the next page may already be reading it.
 */
export async function sendPlanningTime(queryClient: QueryClient, elapsedMs: number): Promise<void> {
  await unwrap(api.analytics['page-time'].$post({ json: { page: PLANNING_PAGE, elapsedMs: Math.round(elapsedMs) } }));
  await queryClient.invalidateQueries({ queryKey: RECORD_QUERY_KEY });
}

/**
 * The same when the tab is hidden or closed: a beacon outlives the page, and a same-origin beacon
 * carries the session cookie.
 */
export function beaconPlanningTime(elapsedMs: number): boolean {
  const body = JSON.stringify({ page: PLANNING_PAGE, elapsedMs: Math.round(elapsedMs) });
  return navigator.sendBeacon(PAGE_TIME_PATH, new Blob([body], { type: 'application/json' }));
}

/** Spec §4: a forced recalculation resets the streak to 1/1; the record is reloaded 1 s later. */
export function useRecalculateStreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<Analytics> => unwrap(api.analytics.streak.recalculate.$post({ json: timeZoneQuery() })),
    onSuccess: (analytics) => {
      queryClient.setQueryData(RECORD_QUERY_KEY, analytics);
      reloadAnalyticsSoon(queryClient);
    },
  });
}

const MOST_VISITED_QUERY_KEY = [...ANALYTICS_QUERY_KEY, 'most-visited'] as const;

/** The runner's most visited screens; the views still waiting in the browser are sent first. */
export function useMostVisitedScreens(flushWaiting: () => Promise<void>) {
  return useQuery({
    queryKey: MOST_VISITED_QUERY_KEY,
    queryFn: async (): Promise<MostVisitedScreens> => {
      await flushWaiting();
      return unwrap(api.analytics['page-views'].$get());
    },
  });
}
