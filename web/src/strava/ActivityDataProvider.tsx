/**
 * The activity data provider of spec §3/§4/§7: the merged list of Strava and uploaded activities
 * with its status (loading, initialised, last error, last sync, network) and filters, for every
 * screen inside the sidebar layout. Mounted once by the layout with the signed-in user's id, so a
 * logout resets it (spec §4). Screens ask for data with `refresh()` (reused while fresh); the
 * provider refreshes by itself when anything invalidates the activities (an upload, a rename, the
 * live events of a sync), every 10 minutes in the background, and when the browser comes back
 * online after a failure.
 */
import { matchQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { BACKGROUND_CHECK_INTERVAL_MS } from '../../../core/strava/constants.ts';
import {
  ACTIVITY_DATA_OUTSIDE_PROVIDER,
  type ActivityDataFilters,
  type ActivityDataStatus,
  type ActivityFilterKey,
  type DataActivity,
  networkStatus,
  visibleActivities,
} from '../../../core/strava/data-state.ts';
import { ACTIVITIES_QUERY_KEY } from '../activities/activities-api.ts';
import { ActivityDataStore, type RefreshOptions } from './activity-data-store.ts';
import { loadActivities } from './load-activities.ts';

export interface ActivityData {
  /** The merged list, newest first. */
  activities: DataActivity[];
  /** The list as the filters show it. */
  visible: DataActivity[];
  status: ActivityDataStatus;
  filters: ActivityDataFilters;
  /** Spec §4: fetched or reused; rejects only when the fetch fails and nothing is cached (spec §8). */
  refresh: (options?: RefreshOptions) => Promise<DataActivity[]>;
  setFilter: (filter: ActivityFilterKey, value: string | null) => void;
  clearFilters: (filter?: ActivityFilterKey) => void;
}

const ActivityDataContext = createContext<ActivityData | null>(null);

/** navigator.connection (Network Information API) is not in every browser, nor in TypeScript's DOM types. */
interface NetworkInformation extends EventTarget {
  effectiveType?: string;
}

function connection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

function currentNetwork() {
  return networkStatus({ online: navigator.onLine, effectiveType: connection()?.effectiveType });
}

/** Spec §4: online by default, updated on online, offline and connection-change events. */
function useNetworkStatus(store: ActivityDataStore) {
  useEffect(() => {
    const update = () => {
      const wasOffline = store.getState().status.network === 'offline';
      store.dispatch({ type: 'network', network: currentNetwork() });
      const { status } = store.getState();
      // Back online after a failed fetch: try again rather than leave the error up.
      if (wasOffline && status.network !== 'offline' && status.lastError !== null) {
        store.refresh({ force: true }).catch(() => undefined);
      }
    };
    update();
    const info = connection();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    info?.addEventListener('change', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      info?.removeEventListener('change', update);
    };
  }, [store]);
}

/**
 * Every change to the activities ends in an invalidation of ACTIVITIES_QUERY_KEY (uploads,
 * renames, deletions, sample runs, and the live events of imports and syncs). Once loaded, the
 * provider follows them with one silent forced refresh per burst.
 */
function useRefreshOnInvalidation(store: ActivityDataStore) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type !== 'updated' ||
        event.action.type !== 'invalidate' ||
        !matchQuery({ queryKey: ACTIVITIES_QUERY_KEY }, event.query)
      ) {
        return;
      }
      const { status } = store.getState();
      if (status.lastSync === null && status.lastError === null) {
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => {
        store.refresh({ force: true, silent: true }).catch(() => undefined);
      }, 0);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [queryClient, store]);
}

export function ActivityDataProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [store] = useState(() => new ActivityDataStore(() => loadActivities(queryClient), currentNetwork()));
  const state = useSyncExternalStore(store.subscribe, store.getState);

  // A layout effect: it runs before the screens' effects ask for data, so they ask as this user.
  useLayoutEffect(() => store.setUser(userId), [store, userId]);
  useEffect(() => {
    const timer = setInterval(() => store.backgroundCheck(), BACKGROUND_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [store]);
  useNetworkStatus(store);
  useRefreshOnInvalidation(store);

  const value = useMemo<ActivityData>(
    () => ({
      activities: state.activities,
      visible: visibleActivities(state),
      status: state.status,
      filters: state.filters,
      refresh: store.refresh,
      setFilter: (filter, value) => store.dispatch({ type: 'set-filter', filter, value }),
      clearFilters: (filter) =>
        store.dispatch(filter === undefined ? { type: 'clear-filters' } : { type: 'clear-filters', filter }),
    }),
    [state, store],
  );
  return <ActivityDataContext.Provider value={value}>{children}</ActivityDataContext.Provider>;
}

/** Spec §8: outside its provider the hook throws. */
export function useActivityData(): ActivityData {
  const value = useContext(ActivityDataContext);
  if (value === null) {
    throw new Error(ACTIVITY_DATA_OUTSIDE_PROVIDER);
  }
  return value;
}

/** The data, asked for when the screen mounts (reused while fresh); a failure is in `status.lastError`. */
export function useLoadedActivityData(): ActivityData {
  const data = useActivityData();
  const { refresh } = data;
  useEffect(() => {
    refresh().catch(() => undefined);
  }, [refresh]);
  return data;
}
