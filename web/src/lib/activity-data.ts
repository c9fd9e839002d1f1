/**
 * The app-wide activity data (spec §3/§4/§7) as screens read it: the server's recent list, its
 * status and the filters. The app shell's ActivityDataProvider fills it; a screen only reads it.
 */
import { createContext, useContext } from 'react';
import {
  ACTIVITY_DATA_OUTSIDE_PROVIDER,
  type ActivityDataFilters,
  type ActivityDataStatus,
  type ActivityFilterKey,
  type DataActivity,
} from '../../../core/strava/data-state.ts';

export interface ActivityData {
  /** The server's list, newest first (the spec's recent size). */
  activities: DataActivity[];
  status: ActivityDataStatus;
  filters: ActivityDataFilters;
  /** Asks the server again now (the "Try again" of a failed load). */
  refresh: () => void;
  setFilter: (filter: ActivityFilterKey, value: string | null) => void;
  clearFilters: (filter?: ActivityFilterKey) => void;
}

export const ActivityDataContext = createContext<ActivityData | null>(null);

/** Spec §8: outside its provider the hook throws. */
export function useActivityData(): ActivityData {
  const value = useContext(ActivityDataContext);
  if (value === null) {
    throw new Error(ACTIVITY_DATA_OUTSIDE_PROVIDER);
  }
  return value;
}
