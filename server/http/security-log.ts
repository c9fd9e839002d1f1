/**
 * Security events as aggregated log lines an operator can alert on: failed and throttled sign-ins
 * per account and client address, refused requests (another origin, another host, a body in an
 * encoding the account endpoints do not take) and bursts of 4xx answers per address. Each event is
 * counted, never written one by one (a guessing run would flood the log, and the repeat limit of
 * server/logger.ts would then hide it); once a window of SECURITY_LOG_WINDOW_MS has passed, one
 * line per kind, account and address gives the count. Accounts appear as a keyed hash, never as
 * the e-mail typed.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';

export const SECURITY_LOG_WINDOW_MS = 60_000;
/** The message of every aggregated line (server/logger.ts never limits it). */
export const SECURITY_LOG_MESSAGE = 'security events';
/** Distinct keys counted in one window; past it further events are counted under one overflow key. */
const MAX_KEYS = 10_000;

export type SecurityEventKind = 'sign-in-failed' | 'sign-in-throttled' | 'request-refused' | 'client-error';

export type SecurityEventFields = Record<string, string | number>;

export interface SecurityLog {
  /** Counts one event; writes the previous window's lines first when that window is over. */
  record(kind: SecurityEventKind, fields: SecurityEventFields): void;
  /** Writes the lines of a window that is over (a timer calls it, so a quiet server still reports). */
  flushIfDue(): void;
  /** Writes what is counted now, whatever the window (on stop). */
  flush(): void;
  stop(): void;
}

interface Counted {
  kind: SecurityEventKind | 'overflow';
  fields: SecurityEventFields;
  count: number;
}

export function createSecurityLog(logger: Logger, clock: Pick<Clock, 'now' | 'every'>): SecurityLog {
  const counts = new Map<string, Counted>();
  let windowStart = clock.now();

  const flush = () => {
    const from = new Date(windowStart).toISOString();
    const to = new Date(clock.now()).toISOString();
    for (const { kind, fields, count } of counts.values()) {
      logger.warn({ securityEvent: kind, ...fields, count, from, to }, SECURITY_LOG_MESSAGE);
    }
    counts.clear();
    windowStart = clock.now();
  };
  const flushIfDue = () => {
    if (clock.now() - windowStart >= SECURITY_LOG_WINDOW_MS) {
      flush();
    }
  };
  const stopTimer = clock.every(SECURITY_LOG_WINDOW_MS, flushIfDue);

  return {
    record(kind, fields) {
      flushIfDue();
      let key = `${kind}|${JSON.stringify(fields)}`;
      let entry = counts.get(key);
      if (!entry && counts.size >= MAX_KEYS) {
        key = 'overflow';
        entry = counts.get(key) ?? { kind: 'overflow', fields: {}, count: 0 };
      }
      if (!entry) {
        entry = { kind, fields, count: 0 };
      }
      entry.count += 1;
      counts.set(key, entry);
    },
    flushIfDue,
    flush,
    stop() {
      stopTimer();
      flush();
    },
  };
}
