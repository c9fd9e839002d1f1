/**
 * The activities API as TanStack Query hooks: the filtered, cursor-paged list, one activity, its
 * display track, edit, manual entry, delete and its undo, the placeholder sample runs (spec §4 "Activity data lifecycle")
 * and the map tiles. Every key is under the activities' key (lib/query-keys.ts),
 * and every write ends in the one invalidation of what a change of activities feeds.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ActivityBulkAction, ActivityBulkResult } from '../../../core/activity/activity-bulk.ts';
import type { ActivityEdit, ManualActivityInput } from '../../../core/activity/activity-edit.ts';
import type { ActivityDetail, ActivityListQuery, ActivityPage, DisplayTrack } from '../../../core/activity/schemas.ts';
import type { SportTotals } from '../../../core/activity/sport-totals.ts';
import { api, ApiError, unwrap } from '../api/client.ts';
import { runnerTimeZone } from '../lib/time-zone.ts';
import {
  ACTIVITY_LISTS_QUERY_KEY,
  activityDetailQueryKey,
  activityTrackQueryKey,
  invalidateActivityData,
  SPORT_TOTALS_QUERY_KEY,
} from '../lib/query-keys.ts';

/** The list query as the URL carries it: strings, and no empty filters. */
function listQuery(query: ActivityListQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') {
      params[key] = String(value);
    }
  }
  return params;
}

/** One page of the server's merged, de-duplicated list (Strava and uploads), newest first. */
export function fetchActivityPage(query: ActivityListQuery): Promise<ActivityPage> {
  return unwrap(api.activities.$get({ query: listQuery(query) }));
}

export function useActivityPage(query: ActivityListQuery, enabled = true) {
  return useQuery({
    queryKey: [...ACTIVITY_LISTS_QUERY_KEY, query],
    queryFn: () => fetchActivityPage(query),
    enabled,
    // Paging and filtering keep the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

/** The dashboard's totals per sport, runs first (refreshed with every other activity query). */
export function useSportTotals() {
  return useQuery({
    queryKey: SPORT_TOTALS_QUERY_KEY,
    queryFn: (): Promise<SportTotals> => unwrap(api.activities.totals.$get()),
  });
}

export function useActivity(id: string) {
  return useQuery({
    queryKey: activityDetailQueryKey(id),
    queryFn: (): Promise<ActivityDetail> => unwrap(api.activities[':id'].$get({ param: { id } })),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}

/**
 * Reading a Strava activity's track fetches its streams, and the splits and best efforts Strava did
 * not send are computed from them: while the detail says so (streamsPending), it and its best
 * efforts are read again once the track has come.
 */
export async function afterTrackRead(queryClient: QueryClient, id: string): Promise<void> {
  const detail = queryClient.getQueryData<ActivityDetail>(activityDetailQueryKey(id));
  if (detail?.streamsPending) {
    await queryClient.invalidateQueries({ queryKey: activityDetailQueryKey(id) });
  }
}

export function useActivityTrack(id: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: activityTrackQueryKey(id),
    queryFn: async (): Promise<DisplayTrack> => {
      const track = await unwrap(api.activities[':id'].track.$get({ param: { id } }));
      void afterTrackRead(queryClient, id);
      return track;
    },
    enabled,
    // A track never changes once imported.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The runner's edit (name, type, description, private notes, counted): a type or counting change
 * moves the totals, medals, best efforts, charts and plan ticks, so all of those are read again.
 */
export function useEditActivity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: ActivityEdit): Promise<ActivityDetail> =>
      unwrap(api.activities[':id'].$patch({ param: { id }, json: edit })),
    onSuccess: (activity) => {
      queryClient.setQueryData(activityDetailQueryKey(id), activity);
      // The dialog closes at once; the rest of the app reloads behind it.
      void invalidateActivityData(queryClient);
    },
  });
}

/** A manual activity (a treadmill run without a file): it joins the list, totals and medals. */
export function useAddManualActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualActivityInput): Promise<ActivityDetail> =>
      unwrap(api.activities.manual.$post({ json: input })),
    onSuccess: () => {
      void invalidateActivityData(queryClient);
    },
  });
}

export function useDeleteActivity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.activities[':id'].$delete({ param: { id } })),
    // Not its own queries: asking again for the deleted activity, still on screen, would answer 404.
    // Not awaited: the screen leaves at once, before a refetch could show it as not found.
    onSuccess: () => void invalidateActivityData(queryClient, { except: id }),
  });
}

/** "Undo" after a delete: the activity is back as it was, and everything it feeds is asked again. */
export function useRestoreActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.activities[':id'].restore.$post({ param: { id } })),
    onSuccess: () => invalidateActivityData(queryClient),
  });
}

/** The runner counts a flagged activity: the totals and medals change with it. */
export function useConfirmActivity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<ActivityDetail> =>
      unwrap(api.activities[':id'].confirm.$post({ param: { id }, json: { timeZone: runnerTimeZone() } })),
    onSuccess: async (activity) => {
      queryClient.setQueryData(activityDetailQueryKey(id), activity);
      await invalidateActivityData(queryClient, { except: id });
    },
  });
}

/** "Revert to the file": the activity shows its file's figures again, and everything follows. */
export function useRevertActivity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<ActivityDetail> =>
      unwrap(api.activities[':id'].revert.$post({ param: { id }, json: { timeZone: runnerTimeZone() } })),
    onSuccess: async (activity) => {
      queryClient.setQueryData(activityDetailQueryKey(id), activity);
      await invalidateActivityData(queryClient, { except: id });
    },
  });
}

/**
 * The list's selection deleted or re-typed in one request: refused whole, with the server's
 * sentence, when one of them cannot be (a Strava activity's type belongs to Strava).
 */
export function useBulkChangeActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ActivityBulkAction): Promise<ActivityBulkResult> =>
      unwrap(api.activities.bulk.$post({ json: action })),
    onSuccess: () => invalidateActivityData(queryClient),
  });
}

export function useAddSampleActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.activities.samples.$post()),
    onSuccess: () => invalidateActivityData(queryClient),
  });
}

export function useRemoveSampleActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.activities.samples.$delete()),
    onSuccess: () => invalidateActivityData(queryClient),
  });
}

export const activityOriginalUrl = (id: string) => `/api/activities/${encodeURIComponent(id)}/original`;
export const activityGpxUrl = (id: string) => `/api/activities/${encodeURIComponent(id)}/export.gpx`;
