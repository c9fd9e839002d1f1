/**
 * The activity data provider of spec §3/§4/§7, mounted by the app shell for every screen: the
 * server's merged, de-duplicated list of Strava and uploaded activities (GET /api/activities) held
 * by TanStack Query, with the spec's status (loading, initialised, last error, last sync, network)
 * derived from the query and the filters passed to the server. Screens read it with useActivityData
 * (lib/activity-data.ts). Mounted once by the layout with the signed-in user's id, so a logout
 * resets it (spec §4). The list follows every invalidation of the activities' queries (uploads,
 * renames, the live events of a sync) silently, is checked again every 10 minutes in the
 * background once stale, and is fetched again when the browser comes back online.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import type { ActivityPage } from '../../../core/activity/schemas.ts';
import { ACTIVITY_CACHE_FRESH_MS, BACKGROUND_CHECK_INTERVAL_MS } from '../../../core/strava/constants.ts';
import type { ActivityDataFilters } from '../../../core/strava/data-state.ts';
import { RECENT_ACTIVITIES_SIZE } from '../../../core/strava/constants.ts';
import { deriveActivityData, filtersQuery } from '../activities/activity-data.ts';
import { fetchActivityPage } from '../activities/activities-api.ts';
import { ActivityDataContext, type ActivityData } from '../lib/activity-data.ts';
import { useNetworkStatus } from '../lib/network-status.ts';
import { useSyncWhenDue } from '../strava/sync-when-due.ts';
import { ACTIVITY_LISTS_QUERY_KEY } from '../lib/query-keys.ts';

const NO_FILTERS: ActivityDataFilters = { type: null, from: null, to: null };

export function ActivityDataProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const [filters, setFilters] = useState<ActivityDataFilters>(NO_FILTERS);
  const [filtersOf, setFiltersOf] = useState(userId);
  // Spec §4: a change of user starts from no filters (the list itself is keyed by the user).
  if (filtersOf !== userId) {
    setFiltersOf(userId);
    setFilters(NO_FILTERS);
  }
  const listQuery = { ...filtersQuery(filters), limit: RECENT_ACTIVITIES_SIZE };
  const query = useQuery({
    queryKey: [...ACTIVITY_LISTS_QUERY_KEY, 'provider', userId, listQuery],
    queryFn: (): Promise<ActivityPage> => fetchActivityPage(listQuery),
    enabled: userId !== null,
    staleTime: ACTIVITY_CACHE_FRESH_MS,
    refetchInterval: BACKGROUND_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
  const network = useNetworkStatus();
  useSyncWhenDue(userId !== null);

  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const { activities, status } = deriveActivityData(query, network, userId !== null);
  const value: ActivityData = {
    activities,
    status,
    filters,
    refresh,
    setFilter: (filter, next) => setFilters((current) => ({ ...current, [filter]: next || null })),
    clearFilters: (filter) =>
      setFilters((current) => (filter === undefined ? NO_FILTERS : { ...current, [filter]: null })),
  };
  return <ActivityDataContext.Provider value={value}>{children}</ActivityDataContext.Provider>;
}
