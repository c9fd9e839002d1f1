/**
 * Reloading the runner's analytics record (spec §4/§9), which several features trigger: a shared
 * card, a medal award, a live event. Every analytics key starts with ANALYTICS_QUERY_KEY.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ANALYTICS_RELOAD_DELAY_MS } from '../../../core/medals/api.ts';
import { api, unwrap } from '../api/client.ts';
import { ANALYTICS_QUERY_KEY } from './query-keys.ts';

/** Spec §4/§9: the record is reloaded 1 s after a screenshot, a medal award or a recalculation. */
export function reloadAnalyticsSoon(queryClient: QueryClient): void {
  setTimeout(() => void queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_KEY }), ANALYTICS_RELOAD_DELAY_MS);
}

/** Spec "screenshots": one more shared card. */
export async function countScreenshot(queryClient: QueryClient): Promise<void> {
  await unwrap(api.analytics.screenshots.$post());
  reloadAnalyticsSoon(queryClient);
}
