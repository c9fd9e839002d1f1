/**
 * Whether this server offers Google sign-in, and phone sign-in (GET /api/config, the same answer the
 * map settings come from). One module: the sign-in page's script budget has no room for another.
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import { MAP_CONFIG_QUERY_KEY } from '../lib/query-keys.ts';

function useSignInOptions() {
  return useQuery({
    queryKey: MAP_CONFIG_QUERY_KEY,
    queryFn: () => unwrap(api.config.$get()),
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

export const useGoogleEnabled = (): boolean => useSignInOptions()?.google === true;

export const usePhoneSignInOffered = (): boolean => useSignInOptions()?.phoneSignIn === true;
