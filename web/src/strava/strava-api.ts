/**
 * The Strava API of Stride's server as TanStack Query hooks and plain calls: the
 * connection status (which also carries the running sync's progress), connect, the OAuth code
 * exchange, disconnect, sync now, and the user's own Strava app. Every key starts with
 * STRAVA_QUERY_KEY; the live events keep the status fresh (LiveUpdates).
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  OPEN_SYNC_STATES,
  type ExchangeBody,
  type OwnAppBody,
  type StravaStatus,
  type SyncProgress,
} from '../../../core/strava/api.ts';
import { STRAVA_MESSAGES } from '../../../core/strava/messages.ts';
import { api, unwrap } from '../api/client.ts';
import { invalidateActivityData, STRAVA_STATUS_QUERY_KEY } from '../lib/query-keys.ts';

/** A sync that has not finished yet (queued, fetching pages, or paused for Strava's rate limit). */
export function isSyncActive(progress: SyncProgress | null | undefined): progress is SyncProgress {
  return (
    progress !== null && progress !== undefined && (OPEN_SYNC_STATES as readonly string[]).includes(progress.state)
  );
}

export function fetchStravaStatus(): Promise<StravaStatus> {
  return unwrap(api.strava.status.$get());
}

export function useStravaStatus(enabled = true) {
  return useQuery({ queryKey: STRAVA_STATUS_QUERY_KEY, queryFn: fetchStravaStatus, enabled });
}

/** The status after a change the server answered with it. */
function setStatus(queryClient: QueryClient, status: StravaStatus): void {
  queryClient.setQueryData<StravaStatus>(STRAVA_STATUS_QUERY_KEY, status);
}

/**
 * A sync moved on (the `strava-sync` event, or the answer to "Sync now"): the progress bar follows
 * at once. A finished sync also moves the last sync time; the activity count comes with the next
 * status, fetched when the sync ends.
 */
export function applySyncProgress(queryClient: QueryClient, progress: SyncProgress): void {
  queryClient.setQueryData<StravaStatus>(STRAVA_STATUS_QUERY_KEY, (status) =>
    status
      ? {
          ...status,
          sync: progress,
          lastSyncAt: progress.state === 'done' ? (progress.finishedAt ?? status.lastSyncAt) : status.lastSyncAt,
        }
      : status,
  );
}

/** "Connect Strava": the server issues a single-use state and the browser goes to Strava's authorise page. */
export function useConnectStrava() {
  return useMutation({
    mutationFn: async () => {
      const { authorizeUrl } = await unwrap(api.strava.connect.$post({ json: {} }));
      window.location.assign(authorizeUrl);
      // The page is leaving: stay pending so the button keeps its spinner until it has gone.
      await new Promise<never>(() => undefined);
    },
  });
}

/** The callback's one exchange of Strava's code (or error) for a connection; the server queues the first sync. */
export function exchangeStravaCode(body: ExchangeBody): Promise<StravaStatus> {
  return unwrap(api.strava.exchange.$post({ json: body }));
}

/** A failed disconnect shows spec §8's text, whatever the server said. */
export function useDisconnectStrava() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        return await unwrap(api.strava.connection.$delete());
      } catch (error) {
        throw new Error(STRAVA_MESSAGES.disconnectFailed, { cause: error });
      }
    },
    onSuccess: async (status) => {
      setStatus(queryClient, status);
      await invalidateActivityData(queryClient);
    },
  });
}

/** Asks the server for a sync (incremental unless `full`); the answer moves the progress bar at once. */
export async function requestStravaSync(
  queryClient: QueryClient,
  options: { full?: boolean } = {},
): Promise<SyncProgress> {
  const progress = await unwrap(api.strava.sync.$post({ json: options }));
  applySyncProgress(queryClient, progress);
  return progress;
}

export function useSyncStrava() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (options: { full?: boolean } = {}) => requestStravaSync(queryClient, options) });
}

export function useSaveOwnStravaApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (app: OwnAppBody): Promise<StravaStatus> => unwrap(api.strava.app.$put({ json: app })),
    onSuccess: (status) => setStatus(queryClient, status),
  });
}

export function useRemoveOwnStravaApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<StravaStatus> => unwrap(api.strava.app.$delete()),
    onSuccess: (status) => setStatus(queryClient, status),
  });
}
