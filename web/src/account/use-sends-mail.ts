/**
 * Whether this server sends mail (GET /api/config, read once per page load under the one config
 * key): without SMTP, Account says so next to the mail switches. Undefined while it loads.
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import { MAP_CONFIG_QUERY_KEY } from '../lib/query-keys.ts';

export function useSendsMail(): boolean | undefined {
  const config = useQuery({
    queryKey: MAP_CONFIG_QUERY_KEY,
    queryFn: () => unwrap(api.config.$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return config.data?.sendsMail;
}
