/**
 * The activities API as TanStack Query hooks: the filtered, cursor-paged list, one activity, its
 * display track, edit, manual entry, delete, the placeholder sample runs (spec §4 "Activity data lifecycle")
 * and the public map configuration. Every key starts with ACTIVITIES_QUERY_KEY so one invalidation
 * after an upload, edit or delete refreshes every screen that shows activities.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityEdit, ManualActivityInput } from '../../../core/activity/activity-edit.ts';
import type { ActivityDetail, ActivityListQuery, ActivityPage, DisplayTrack } from '../../../core/activity/schemas.ts';
import type { SportTotals } from '../../../core/activity/sport-totals.ts';
import { api, ApiError, unwrap } from '../api/client.ts';
import { MEDALS_QUERY_KEY } from '../medals/medals-api.ts';
import { PROFILE_QUERY_KEY } from '../profile/profile.ts';
import { browserTimeZone } from '../app/time-zone.ts';

export const ACTIVITIES_QUERY_KEY = ['activities'] as const;
const MAP_CONFIG_QUERY_KEY = ['config'] as const;

export interface MapConfig {
  mapTileUrl: string;
  mapAttribution: string;
}

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

export function useActivityPage(query: ActivityListQuery) {
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, 'list', query],
    queryFn: () => fetchActivityPage(query),
    // Paging and filtering keep the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

/** The dashboard's totals per sport, runs first (refreshed with every other activity query). */
export function useSportTotals() {
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, 'totals'],
    queryFn: (): Promise<SportTotals> => unwrap(api.activities.totals.$get()),
  });
}

export function useActivity(id: string) {
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, 'detail', id],
    queryFn: (): Promise<ActivityDetail> => unwrap(api.activities[':id'].$get({ param: { id } })),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}

export function useActivityTrack(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, 'track', id],
    queryFn: (): Promise<DisplayTrack> => unwrap(api.activities[':id'].track.$get({ param: { id } })),
    enabled,
    // A track never changes once imported.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMapConfig() {
  return useQuery({
    queryKey: MAP_CONFIG_QUERY_KEY,
    queryFn: (): Promise<MapConfig> => unwrap(api.config.$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** After anything that changes the list: every activity query, and the profile's totals. */
export async function invalidateActivities(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  ]);
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
      queryClient.setQueryData([...ACTIVITIES_QUERY_KEY, 'detail', id], activity);
      // The dialog closes at once; the rest of the app reloads behind it.
      void afterCountingChanged(queryClient);
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
      void afterCountingChanged(queryClient);
    },
  });
}

/**
 * Everything an activity's type or counting feeds: every activity query (charts, personal bests,
 * plans and readiness are keyed under it), the profile's totals and the medals.
 */
async function afterCountingChanged(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  await Promise.all([invalidateActivities(queryClient), queryClient.invalidateQueries({ queryKey: MEDALS_QUERY_KEY })]);
}

export function useDeleteActivity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.activities[':id'].$delete({ param: { id } })),
    // Only the lists: refetching the deleted activity's own queries, still on screen, would 404.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...ACTIVITIES_QUERY_KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
      ]),
  });
}

/** The runner counts a flagged activity: the totals and medals change with it. */
export function useConfirmActivity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<ActivityDetail> =>
      unwrap(api.activities[':id'].confirm.$post({ param: { id }, json: { timeZone: browserTimeZone() } })),
    onSuccess: async (activity) => {
      queryClient.setQueryData([...ACTIVITIES_QUERY_KEY, 'detail', id], activity);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...ACTIVITIES_QUERY_KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: MEDALS_QUERY_KEY }),
      ]);
    },
  });
}

export function useAddSampleActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.activities.samples.$post()),
    onSuccess: () => invalidateActivities(queryClient),
  });
}

export function useRemoveSampleActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.activities.samples.$delete()),
    onSuccess: () => invalidateActivities(queryClient),
  });
}

export const activityOriginalUrl = (id: string) => `/api/activities/${encodeURIComponent(id)}/original`;
export const activityGpxUrl = (id: string) => `/api/activities/${encodeURIComponent(id)}/export.gpx`;
