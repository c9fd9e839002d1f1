/**
 * Spec §7 "Internal activity loading" against Stride's server: (1) the Strava connection, (2) the
 * Strava activities (limit 200), (3) a sync — Stride's server syncs in the background, so the step
 * asks it for an incremental sync when the last one is older than the provider's 15 minutes —
 * and (4) the uploaded activities (limit 30; the largest page while a sync runs). Each side's
 * failure counts as an empty list; the two are merged, de-duplicated, newest first.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE_MAX, type ActivitySummary } from '../../../core/activity/schemas.ts';
import { PROVIDER_FETCH_LIMIT, PROVIDER_UPLOADED_LIMIT } from '../../../core/strava/constants.ts';
import { isProviderSyncDue } from '../../../core/strava/data-state.ts';
import { mergeActivities } from '../../../core/strava/normalize.ts';
import { api, unwrap } from '../api/client.ts';
import { fetchStravaStatus, isSyncActive, requestStravaSync, STRAVA_STATUS_QUERY_KEY } from './strava-api.ts';

/** One side of the list (spec §7 merges the two). */
async function fetchSide(source: 'strava' | 'upload', limit: number): Promise<ActivitySummary[]> {
  const query = { limit: String(limit), source };
  const page = await unwrap(api.activities.$get({ query }));
  return page.items;
}

function warn(step: string) {
  return (error: unknown) => {
    console.warn(`Loading activities: ${step} failed`, error);
    return null;
  };
}

export async function loadActivities(
  queryClient: QueryClient,
  now: () => number = Date.now,
): Promise<ActivitySummary[]> {
  // (1) Shares the status the Strava card shows; a failure is "not connected" for the list.
  const status = await queryClient
    .fetchQuery({ queryKey: STRAVA_STATUS_QUERY_KEY, queryFn: fetchStravaStatus })
    .catch(warn('the Strava status'));
  // A connection that ended without a disconnect (Strava refused the token) keeps what it synced: listed while it exists.
  const hasStrava = status !== null && (status.connected || status.activityCount > 0);

  // (3) before (2) and (4), so that the uploaded limit knows whether a sync is running.
  let syncing = isSyncActive(status?.sync);
  const failedAt = status?.sync?.state === 'failed' ? status.sync.finishedAt : null;
  if (status?.connected && !syncing && isProviderSyncDue(status.lastSyncAt, now(), failedAt)) {
    const progress = await requestStravaSync(queryClient).catch(warn('asking for a Strava sync'));
    syncing = isSyncActive(progress);
  }

  const [strava, uploaded] = await Promise.allSettled([
    hasStrava ? fetchSide('strava', PROVIDER_FETCH_LIMIT) : Promise.resolve([]),
    // `upload` is everything not from Strava: uploaded files and the sample runs of spec §4.
    fetchSide('upload', syncing ? ACTIVITY_PAGE_SIZE_MAX : PROVIDER_UPLOADED_LIMIT),
  ]);
  // Spec §7: each failure is an empty list. When nothing could be loaded at all there is no list to
  // show, and an empty one would claim "no activities yet": the load fails (spec §8 shows why).
  if (uploaded.status === 'rejected' && (strava.status === 'rejected' || !hasStrava)) {
    throw uploaded.reason;
  }
  return mergeActivities(
    strava.status === 'fulfilled' ? strava.value : (warn('the Strava activities')(strava.reason) ?? []),
    uploaded.status === 'fulfilled' ? uploaded.value : (warn('the uploaded activities')(uploaded.reason) ?? []),
  );
}
