/** Account → Download my data (core/data-export.ts) as TanStack Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExportStatus } from '../../../core/data-export.ts';
import { api, unwrap } from '../api/client.ts';
import { DATA_EXPORT_QUERY_KEY } from '../lib/query-keys.ts';

/** How often the card asks again while the ZIP is being built. */
const BUILDING_POLL_MS = 2000;

export function useDataExport() {
  return useQuery({
    queryKey: DATA_EXPORT_QUERY_KEY,
    queryFn: (): Promise<DataExportStatus> => unwrap(api.account['data-export'].$get()),
    refetchInterval: (query) => (query.state.data?.export?.state === 'building' ? BUILDING_POLL_MS : false),
  });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<DataExportStatus> => unwrap(api.account['data-export'].$post()),
    onSuccess: (status) => queryClient.setQueryData(DATA_EXPORT_QUERY_KEY, status),
  });
}
