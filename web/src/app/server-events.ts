/**
 * What the open page does with each of the server's live events (core/events.ts): medals awarded
 * are celebrated and move the unseen count, analytics are reloaded 1 s later (spec §4), changed
 * activities reload every list, a sync's progress moves the progress bar and its end reloads the
 * status and the lists, an archive import's progress reloads its report (its end, the lists), a connection changed elsewhere reloads the status, and a changed
 * subscription reloads it (Account flips without a reload) with what it unlocks.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ServerEvent } from '../../../core/events.ts';
import type { MedalCard } from '../../../core/medals/api.ts';
import { reloadAnalyticsSoon } from '../lib/analytics-reload.ts';
import { applyAwardedMedals } from '../medals/medals-api.ts';
import { applySyncProgress } from '../strava/strava-api.ts';
import { applyArchiveProgress } from '../activities/archive-import-api.ts';
import { invalidateActivityData, STRAVA_STATUS_QUERY_KEY, SUBSCRIPTION_QUERY_KEY } from '../lib/query-keys.ts';

export type Celebrate = (medals: MedalCard[]) => void;

export function applyServerEvent(event: ServerEvent, queryClient: QueryClient, celebrate: Celebrate): void {
  switch (event.type) {
    case 'medals-awarded':
      celebrate(event.medals);
      void applyAwardedMedals(queryClient, event.unseenCount);
      return;
    case 'analytics-updated':
      reloadAnalyticsSoon(queryClient);
      return;
    case 'activities-changed':
      void invalidateActivityData(queryClient);
      return;
    case 'strava-sync':
      applySyncProgress(queryClient, event.progress);
      if (event.progress.state === 'done' || event.progress.state === 'failed') {
        // The activity count and last sync time, and every list.
        void queryClient.invalidateQueries({ queryKey: STRAVA_STATUS_QUERY_KEY });
        void invalidateActivityData(queryClient);
      }
      return;
    case 'archive-import':
      applyArchiveProgress(queryClient, event.progress);
      return;
    case 'strava-connection':
      void queryClient.invalidateQueries({ queryKey: STRAVA_STATUS_QUERY_KEY });
      void invalidateActivityData(queryClient);
      return;
    case 'subscription-changed':
      // What it unlocks changed too: readiness and plans ask the server again.
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
      void invalidateActivityData(queryClient);
      return;
  }
}

/** After a reconnection the events of the gap are lost: reload what they would have changed. */
export function refreshAfterReconnect(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: STRAVA_STATUS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
  void invalidateActivityData(queryClient);
}
