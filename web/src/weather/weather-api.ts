/** The weather endpoints as TanStack Query hooks: the dashboard's forecast, priming, an activity's start. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityWeather, Weather } from '../../../core/weather/weather-api.ts';
import { api, unwrap } from '../api/client.ts';
import { activityDetailQueryKey, WEATHER_QUERY_KEY } from '../lib/query-keys.ts';

const FIVE_MINUTES_MS = 5 * 60_000;

export function useWeather(location: string | undefined) {
  return useQuery({
    // Keyed by the profile's location text: a changed location asks again. The server's cache decides
    // whether the provider is asked.
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
    queryKey: [...activityDetailQueryKey(activityId), 'weather'],
    queryFn: (): Promise<ActivityWeather> => unwrap(api.activities[':id'].weather.$get({ param: { id: activityId } })),
    // Stored with the activity once found; an unavailable answer is asked again on the next visit.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
