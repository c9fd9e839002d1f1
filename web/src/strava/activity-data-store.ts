/**
 * The activity data state of spec §3/§4 held for one browser tab: core's reducer plus what needs
 * time and I/O — one request in flight at a time (a second caller gets the same promise), forced
 * refreshes queued behind it, results of a signed-out user dropped, and the silent background
 * check. React reads it through useSyncExternalStore (ActivityDataProvider); the loading itself
 * is handed in, so this module knows nothing of HTTP.
 */
import {
  activityDataReducer,
  type ActivityDataAction,
  type ActivityDataState,
  type DataActivity,
  type FetchOptions,
  hasCachedActivities,
  initialActivityDataState,
  needsBackgroundRefresh,
  type NetworkStatus,
  planFetch,
} from '../../../core/strava/data-state.ts';

export interface RefreshOptions extends FetchOptions {
  /** Spec §4 background check: no loading flag, and a failure keeps the list and is only logged. */
  silent?: boolean;
}

export type ActivityLoader = () => Promise<DataActivity[]>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class ActivityDataStore {
  #state: ActivityDataState;
  readonly #listeners = new Set<() => void>();
  readonly #load: ActivityLoader;
  readonly #now: () => number;
  #userId: string | null = null;
  /** Bumped on every change of user: a request of the previous user no longer writes the state. */
  #generation = 0;
  #inFlight: Promise<DataActivity[]> | null = null;
  #queued: Promise<DataActivity[]> | null = null;

  constructor(load: ActivityLoader, network: NetworkStatus, now: () => number = Date.now) {
    this.#load = load;
    this.#now = now;
    this.#state = initialActivityDataState(network);
  }

  readonly getState = (): ActivityDataState => this.#state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  dispatch(action: ActivityDataAction): void {
    const next = activityDataReducer(this.#state, action);
    if (next !== this.#state) {
      this.#state = next;
      this.#listeners.forEach((listener) => listener());
    }
  }

  /** Spec §4: a new user starts from an empty state (logout resets; login initialises it empty). */
  setUser(userId: string | null): void {
    if (userId === this.#userId) {
      return;
    }
    this.#userId = userId;
    this.#generation += 1;
    this.#inFlight = null;
    this.#queued = null;
    this.dispatch({ type: 'reset' });
    this.dispatch({ type: userId === null ? 'no-user' : 'login' });
  }

  /** Spec §4 "A fetch …": the list, fetched or reused as core's planFetch decides. */
  readonly refresh = ({ force = false, silent = false }: RefreshOptions = {}): Promise<DataActivity[]> => {
    if (this.#userId === null) {
      this.dispatch({ type: 'no-user' });
      return Promise.resolve([]);
    }
    const inFlight = this.#inFlight;
    switch (planFetch(this.#state, { force, inFlight: inFlight !== null, now: this.#now() })) {
      case 'mock':
        this.dispatch({ type: 'use-mock', at: this.#now() });
        return Promise.resolve(this.#state.activities);
      case 'cached':
      case 'current':
        return Promise.resolve(this.#state.activities);
      case 'join':
        return inFlight ?? this.#start(silent);
      case 'queue':
        return this.#enqueue(inFlight, silent);
      case 'fetch':
        return this.#start(silent);
    }
  };

  /** Spec §4: run by a timer every 10 minutes. */
  backgroundCheck(): void {
    if (this.#userId !== null && needsBackgroundRefresh(this.#state, this.#now())) {
      this.refresh({ force: true, silent: true }).catch(() => undefined);
    }
  }

  /** One forced fetch after the current one, however many callers ask for it meanwhile. */
  #enqueue(current: Promise<DataActivity[]> | null, silent: boolean): Promise<DataActivity[]> {
    if (this.#queued === null) {
      const generation = this.#generation;
      const queued = (current ?? Promise.resolve([]))
        .catch(() => undefined)
        .then(() => {
          if (generation !== this.#generation) {
            return this.#state.activities;
          }
          this.#queued = null;
          return this.#start(silent);
        });
      this.#queued = queued;
    }
    return this.#queued;
  }

  #start(silent: boolean): Promise<DataActivity[]> {
    const generation = this.#generation;
    const current = () => generation === this.#generation;
    if (!silent) {
      this.dispatch({ type: 'fetch-start' });
    }
    const request = this.#load().then(
      (activities) => {
        if (current()) {
          this.dispatch({ type: 'fetch-success', activities, at: this.#now() });
        }
        return activities;
      },
      (error: unknown) => {
        if (!current()) {
          return [];
        }
        if (silent) {
          console.warn('Refreshing the activities in the background failed', error);
          return this.#state.activities;
        }
        // Spec §8: with a cached list, the cached list is returned; without, the error is rethrown.
        const cached = hasCachedActivities(this.#state);
        this.dispatch({ type: 'fetch-error', message: messageOf(error) });
        if (cached) {
          return this.#state.activities;
        }
        throw error;
      },
    );
    this.#inFlight = request;
    const settle = () => {
      if (this.#inFlight === request) {
        this.#inFlight = null;
      }
    };
    request.then(settle, settle);
    return request;
  }
}
