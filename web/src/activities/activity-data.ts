/**
 * The client's activity data status of spec §3/§4/§8 derived from the TanStack Query that holds
 * the server's merged list (loading, initialised, last error, last sync, network), and the filters
 * as the server's list query takes them. Pure: the query's state and the network are handed in.
 */
import { type ActivityListQuery, type ActivitySummary, activityTypeSchema } from '../../../core/activity/schemas.ts';
import {
  type ActivityDataFilters,
  type ActivityDataStatus,
  type DataActivity,
  isQuotaError,
  mockActivities,
  type NetworkStatus,
} from '../../../core/strava/data-state.ts';
import { classifyActivityError } from '../../../core/strava/messages.ts';

/** What the status reads of a query's state (TanStack Query's UseQueryResult has all of it). */
export interface ActivityQueryState {
  data: { items: ActivitySummary[] } | undefined;
  error: Error | null;
  isFetching: boolean;
  /** Epoch ms of the last successful fetch; 0 when there was none (TanStack Query's dataUpdatedAt). */
  dataUpdatedAt: number;
  /** Epoch ms of the last failed fetch; 0 when there was none. */
  errorUpdatedAt: number;
}

export interface DerivedActivityData {
  activities: DataActivity[];
  status: ActivityDataStatus;
}

export function deriveActivityData(
  query: ActivityQueryState,
  network: NetworkStatus,
  signedIn: boolean,
): DerivedActivityData {
  // Spec §4: a fetch clears the last error; a failed refetch keeps the cached list (spec §8).
  const failed = query.error !== null && !query.isFetching && query.errorUpdatedAt >= query.dataUpdatedAt;
  const lastError = failed && query.error ? classifyActivityError(query.error.message) : null;
  const cached = query.data?.items ?? [];
  // Spec §8 quota rule: nothing to show and the quota is exhausted → the two mock runs, dated
  // from the failed fetch.
  const quotaExhausted = lastError !== null && isQuotaError(lastError);
  const activities = cached.length === 0 && quotaExhausted ? mockActivities(query.errorUpdatedAt) : cached;
  return {
    activities,
    status: {
      // A refresh in the background (an invalidation, the periodic check) is silent: only a first
      // load, or asking again after a failure, shows as loading.
      loading: query.isFetching && (query.data === undefined || query.error !== null),
      initialised: !signedIn || query.data !== undefined || query.error !== null,
      lastError,
      lastSync: query.dataUpdatedAt > 0 ? query.dataUpdatedAt : null,
      network,
    },
  };
}

/** Spec §3 filters (type exact, dates inclusive) as the server's list query takes them. */
export function filtersQuery(filters: ActivityDataFilters): Pick<ActivityListQuery, 'type' | 'from' | 'to'> {
  const query: Pick<ActivityListQuery, 'type' | 'from' | 'to'> = {};
  // A type the server does not know matches nothing there either; it is left out rather than refused.
  const type = activityTypeSchema.safeParse(filters.type).data;
  if (type !== undefined) {
    query.type = type;
  }
  if (filters.from !== null) {
    query.from = filters.from;
  }
  if (filters.to !== null) {
    query.to = filters.to;
  }
  return query;
}
