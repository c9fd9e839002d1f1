/**
 * How the server process answers SIGINT and SIGTERM (a terminal's Ctrl-C, a service manager's or a
 * container runtime's stop): the first signal stops the server (bounded, server/shutdown.ts) and
 * the process exits 0, or 1 when the stop did not end cleanly; a second signal exits at once with
 * 128 + its number (130 for SIGINT, 143 for SIGTERM).
 *
 * A copy of the first signal arriving within {@link SIGNAL_COPY_MS} is the same stop, not a second
 * one: a terminal's Ctrl-C and a service manager's stop of a process group reach `npm start` and
 * the server together, and npm passes its copy on to the server as well.
 */
import { constants } from 'node:os';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** Within this time of the first signal, another is a copy of it. */
export const SIGNAL_COPY_MS = 1_000;

export interface StopOnSignalsOptions {
  stop(): Promise<void>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  clock: Pick<Clock, 'now'>;
  /** The process (tests: an emitter of their own). */
  signals: Pick<NodeJS.Process, 'on'>;
  exit(code: number): void;
}

export function stopOnSignals(options: StopOnSignalsOptions): void {
  const { logger, clock } = options;
  let firstAt: number | undefined;
  const onSignal = (signal: StopSignal) => {
    const now = clock.now();
    if (firstAt === undefined) {
      firstAt = now;
      logger.info({ signal }, 'shutting down');
      options.stop().then(
        () => options.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          options.exit(1);
        },
      );
      return;
    }
    if (now - firstAt < SIGNAL_COPY_MS) {
      return;
    }
    logger.warn({ signal }, 'a second signal: exiting at once');
    options.exit(128 + constants.signals[signal]);
  };
  for (const signal of STOP_SIGNALS) {
    options.signals.on(signal, () => onSignal(signal));
  }
}
