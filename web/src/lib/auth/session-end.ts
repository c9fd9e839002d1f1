/**
 * The end of a session the runner did not ask for (spec §4 "Signed-in state": a disabled or
 * expired session signs the user out): why it ended, for the sign-in page to say, and a count of
 * such ends, so the shell goes to /login once for each.
 */
import { useSyncExternalStore } from 'react';
import type { SessionEndReason } from '../../../../core/session.ts';
import { ApiError } from '../../api/client.ts';

export interface SessionEnd {
  reason: SessionEndReason;
  /** 1 for the first end since the page loaded, 2 for the next… */
  count: number;
}

let current: SessionEnd | null = null;
let count = 0;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) {
    listener();
  }
};

export function recordSessionEnd(reason: SessionEndReason): void {
  count += 1;
  current = { reason, count };
  notify();
}

/** A new sign-in: the previous end is no longer news. */
export function clearSessionEnd(): void {
  if (current !== null) {
    current = null;
    notify();
  }
}

export function useSessionEnd(): SessionEnd | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

/**
 * What a failed request says of the session: a 403 "user-disabled" is a disabled account; a 401
 * means the session is gone (the session is read again to be sure); anything else, nothing.
 */
export function sessionSignalOf(error: unknown): SessionEndReason | 'check' | null {
  if (!(error instanceof ApiError)) {
    return null;
  }
  if (error.status === 403 && error.details.code === 'user-disabled') {
    return 'disabled';
  }
  return error.status === 401 ? 'check' : null;
}
