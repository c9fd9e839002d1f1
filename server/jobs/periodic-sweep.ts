/**
 * A sweep on the job queue every `intervalMs`: each server asks for the current slot's sweep job
 * (one waiting job per slot, however many servers ask), and one of them runs it. Asking goes at
 * background priority; a failed ask is logged and the next slot asks again.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { runInBackground } from '../db/query-priority.ts';
import type { JobQueue } from './job-queue.ts';

export interface PeriodicSweepOptions {
  /** The sweep's queue. */
  name: string;
  intervalMs: number;
  /** How long one sweep may hold its job. */
  expireInSeconds: number;
  /** What the log says when an ask could not be queued. */
  notQueued: string;
  sweep(): Promise<unknown>;
}

export function createPeriodicSweep(
  context: { jobs: JobQueue; clock: Clock; logger: Logger },
  options: PeriodicSweepOptions,
) {
  const { jobs, clock, logger } = context;
  const { name, intervalMs } = options;
  let stopTimer: (() => void) | undefined;
  jobs.define<{ slot: number }>({
    name,
    policy: 'short',
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: options.expireInSeconds,
    handler: async () => {
      await options.sweep();
      return undefined;
    },
  });

  /** Asks for this slot's sweep. */
  async function request(): Promise<void> {
    const slot = Math.floor(clock.now() / intervalMs);
    await jobs.send(name, { slot }, { singletonKey: String(slot) });
  }

  return {
    request,
    /** After the job queue started: asks now and every `intervalMs`, until stop(). */
    start(): void {
      if (stopTimer) {
        return;
      }
      const ask = () =>
        runInBackground(request).catch((error: unknown) => logger.warn({ err: error }, options.notQueued));
      void ask();
      stopTimer = clock.every(intervalMs, () => void ask());
    },
    stop(): void {
      stopTimer?.();
      stopTimer = undefined;
    },
  };
}
