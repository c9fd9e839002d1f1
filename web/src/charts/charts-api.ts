/** The Charts page's data as a TanStack Query hook, keyed by period and type. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Charts, ChartQuery } from '../../../core/charts/chart-api.ts';
import { api, unwrap } from '../api/client.ts';
import { timeZoneQuery } from '../lib/time-zone.ts';
import { CHARTS_QUERY_KEY } from '../lib/query-keys.ts';

export function useCharts(query: Pick<ChartQuery, 'period' | 'type'>) {
  return useQuery({
    queryKey: [...CHARTS_QUERY_KEY, query.period, query.type],
    queryFn: (): Promise<Charts> => unwrap(api.charts.$get({ query: { ...query, ...timeZoneQuery() } })),
    // Switching period keeps the old bars on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
