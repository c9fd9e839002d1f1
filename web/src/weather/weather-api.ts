/** The weather endpoints as TanStack Query hooks: the dashboard's forecast, priming, an activity's start. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityWeather, Weather } from '../../../core/weather/weather-api.ts';
import { ACTIVITIES_QUERY_KEY } from '../activities/activities-api.ts';
import { api, unwrap } from '../api/client.ts';

/**
 * Under the activities' key and keyed by the profile's location text: a new run (the fallback
 * location) or a changed location asks again. The server's cache decides whether the provider is asked.
 */
export const WEATHER_QUERY_KEY = [...ACTIVITIES_QUERY_KEY, 'weather'] as const;
const FIVE_MINUTES_MS = 5 * 60_000;

export function useWeather(location: string | undefined) {
  return useQuery({
    queryKey: [...WEATHER_QUERY_KEY, location ?? ''],
    queryFn: (): Promise<Weather> => unwrap(api.weather.$get()),
    enabled: location !== undefined,
    staleTime: FIVE_MINUTES_MS,
    refetchInterval: FIVE_MINUTES_MS,
  });
}

export function usePrimeWeather() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<Weather> => unwrap(api.weather.prime.$post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEATHER_QUERY_KEY }),
  });
}

export function useActivityWeather(activityId: string) {
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, 'detail', activityId, 'weather'],
    queryFn: (): Promise<ActivityWeather> => unwrap(api.activities[':id'].weather.$get({ param: { id: activityId } })),
    // Stored with the activity once found; an unavailable answer is asked again on the next visit.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
