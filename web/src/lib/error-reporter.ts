/**
 * The error queue (spec §4, §8, §9): what goes wrong in the browser is reported to Stride's own
 * server (POST /api/errors), never to a third party. Critical errors go at once; the others wait
 * for the next flush, every 30 s, in batches of 10. The last 100 are kept in memory, the same error
 * is reported once in five minutes, and reports the server did not receive wait for the next flush.
 */
import {
  ERROR_BATCH_SIZE,
  ERROR_FLUSH_INTERVAL_MS,
  ERROR_REPORT_LIMITS,
  ERROR_REPORT_MESSAGES,
  ERRORS_KEPT_IN_MEMORY,
  RECENT_ERRORS_WINDOW_MS,
  SLOW_PAGE_LOAD_MS,
  clipReportText,
  errorReportId,
} from '../../../core/error-reports.ts';
import type { ErrorReport } from '../../../core/error-report-schemas.ts';
import { ERROR_TYPES, type ErrorSeverity, type ErrorType } from '../../../core/errors.ts';
import { createBatchQueue, type SendOutcome } from './batch-queue.ts';

export type { SendOutcome } from './batch-queue.ts';

export interface ErrorReporterDeps {
  send(reports: ErrorReport[]): Promise<SendOutcome>;
  now(): number;
  random(): number;
  /** The page's path, without origin or query. */
  path(): string;
  /** Calls `run` every `ms`; returns the function that stops it. */
  every(ms: number, run: () => void): () => void;
}

export interface ErrorInput {
  type: ErrorType;
  severity: ErrorSeverity;
  message: string;
  stack?: string | undefined;
  /** What the runner was doing (a failed action). */
  action?: string | undefined;
}

export interface ErrorReporter {
  /** Queues a report (a critical one is sent at once); the same error within five minutes is skipped. */
  report(input: ErrorInput): ErrorReport | undefined;
  /** Sends the next batch of waiting reports (critical ones first). */
  flush(): Promise<void>;
  /**
   * The page is being left: the next batch goes at once through `beacon` (which only queues it, as
   * a page that is going away cannot wait for an answer); true when it was taken.
   */
  leave(beacon: (reports: ErrorReport[]) => boolean): void;
  /** The reports of the last five minutes, newest last. */
  recent(): ErrorReport[];
  /** How many reports wait to be sent. */
  waiting(): number;
  start(): void;
  stop(): void;
}

export function createErrorReporter(deps: ErrorReporterDeps): ErrorReporter {
  const kept: ErrorReport[] = [];
  const queue = createBatchQueue<ErrorReport>({
    send: (reports) => deps.send(reports),
    batchSize: ERROR_BATCH_SIZE,
    kept: ERRORS_KEPT_IN_MEMORY,
    intervalMs: ERROR_FLUSH_INTERVAL_MS,
    every: (ms, run) => deps.every(ms, run),
  });
  const lastSeen = new Map<string, number>();

  const reporter: ErrorReporter = {
    report(input) {
      const at = deps.now();
      const path = clipReportText(deps.path(), ERROR_REPORT_LIMITS.pathChars);
      const signature = `${input.type}\n${input.message}\n${path}`;
      const seen = lastSeen.get(signature);
      if (seen !== undefined && at - seen < RECENT_ERRORS_WINDOW_MS) {
        return undefined;
      }
      lastSeen.set(signature, at);
      for (const [key, time] of lastSeen) {
        if (at - time >= RECENT_ERRORS_WINDOW_MS) {
          lastSeen.delete(key);
        }
      }
      const message = clipReportText(input.message.trim() || 'Unknown error', ERROR_REPORT_LIMITS.messageChars);
      const report: ErrorReport = {
        id: errorReportId(at, () => deps.random()),
        type: input.type,
        severity: input.severity,
        message,
        ...(input.stack ? { stack: clipReportText(input.stack, ERROR_REPORT_LIMITS.stackChars) } : {}),
        path,
        ...(input.action ? { action: clipReportText(input.action, ERROR_REPORT_LIMITS.actionChars) } : {}),
        occurredAt: new Date(at).toISOString(),
      };
      kept.push(report);
      kept.splice(0, Math.max(0, kept.length - ERRORS_KEPT_IN_MEMORY));
      queue.add(report, { first: input.severity === 'critical' });
      if (input.severity === 'critical') {
        void reporter.flush();
      }
      return report;
    },
    flush: () => queue.flush(),
    leave: (beacon) => queue.leave(beacon),
    recent() {
      const at = deps.now();
      return kept.filter((report) => at - Date.parse(report.occurredAt) < RECENT_ERRORS_WINDOW_MS);
    },
    waiting: () => queue.waiting(),
    start: () => queue.start(),
    stop: () => queue.stop(),
  };
  return reporter;
}

/** An error's report fields: a server's `{ type }` where the error carries one, its text and stack. */
export function describeError(error: unknown): { type: ErrorType; message: string; stack?: string } {
  const details = (error as { details?: { type?: unknown } } | null)?.details;
  const type =
    typeof details?.type === 'string' && (ERROR_TYPES as readonly string[]).includes(details.type)
      ? (details.type as ErrorType)
      : 'unknown_error';
  if (error instanceof Error) {
    return { type, message: error.message || error.name, ...(error.stack ? { stack: error.stack } : {}) };
  }
  return { type, message: typeof error === 'string' ? error : String(error) };
}

/** The page events the global handlers listen to. */
export interface PageEvents {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

/**
 * Spec §8 global handlers: uncaught errors and unhandled rejections (high), going offline ("Network
 * connection lost"), and a page load over 5 s ("Slow page load detected", low). Back online, the
 * reports that waited are sent. Returns the function that removes the handlers.
 */
export function installGlobalHandlers(
  reporter: ErrorReporter,
  page: PageEvents,
  loadDurationMs: () => number | undefined,
): () => void {
  const checkLoad = () => {
    const duration = loadDurationMs();
    if (duration !== undefined && duration > SLOW_PAGE_LOAD_MS) {
      reporter.report({ type: 'system_error', severity: 'low', message: ERROR_REPORT_MESSAGES.slowPageLoad });
    }
  };
  const handlers: Record<string, (event: Event) => void> = {
    error: (event) => {
      const uncaught = event as ErrorEvent;
      const error: unknown = uncaught.error;
      const described = describeError(error ?? uncaught.message);
      reporter.report({ ...described, severity: 'high' });
    },
    unhandledrejection: (event) => {
      const described = describeError((event as PromiseRejectionEvent).reason);
      reporter.report({ ...described, severity: 'high' });
    },
    offline: () => {
      reporter.report({ type: 'network_error', severity: 'medium', message: ERROR_REPORT_MESSAGES.offline });
    },
    online: () => void reporter.flush(),
    // After the load event's own handlers, when the navigation's timing is complete.
    load: () => void Promise.resolve().then(checkLoad),
  };
  // Installed after the page loaded (the app's code loads late): the load is already measured.
  if (loadDurationMs() !== undefined) {
    checkLoad();
  }
  for (const [type, handler] of Object.entries(handlers)) {
    page.addEventListener(type, handler);
  }
  return () => {
    for (const [type, handler] of Object.entries(handlers)) {
      page.removeEventListener(type, handler);
    }
  };
}
