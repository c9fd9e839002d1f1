/**
 * What runs once for a signed-in user wherever they are in the app (mounted by the sidebar layout):
 * the analytics session of spec §4 once per tab, the medal check of spec §4, and the server's live
 * events (core/events.ts); new medals from either are celebrated once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { MedalCard } from '../../../core/medals/api.ts';
import { useAnalyticsSession } from '../analytics/use-analytics-session.ts';
import { useServerEvents } from './use-server-events.ts';
import { addToCelebration, NO_CELEBRATION, takeFreshAwards } from '../medals/award-celebration.ts';
import { MedalCelebration } from '../medals/MedalCelebration.tsx';
import { useMedalCheck } from '../medals/use-medal-check.ts';

export function LiveUpdates({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const celebrated = useRef(new Set<string>());
  const [celebration, setCelebration] = useState(NO_CELEBRATION);

  const celebrate = useCallback((medals: MedalCard[]) => {
    const fresh = takeFreshAwards(celebrated.current, medals);
    setCelebration((current) => addToCelebration(current, fresh));
  }, []);

  useAnalyticsSession(userId, queryClient);
  useMedalCheck(userId, queryClient, celebrate);
  useServerEvents(userId, queryClient, celebrate);

  return (
    <MedalCelebration
      medals={celebration.medals}
      open={celebration.open}
      onClose={() => setCelebration((current) => ({ ...current, open: false }))}
    />
  );
}
