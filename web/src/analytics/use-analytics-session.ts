/**
 * Spec §4 "Analytics initialisation", once per tab: a reload in the same tab is not a new
 * session, so the mark lives in sessionStorage. It is set before the call so React's double
 * effects in development send one.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startAnalyticsSession } from './analytics-api.ts';

const SESSION_STORAGE_PREFIX = 'stride.analytics-session.';

export function useAnalyticsSession(userId: string, queryClient: QueryClient): void {
  useEffect(() => {
    const key = `${SESSION_STORAGE_PREFIX}${userId}`;
    if (sessionStorage.getItem(key) !== null) {
      return;
    }
    sessionStorage.setItem(key, new Date().toISOString());
    startAnalyticsSession(queryClient).catch((error: unknown) => {
      sessionStorage.removeItem(key);
      console.warn('Starting the analytics session failed', error);
    });
  }, [userId, queryClient]);
}
