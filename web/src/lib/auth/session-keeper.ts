/**
 * Keeps a session alive (spec §4 "Signed-in state", core/session.ts): about five minutes before it
 * expires, the session is read again, which extends it (better-auth extends a session on
 * GET /api/auth/get-session once a day has passed since it was last extended, and a seven-day
 * session five minutes from its end is always past that). A refresh that meets a network failure is
 * tried again after 30 s, doubling up to 960 s; an answer without a session, or no answer before the
 * session counts as expired, ends it.
 */
import { sessionRefreshDelay, sessionRetryDelay, type SessionEndReason } from '../../../../core/session.ts';

/** What a refresh found: the session's new expiry, its end, or no answer (the network failed). */
export type RefreshResult = { expiresAtMs: number } | { ended: SessionEndReason } | 'network-failure';

export interface SessionKeeperDeps {
  now(): number;
  /** Runs `run` once after `ms`; returns the function that cancels it. */
  after(ms: number, run: () => void): () => void;
  refresh(): Promise<RefreshResult>;
  refreshed(expiresAtMs: number): void;
  ended(reason: SessionEndReason): void;
}

/** Keeps the session expiring at `expiresAtMs` alive; returns the function that stops keeping it. */
export function keepSession(expiresAtMs: number, deps: SessionKeeperDeps): () => void {
  let cancel: (() => void) | undefined;
  let stopped = false;
  let failures = 0;

  const attempt = async () => {
    const result = await deps.refresh();
    if (stopped) {
      return;
    }
    if (result === 'network-failure') {
      failures += 1;
      const wait = sessionRetryDelay(failures, expiresAtMs, deps.now());
      if (wait === null) {
        deps.ended('expired');
      } else {
        cancel = deps.after(wait, () => void attempt());
      }
      return;
    }
    if ('ended' in result) {
      deps.ended(result.ended);
      return;
    }
    deps.refreshed(result.expiresAtMs);
  };

  cancel = deps.after(sessionRefreshDelay(expiresAtMs, deps.now()), () => void attempt());
  return () => {
    stopped = true;
    cancel?.();
  };
}
