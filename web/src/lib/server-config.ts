/**
 * GET /api/config, this server's settings the screens adapt to (map tiles, Google sign-in, whether
 * it sends mail): read once per page load under the one config key.
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import { MAP_CONFIG_QUERY_KEY } from './query-keys.ts';

export function useServerConfig() {
  return useQuery({
    queryKey: MAP_CONFIG_QUERY_KEY,
    queryFn: () => unwrap(api.config.$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
