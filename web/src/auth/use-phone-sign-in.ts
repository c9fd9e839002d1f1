/** Whether this server offers phone sign-in (GET /api/config, the same answer Google's option comes from). */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import { MAP_CONFIG_QUERY_KEY } from '../lib/query-keys.ts';

export function usePhoneSignInOffered(): boolean {
  const { data } = useQuery({
    queryKey: MAP_CONFIG_QUERY_KEY,
    queryFn: () => unwrap(api.config.$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.phoneSignIn === true;
}
