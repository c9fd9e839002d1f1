/**
 * The browser's side of the error queue (lib/error-reporter.ts): reports go to POST /api/errors on
 * this server, the global handlers are installed once, and the next batch waiting goes by beacon
 * when the page is left.
 */
import { MutationCache } from '@tanstack/react-query';
import type { ErrorReport } from '../../../core/error-report-schemas.ts';
import { everyInterval, postBatch } from '../lib/batch-post.ts';
import { createErrorReporter, describeError, installGlobalHandlers } from '../lib/error-reporter.ts';

const ENDPOINT = '/api/errors';

export const errorReporter = createErrorReporter({
  send: (reports: ErrorReport[]) => postBatch(ENDPOINT, { reports }),
  now: () => Date.now(),
  random: () => Math.random(),
  path: () => window.location.pathname,
  every: everyInterval,
});

function navigationDurationMs(): number | undefined {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry && entry.loadEventEnd > 0 ? entry.loadEventEnd - entry.startTime : undefined;
}

export function startErrorReporting(): void {
  errorReporter.start();
  installGlobalHandlers(errorReporter, window, navigationDurationMs);
  // A page being left cannot wait for an answer: the browser sends the beacon after it has gone.
  window.addEventListener('pagehide', () =>
    errorReporter.leave((reports) =>
      navigator.sendBeacon(ENDPOINT, new Blob([JSON.stringify({ reports })], { type: 'application/json' })),
    ),
  );
}

/** Failed actions (spec §8): every failed mutation is reported, with what the runner was doing. */
export const reportingMutationCache = new MutationCache({
  onError: (error, _variables, _context, mutation) => {
    const described = describeError(error);
    const status = (error as { status?: unknown }).status;
    const byRunner = typeof status === 'number' && status >= 400 && status < 500;
    const action = mutation.options.meta?.action ?? mutation.options.mutationKey?.join(' ');
    errorReporter.report({
      ...described,
      type: described.type === 'unknown_error' ? 'user_action_error' : described.type,
      // A refusal the runner can fix (a wrong password, a bad field) matters less than a failure.
      severity: byRunner ? 'low' : 'medium',
      action: typeof action === 'string' ? action : undefined,
    });
  },
});
