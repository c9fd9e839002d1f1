/**
 * The Run Planner's page timer (spec §4 "Page timer"): time on the page while the tab is visible,
 * sent when the reader leaves the page, and by beacon when the tab is hidden or closed, since a
 * closing page cannot wait for a request. The server rounds to minutes and adds only when above 0.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { beaconPlanningTime, sendPlanningTime } from './analytics-api.ts';

/** Less than this is a page passed through (or React's double mount in development): not sent. */
const MIN_SEND_MS = 1000;

export function usePlanningTimer(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) {
      return undefined;
    }
    let visibleSince: number | null = document.visibilityState === 'visible' ? performance.now() : null;
    /** Takes the visible time not yet sent. */
    const take = (): number => {
      const now = performance.now();
      const elapsed = visibleSince === null ? 0 : now - visibleSince;
      visibleSince = visibleSince === null ? null : now;
      return elapsed;
    };
    const sendByBeacon = () => {
      const elapsed = take();
      visibleSince = null;
      if (elapsed >= MIN_SEND_MS) {
        beaconPlanningTime(elapsed);
      }
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') {
        sendByBeacon();
      } else {
        visibleSince = performance.now();
      }
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    // Closing the tab hides it first; pagehide covers the browsers and cases where it does not.
    window.addEventListener('pagehide', sendByBeacon);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', sendByBeacon);
      const elapsed = take();
      if (elapsed >= MIN_SEND_MS) {
        sendPlanningTime(queryClient, elapsed).catch((error: unknown) =>
          console.warn('Sending the planning time failed', error),
        );
      }
    };
  }, [enabled, queryClient]);
}
