/**
 * A server's stop, bounded: its steps run in order (stop accepting and finish requests, stop the
 * workers and the job queue, close the database), each one's failure logged without holding up the
 * next, and the whole stop ends within {@link SHUTDOWN_BOUND_MS} of the clock whatever is still
 * pending (a worker that does not stop, a query that never answers): past the bound it logs the
 * steps left unfinished and returns, so the process can exit.
 */
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';

/** The most a stop takes before the process exits anyway (a service manager's stop timeout must be longer). */
export const SHUTDOWN_BOUND_MS = 10_000;
/** How long requests in flight (uploads too) may take to finish before their connections are closed. */
export const SHUTDOWN_GRACE_MS = 5_000;

/** Logged, with the steps left, when the bound passed before the stop had ended. */
export const SHUTDOWN_BOUND_PASSED = 'the shutdown bound passed: stopping with work left unfinished';

export interface ShutdownStep {
  /** What the log names when this step failed or was left unfinished. */
  name: string;
  run(): Promise<void> | void;
}

export class ShutdownIncompleteError extends Error {
  constructor(readonly left: readonly string[]) {
    super(`the shutdown ended with ${left.join(', ')} unfinished`);
    this.name = 'ShutdownIncompleteError';
  }
}

/**
 * Runs the steps in order within the bound. Rejects with {@link ShutdownIncompleteError} when a step
 * failed or the bound passed first (the steps left then go on in the background).
 */
export async function runShutdown(steps: readonly ShutdownStep[], clock: Clock, logger: Logger): Promise<void> {
  const left = new Set(steps.map((step) => step.name));
  const failed: string[] = [];
  const all = (async () => {
    for (const step of steps) {
      try {
        await step.run();
      } catch (error) {
        failed.push(step.name);
        logger.error({ err: error, step: step.name }, 'a shutdown step failed');
      }
      left.delete(step.name);
    }
  })();
  const bound = new AbortController();
  const finished = await Promise.race([
    all.then(() => true),
    clock.sleep(SHUTDOWN_BOUND_MS, bound.signal).then(
      () => false,
      () => true,
    ),
  ]);
  bound.abort();
  if (!finished) {
    logger.warn({ left: [...left], boundMs: SHUTDOWN_BOUND_MS }, SHUTDOWN_BOUND_PASSED);
    throw new ShutdownIncompleteError([...left]);
  }
  if (failed.length > 0) {
    throw new ShutdownIncompleteError(failed);
  }
}
