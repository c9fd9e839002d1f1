/**
 * Spec §7 step (3) against Stride's server, which syncs Strava itself: when the signed-in user's
 * connection last synced (or last failed) longer ago than the provider's 15 minutes and no sync
 * is running, the server is asked once for an incremental sync. Its live events then refresh the
 * list. A failure is only logged: the list the server already has is still shown.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isProviderSyncDue } from '../../../core/strava/data-state.ts';
import { isSyncActive, requestStravaSync, useStravaStatus } from './strava-api.ts';

export function useSyncWhenDue(signedIn: boolean): void {
  const queryClient = useQueryClient();
  const { data: status } = useStravaStatus(signedIn);
  const asked = useRef(false);
  useEffect(() => {
    if (!signedIn) {
      asked.current = false;
      return;
    }
    if (asked.current || status === undefined || !status.connected) {
      return;
    }
    const { sync } = status;
    const failedAt = sync?.state === 'failed' ? sync.finishedAt : null;
    if (!isSyncActive(sync) && isProviderSyncDue(status.lastSyncAt, Date.now(), failedAt)) {
      asked.current = true;
      requestStravaSync(queryClient).catch((error: unknown) => console.warn('Asking for a Strava sync failed', error));
    }
  }, [queryClient, signedIn, status]);
}
