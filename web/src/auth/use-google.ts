/** Whether this server offers Google sign-in (GET /api/config, the same answer the map settings come from). */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import { MAP_CONFIG_QUERY_KEY } from '../lib/query-keys.ts';

export function useGoogleEnabled(): boolean {
  const { data } = useQuery({
    queryKey: MAP_CONFIG_QUERY_KEY,
    queryFn: () => unwrap(api.config.$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.google === true;
}
