/** Personal bests and one activity's best efforts, as TanStack Query hooks under the activities' key. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityBestEfforts, PersonalBests } from '../../../core/running/best-efforts-api.ts';
import { api, unwrap } from '../api/client.ts';
import { activityDetailQueryKey, PERSONAL_BESTS_QUERY_KEY } from './query-keys.ts';

/** Every distance's fastest three, and the progression of `distance`. */
export function usePersonalBests(distance: string) {
  return useQuery({
    queryKey: [...PERSONAL_BESTS_QUERY_KEY, distance],
    queryFn: (): Promise<PersonalBests> => unwrap(api['personal-bests'].$get({ query: { distance } })),
    placeholderData: keepPreviousData,
  });
}

export function useActivityBestEfforts(id: string) {
  return useQuery({
    queryKey: [...activityDetailQueryKey(id), 'best-efforts'],
    queryFn: (): Promise<ActivityBestEfforts> => unwrap(api.activities[':id']['best-efforts'].$get({ param: { id } })),
  });
}
