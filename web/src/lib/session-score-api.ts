/**
 * Done against asked: an activity's plan session score and a plan's, as TanStack Query hooks. Both
 * sit under the activities' key (training's too), so an upload, an edit or a tick reloads them.
 */
import { useQuery } from '@tanstack/react-query';
import type { SessionScoreView } from '../../../core/training/training-api.ts';
import { api, unwrap } from '../api/client.ts';
import { activityDetailQueryKey, TRAINING_QUERY_KEY } from './query-keys.ts';

/** The plan session the activity was run for, scored; null for none. */
export function useActivitySessionScore(id: string) {
  return useQuery({
    queryKey: [...activityDetailQueryKey(id), 'session-score'],
    queryFn: async (): Promise<SessionScoreView | null> =>
      (await unwrap(api.activities[':id']['session-score'].$get({ param: { id } }))).score,
  });
}

/** The plan's ticked structured sessions, scored. */
export function usePlanSessionScores(planId: string) {
  return useQuery({
    queryKey: [...TRAINING_QUERY_KEY, 'session-scores', planId],
    queryFn: async (): Promise<SessionScoreView[]> =>
      (await unwrap(api['training-plans'][':id']['session-scores'].$get({ param: { id: planId } }))).scores,
  });
}
