import { describe, expect, it } from 'vitest';
import { ERROR_REPORT_ID_PATTERN, ERROR_REPORT_MESSAGES } from '../../../core/error-reports.ts';
import type { ErrorReport } from '../../../core/error-report-schemas.ts';
import { errorReportBatchSchema } from '../../../core/error-report-schemas.ts';
import {
  createErrorReporter,
  installGlobalHandlers,
  type ErrorInput,
  type PageEvents,
  type SendOutcome,
} from './error-reporter.ts';

const START = Date.parse('2026-11-26T12:00:00.000Z');

/** A reporter on a hand-moved clock, whose sends are recorded and answered by `answer`. */
function harness(answer: (batch: ErrorReport[]) => SendOutcome = () => 'received') {
  let now = START;
  let draws = 0;
  let tick: (() => void) | undefined;
  const sent: ErrorReport[][] = [];
  const reporter = createErrorReporter({
    send: (batch) => {
      sent.push(batch);
      return Promise.resolve(answer(batch));
    },
    now: () => now,
    // A different id for every report (the reporter draws eight characters for each).
    random: () => ((draws += 1) % 37) / 37,
    path: () => '/activities',
    every: (ms, run) => {
      expect(ms).toBe(30_000);
      tick = run;
      return () => {
        tick = undefined;
      };
    },
  });
  return {
    reporter,
    sent,
    advance: (ms: number) => {
      now += ms;
    },
    /** The 30-second timer fires; resolves once its batch is answered (the sends answer at once). */
    tick: async () => {
      tick?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const failure = (index: number, overrides: Partial<ErrorInput> = {}): ErrorInput => ({
  type: 'api_error',
  severity: 'medium',
  message: `Failed to save activity: ${index}`,
  ...overrides,
});

describe('the error queue', () => {
  it('sends a critical error at once, and the others every 30 s in batches of 10', async () => {
    const { reporter, sent, tick } = harness();
    reporter.start();
    for (let index = 0; index < 12; index += 1) {
      reporter.report(failure(index));
    }
    expect(sent).toEqual([]);
    reporter.report(failure(99, { severity: 'critical', type: 'system_error' }));
    // Sent at once, by the reporter's own flush; the other three wait for the timer.
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    await expect.poll(() => reporter.waiting()).toBe(3);
    // The critical one went first, with the first nine others.
    expect(sent[0]?.[0]).toMatchObject({ severity: 'critical', message: 'Failed to save activity: 99' });
    expect(sent[0]).toHaveLength(10);
    await tick();
    expect(sent[1]).toHaveLength(3);
    expect(reporter.waiting()).toBe(0);
    for (const batch of sent) {
      expect(errorReportBatchSchema.safeParse({ reports: batch }).success).toBe(true);
    }
    expect(sent[0]?.[0]?.id).toMatch(ERROR_REPORT_ID_PATTERN);
    expect(sent[0]?.[0]).toMatchObject({ path: '/activities', occurredAt: new Date(START).toISOString() });
  });

  it('keeps the last 100 in memory, the oldest dropped first', () => {
    const { reporter } = harness();
    for (let index = 0; index < 130; index += 1) {
      reporter.report(failure(index));
    }
    expect(reporter.waiting()).toBe(100);
    const recent = reporter.recent();
    expect(recent).toHaveLength(100);
    expect(recent[0]?.message).toBe('Failed to save activity: 30');
  });

  it('reports the same error once in five minutes, and lists only the last five minutes', () => {
    const { reporter, advance } = harness();
    expect(reporter.report(failure(1))).toBeDefined();
    advance(4 * 60_000);
    expect(reporter.report(failure(1))).toBeUndefined();
    expect(reporter.report(failure(2))).toBeDefined();
    advance(60_000);
    expect(reporter.report(failure(1))).toBeDefined();
    expect(reporter.recent().map((report) => report.message)).toEqual([
      'Failed to save activity: 2',
      'Failed to save activity: 1',
    ]);
  });

  it('keeps a batch the server did not take for the next flush, and drops one it refused', async () => {
    let outcome: SendOutcome = 'retry';
    const { reporter, sent, tick } = harness(() => outcome);
    reporter.start();
    reporter.report(failure(1));
    await tick();
    expect(reporter.waiting()).toBe(1);
    outcome = 'received';
    await tick();
    expect(reporter.waiting()).toBe(0);
    expect(sent.map((batch) => batch[0]?.message)).toEqual([
      'Failed to save activity: 1',
      'Failed to save activity: 1',
    ]);
    outcome = 'refused';
    reporter.report(failure(2));
    await tick();
    expect(reporter.waiting()).toBe(0);
    reporter.stop();
    reporter.report(failure(3));
    await tick();
    expect(sent).toHaveLength(3);
  });

  it('hands the next batch to the beacon when the page is left, and keeps it when the beacon refuses', () => {
    const { reporter, sent } = harness();
    for (let index = 0; index < 12; index += 1) {
      reporter.report(failure(index));
    }
    const beaconed: ErrorReport[][] = [];
    reporter.leave(() => false);
    expect(reporter.waiting()).toBe(12);
    reporter.leave((batch) => beaconed.push(batch) > 0);
    expect(beaconed.map((batch) => batch.length)).toEqual([10]);
    expect(reporter.waiting()).toBe(2);
    expect(sent).toEqual([]);
  });

  it('cuts long texts to what the server takes', () => {
    const { reporter } = harness();
    const report = reporter.report(failure(1, { message: 'x'.repeat(5_000), stack: 'y'.repeat(20_000) }));
    expect(report?.message).toHaveLength(1_000);
    expect(report?.stack).toHaveLength(8_000);
    expect(errorReportBatchSchema.safeParse({ reports: [report] }).success).toBe(true);
  });
});

/** A page whose events the test dispatches. */
function fakePage(): PageEvents & { fire(type: string, event?: object): void } {
  const listeners = new Map<string, Set<(event: Event) => void>>();
  return {
    addEventListener: (type, listener) => {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener));
    },
    removeEventListener: (type, listener) => void listeners.get(type)?.delete(listener),
    fire: (type, event = {}) => {
      for (const listener of listeners.get(type) ?? []) {
        listener(event as Event);
      }
    },
  };
}

describe('the global handlers', () => {
  it('report uncaught errors, unhandled rejections, going offline and a slow load, until removed', async () => {
    const { reporter } = harness();
    const page = fakePage();
    let loadMs: number | undefined = undefined;
    const remove = installGlobalHandlers(reporter, page, () => loadMs);

    page.fire('error', { error: new TypeError('undefined is not a function'), message: 'ignored' });
    page.fire('unhandledrejection', {
      reason: Object.assign(new Error('Rate limit exceeded'), { details: { type: 'rate_limit_error' } }),
    });
    page.fire('offline');
    loadMs = 5_001;
    page.fire('load');
    await Promise.resolve();
    expect(reporter.recent().map(({ type, severity, message }) => ({ type, severity, message }))).toEqual([
      { type: 'unknown_error', severity: 'high', message: 'undefined is not a function' },
      { type: 'rate_limit_error', severity: 'high', message: 'Rate limit exceeded' },
      { type: 'network_error', severity: 'medium', message: ERROR_REPORT_MESSAGES.offline },
      { type: 'system_error', severity: 'low', message: ERROR_REPORT_MESSAGES.slowPageLoad },
    ]);
    expect(ERROR_REPORT_MESSAGES).toEqual({
      offline: 'Network connection lost',
      slowPageLoad: 'Slow page load detected',
    });

    remove();
    page.fire('error', { error: new Error('after removal') });
    expect(reporter.recent()).toHaveLength(4);
  });

  it('measure a load that ended before they were installed, and say nothing of a quick one', () => {
    const slow = harness();
    installGlobalHandlers(slow.reporter, fakePage(), () => 6_000);
    expect(slow.reporter.recent().map((report) => report.message)).toEqual([ERROR_REPORT_MESSAGES.slowPageLoad]);
    const quick = harness();
    installGlobalHandlers(quick.reporter, fakePage(), () => 5_000);
    expect(quick.reporter.recent()).toEqual([]);
  });
});
