/**
 * The medals API (spec §3 Medal record; §4 Medals) as TanStack Query hooks and plain calls: the
 * trophy case, the unseen count the sidebar shows, the medal check and marking a medal viewed.
 * Every key starts with MEDALS_QUERY_KEY.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { MedalCheck, TrophyCase } from '../../../core/medals/api.ts';
import type { MedalId } from '../../../core/medals/catalogue.ts';
import { api, unwrap } from '../api/client.ts';
import { timeZoneQuery } from '../lib/time-zone.ts';
import { MEDALS_QUERY_KEY } from '../lib/query-keys.ts';

const TROPHY_CASE_QUERY_KEY = [...MEDALS_QUERY_KEY, 'trophy-case'] as const;
const UNSEEN_QUERY_KEY = [...MEDALS_QUERY_KEY, 'unseen'] as const;

interface UnseenCount {
  unseenCount: number;
}

export function useTrophyCase() {
  return useQuery({
    queryKey: TROPHY_CASE_QUERY_KEY,
    queryFn: (): Promise<TrophyCase> => unwrap(api.medals.$get({ query: timeZoneQuery() })),
  });
}

/** The sidebar's badge; the server's events keep it fresh, so it is never refetched on its own. */
export function useUnseenMedalCount(enabled: boolean) {
  return useQuery({
    queryKey: UNSEEN_QUERY_KEY,
    queryFn: (): Promise<UnseenCount> => unwrap(api.medals.unseen.$get()),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    select: (data) => data.unseenCount,
  });
}

export function setUnseenMedalCount(queryClient: QueryClient, unseenCount: number): void {
  queryClient.setQueryData<UnseenCount>(UNSEEN_QUERY_KEY, { unseenCount });
}

/** After an award: the new count at once, and the trophy case from the server. */
export async function applyAwardedMedals(queryClient: QueryClient, unseenCount: number): Promise<void> {
  setUnseenMedalCount(queryClient, unseenCount);
  await queryClient.invalidateQueries({ queryKey: TROPHY_CASE_QUERY_KEY });
}

/** Spec §4: evaluates every rule on the server and returns what was newly earned. */
export function checkMedals(): Promise<MedalCheck> {
  return unwrap(api.medals.check.$post({ json: timeZoneQuery() }));
}

/** Spec §4: viewed sets isNew false and viewedAt; the unseen count drops, never below 0. */
export async function markMedalViewed(queryClient: QueryClient, medalId: MedalId): Promise<void> {
  const { unseenCount } = await unwrap(api.medals[':medalId'].viewed.$post({ param: { medalId } }));
  setUnseenMedalCount(queryClient, unseenCount);
  const viewedAt = new Date().toISOString();
  queryClient.setQueryData<TrophyCase>(TROPHY_CASE_QUERY_KEY, (trophyCase) =>
    trophyCase
      ? {
          ...trophyCase,
          unseenCount,
          medals: trophyCase.medals.map((card) =>
            card.medalId === medalId ? { ...card, isNew: false, viewedAt } : card,
          ),
        }
      : trophyCase,
  );
}
