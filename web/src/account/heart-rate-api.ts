/** The runner's maximum heart rate (Account → Heart rate) as TanStack Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeartRateSettings, HeartRateSettingsUpdate } from '../../../core/running/heart-rate-api.ts';
import { api, unwrap } from '../api/client.ts';
import { CHARTS_QUERY_KEY, HEART_RATE_QUERY_KEY } from '../lib/query-keys.ts';

export function useHeartRateSettings() {
  return useQuery({
    queryKey: HEART_RATE_QUERY_KEY,
    queryFn: (): Promise<HeartRateSettings> => unwrap(api['heart-rate'].$get()),
  });
}

export function useUpdateHeartRateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: HeartRateSettingsUpdate): Promise<HeartRateSettings> =>
      unwrap(api['heart-rate'].$put({ json: update })),
    onSuccess: async (settings) => {
      queryClient.setQueryData(HEART_RATE_QUERY_KEY, settings);
      // Zones and load are drawn with the maximum.
      await queryClient.invalidateQueries({ queryKey: CHARTS_QUERY_KEY });
    },
  });
}
