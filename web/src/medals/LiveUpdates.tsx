/**
 * What runs once for a signed-in user wherever they are in the app (mounted by the sidebar layout):
 * - the analytics session of spec §4 "Analytics initialisation", once per tab;
 * - the medal check of spec §4, 2 s after the session is known and the user has activities;
 * - the server's live events: medals awarded (celebrated), analytics updated (reloaded
 *   1 s later, spec §4) and activities changed (lists refreshed); and Strava's: a sync's
 *   progress moves the progress bar and its end refreshes the lists, a connection changed
 *   elsewhere reloads the status.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import type { ActivityPage } from '../../../core/activity/schemas.ts';
import { STREAM_SUPERSEDED_EVENT } from '../../../core/events.ts';
import { MEDAL_CHECK_DELAY_MS, medalCardSchema, type MedalCard } from '../../../core/medals/api.ts';
import { syncProgressSchema } from '../../../core/strava/api.ts';
import { api, unwrap } from '../api/client.ts';
import { ACTIVITIES_QUERY_KEY, invalidateActivities } from '../activities/activities-api.ts';
import { ANALYTICS_QUERY_KEY, reloadAnalyticsSoon, startAnalyticsSession } from '../analytics/analytics-api.ts';
import { applySyncProgress, STRAVA_STATUS_QUERY_KEY } from '../strava/strava-api.ts';
import { applyAwardedMedals, checkMedals, MEDALS_QUERY_KEY } from './medals-api.ts';
import { MedalCelebration } from './MedalCelebration.tsx';

const EVENTS_PATH = '/api/events';
/** EventSource retries by itself after a dropped connection, but not after a refused one. */
const EVENTS_REOPEN_MS = 15_000;
const SESSION_STORAGE_PREFIX = 'stride.analytics-session.';

const medalsAwardedSchema = z.object({ medals: z.array(medalCardSchema), unseenCount: z.number().int() });
const stravaSyncSchema = z.object({ progress: syncProgressSchema });

/** An event's JSON checked against its schema; a malformed one is logged and dropped. */
function parseEvent<T>(event: MessageEvent<string>, schema: z.ZodType<T>): T | undefined {
  let parsed: z.ZodSafeParseResult<T>;
  try {
    parsed = schema.safeParse(JSON.parse(event.data));
  } catch {
    console.warn(`Unreadable ${event.type} event`, event.data);
    return undefined;
  }
  if (!parsed.success) {
    console.warn(`Unexpected ${event.type} event`, parsed.error);
    return undefined;
  }
  return parsed.data;
}

/** Users whose medals were checked in this app load (spec §4: once, after activities exist). */
const checkedUsers = new Set<string>();

/**
 * One session per tab: a reload in the same tab is not a new session, so the mark lives in
 * sessionStorage. It is set before the call so React's double effects in development send one.
 */
function useAnalyticsSession(userId: string, queryClient: QueryClient) {
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

/** Does the user have any activity? The same query as the newest-activity list of one. */
function useHasActivities(): boolean {
  const query = { limit: 1 } as const;
  const { data } = useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, 'list', query],
    queryFn: (): Promise<ActivityPage> => unwrap(api.activities.$get({ query: { limit: String(query.limit) } })),
  });
  return (data?.total ?? 0) > 0;
}

function useMedalCheck(userId: string, queryClient: QueryClient, celebrate: (medals: MedalCard[]) => void) {
  const hasActivities = useHasActivities();
  useEffect(() => {
    if (!hasActivities || checkedUsers.has(userId)) {
      return undefined;
    }
    const timer = setTimeout(() => {
      checkedUsers.add(userId);
      checkMedals()
        .then(async (result) => {
          celebrate(result.awarded);
          await applyAwardedMedals(queryClient, result.unseenCount);
          if (result.awarded.length > 0) {
            reloadAnalyticsSoon(queryClient);
          }
        })
        // Spec §8: a failed medal check is only logged.
        .catch((error: unknown) => console.warn('The medal check failed', error));
    }, MEDAL_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, hasActivities, queryClient, celebrate]);
}

function useServerEvents(userId: string, queryClient: QueryClient, celebrate: (medals: MedalCard[]) => void) {
  useEffect(() => {
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let connectedBefore = false;
    const open = () => {
      source = new EventSource(EVENTS_PATH);
      // The server says "ready" on every connection; after a reconnection, events of the gap are lost.
      source.addEventListener('ready', () => {
        if (connectedBefore) {
          void queryClient.invalidateQueries({ queryKey: MEDALS_QUERY_KEY });
          void queryClient.invalidateQueries({ queryKey: STRAVA_STATUS_QUERY_KEY });
          void invalidateActivities(queryClient);
        }
        connectedBefore = true;
      });
      source.addEventListener('medals-awarded', (event: MessageEvent<string>) => {
        const awarded = parseEvent(event, medalsAwardedSchema);
        if (awarded) {
          celebrate(awarded.medals);
          void applyAwardedMedals(queryClient, awarded.unseenCount);
        }
      });
      source.addEventListener('analytics-updated', () => reloadAnalyticsSoon(queryClient));
      source.addEventListener('activities-changed', () => {
        void invalidateActivities(queryClient);
        // The calendar of running days and the medals' hints follow the activities.
        void queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: MEDALS_QUERY_KEY });
      });
      source.addEventListener('strava-sync', (event: MessageEvent<string>) => {
        const sync = parseEvent(event, stravaSyncSchema);
        if (!sync) {
          return;
        }
        applySyncProgress(queryClient, sync.progress);
        if (sync.progress.state === 'done' || sync.progress.state === 'failed') {
          // The activity count and last sync time, and every list (the data provider follows them).
          void queryClient.invalidateQueries({ queryKey: STRAVA_STATUS_QUERY_KEY });
          void invalidateActivities(queryClient);
        }
      });
      source.addEventListener('strava-connection', () => {
        void queryClient.invalidateQueries({ queryKey: STRAVA_STATUS_QUERY_KEY });
        void invalidateActivities(queryClient);
      });
      // The same runner opened more streams elsewhere than the server keeps: this one was the
      // oldest. Stay closed until the tab is shown again, so two tabs never take turns forever.
      source.addEventListener(STREAM_SUPERSEDED_EVENT, () => {
        source?.close();
        superseded = true;
      });
      source.addEventListener('error', () => {
        if (source?.readyState === EventSource.CLOSED && !superseded) {
          reopen = setTimeout(open, EVENTS_REOPEN_MS);
        }
      });
    };
    let superseded = false;
    const reopenWhenShown = () => {
      if (superseded && document.visibilityState === 'visible') {
        superseded = false;
        open();
      }
    };
    document.addEventListener('visibilitychange', reopenWhenShown);
    open();
    return () => {
      document.removeEventListener('visibilitychange', reopenWhenShown);
      clearTimeout(reopen);
      source?.close();
    };
  }, [userId, queryClient, celebrate]);
}

/** Awards already celebrated: the check's answer and the event about the same award come both. */
function awardKey(medal: MedalCard): string {
  return `${medal.medalId}|${medal.earnedAt ?? ''}|${medal.value ?? ''}`;
}

export function LiveUpdates({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const celebrated = useRef(new Set<string>());
  const [celebration, setCelebration] = useState<{ medals: MedalCard[]; open: boolean }>({ medals: [], open: false });

  const celebrate = useCallback((medals: MedalCard[]) => {
    const fresh = medals.filter((medal) => !celebrated.current.has(awardKey(medal)));
    if (fresh.length === 0) {
      return;
    }
    for (const medal of fresh) {
      celebrated.current.add(awardKey(medal));
    }
    // Medals arriving while the toast shows join it; otherwise they start a new one.
    setCelebration((current) => ({ open: true, medals: current.open ? [...current.medals, ...fresh] : fresh }));
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
