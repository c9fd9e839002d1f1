/**
 * The activities API as TanStack Query hooks: the filtered, cursor-paged list, one activity, its
 * display track, rename, delete, the placeholder sample runs (spec §4 "Activity data lifecycle")
 * and the public map configuration. Every key starts with ACTIVITIES_QUERY_KEY so one invalidation
 * after an upload, rename or delete refreshes every screen that shows activities.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityDetail, ActivityListQuery, ActivityPage, DisplayTrack } from '../../../core/activity/schemas.ts';
import { isApiErrorBody } from '../../../core/errors.ts';
import { IDENTITY_ERROR_MESSAGES } from '../../../core/identity-errors.ts';
import { ApiError } from '../api/client.ts';
import { PROFILE_QUERY_KEY } from '../profile/profile.ts';

export const ACTIVITIES_QUERY_KEY = ['activities'] as const;
const MAP_CONFIG_QUERY_KEY = ['config'] as const;

export interface MapConfig {
  mapTileUrl: string;
  mapAttribution: string;
}

function networkError(): ApiError {
  return new ApiError(0, {
    type: 'network_error',
    code: 'network-request-failed',
    message: IDENTITY_ERROR_MESSAGES['network-request-failed'],
  });
}

async function request<T>(
  path: string,
  init: { method?: 'GET' | 'PATCH' | 'POST' | 'DELETE'; body?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? null : JSON.stringify(init.body),
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(
      response.status,
      isApiErrorBody(body) ? body.error : { type: 'api_error', message: `Request failed: ${response.status}` },
    );
  }
  return (await response.json()) as T;
}

function listSearch(query: ActivityListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') {
      params.set(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function useActivityPage(query: ActivityListQuery) {
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, 'list', query],
    queryFn: () => request<ActivityPage>(`/api/activities${listSearch(query)}`),
    // Paging and filtering keep the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useActivity(id: string) {
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, 'detail', id],
    queryFn: () => request<ActivityDetail>(`/api/activities/${encodeURIComponent(id)}`),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}

export function useActivityTrack(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, 'track', id],
    queryFn: () => request<DisplayTrack>(`/api/activities/${encodeURIComponent(id)}/track`),
    enabled,
    // A track never changes once imported.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMapConfig() {
  return useQuery({
    queryKey: MAP_CONFIG_QUERY_KEY,
    queryFn: () => request<MapConfig>('/api/config'),
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

export function useRenameActivity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      request<ActivityDetail>(`/api/activities/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } }),
    onSuccess: async (activity) => {
      queryClient.setQueryData([...ACTIVITIES_QUERY_KEY, 'detail', id], activity);
      await queryClient.invalidateQueries({ queryKey: [...ACTIVITIES_QUERY_KEY, 'list'] });
    },
  });
}

export function useDeleteActivity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<{ deleted: true }>(`/api/activities/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    // Only the lists: refetching the deleted activity's own queries, still on screen, would 404.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...ACTIVITIES_QUERY_KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
      ]),
  });
}

export function useAddSampleActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<{ added: number }>('/api/activities/samples', { method: 'POST' }),
    onSuccess: () => invalidateActivities(queryClient),
  });
}

export function useRemoveSampleActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<{ removed: number }>('/api/activities/samples', { method: 'DELETE' }),
    onSuccess: () => invalidateActivities(queryClient),
  });
}

export const activityOriginalUrl = (id: string) => `/api/activities/${encodeURIComponent(id)}/original`;
export const activityGpxUrl = (id: string) => `/api/activities/${encodeURIComponent(id)}/export.gpx`;
