/**
 * Spec §4: the medal check, once per user and app load, 2 s after the session is known and the
 * user has activities. What it awards is celebrated; a failed check is only logged (spec §8).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ActivityPage } from '../../../core/activity/schemas.ts';
import { MEDAL_CHECK_DELAY_MS, type MedalCard } from '../../../core/medals/api.ts';
import { api, unwrap } from '../api/client.ts';
import { reloadAnalyticsSoon } from '../lib/analytics-reload.ts';
import { applyAwardedMedals, checkMedals } from './medals-api.ts';
import { ACTIVITY_LISTS_QUERY_KEY } from '../lib/query-keys.ts';

/** Users whose medals were checked in this app load. */
const checkedUsers = new Set<string>();

/** Does the user have any activity? The same query as the newest-activity list of one. */
function useHasActivities(): boolean {
  const query = { limit: 1 } as const;
  const { data } = useQuery({
    queryKey: [...ACTIVITY_LISTS_QUERY_KEY, query],
    queryFn: (): Promise<ActivityPage> => unwrap(api.activities.$get({ query: { limit: String(query.limit) } })),
  });
  return (data?.total ?? 0) > 0;
}

export function useMedalCheck(userId: string, queryClient: QueryClient, celebrate: (medals: MedalCard[]) => void) {
  const hasActivities = useHasActivities();
  useEffect(() => {
    if (!hasActivities || checkedUsers.has(userId)) {
      return undefined;
    }
    const timer = setTimeout(() => {
      checkedUsers.add(userId);
      checkMedals()
        .then(async (result) => {
          celebrate(result.awarded);
          await applyAwardedMedals(queryClient, result.unseenCount);
          if (result.awarded.length > 0) {
            reloadAnalyticsSoon(queryClient);
          }
        })
        .catch((error: unknown) => console.warn('The medal check failed', error));
    }, MEDAL_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, hasActivities, queryClient, celebrate]);
}
