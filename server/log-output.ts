/**
 * Where a server process writes its log lines: standard output, written so that a reader that stops
 * reading (a full pipe: a supervisor or a script that waits for the process to end before it reads
 * what it printed) can never keep the server from ending. pino's own standard output writes in the
 * background too, but at exit it writes what is still waiting synchronously, retrying for as long as
 * the pipe is full: the process had stopped, closed its port and called exit, and then never ended,
 * with no signal but SIGKILL handled again.
 *
 * Lines a full pipe cannot take wait in memory up to {@link LOG_BUFFER_MAX_BYTES}, past which new
 * lines are dropped. A pipe is written through a non-blocking descriptor of its own, so no write
 * holds a thread that the process's exit would wait for. On exit the lines still waiting get at most
 * {@link LOG_DRAIN_MS} to be read; then they are dropped and the output closed.
 */
import { constants, fstatSync, openSync } from 'node:fs';
import pino from 'pino';
import type { Clock } from './clock.ts';

export const LOG_BUFFER_MAX_BYTES = 4 * 1024 * 1024;
export const LOG_DRAIN_MS = 1_000;

export type LogOutput = ReturnType<typeof pino.destination>;

/** Standard output as a non-blocking log destination. */
export function openLogOutput(): LogOutput {
  let fd = 1;
  if (fstatSync(1).isFIFO()) {
    try {
      // The same pipe under a descriptor of this process's own, non-blocking (Linux).
      fd = openSync('/proc/self/fd/1', constants.O_WRONLY | constants.O_NONBLOCK);
    } catch {
      // No /proc: standard output as it is.
    }
  }
  return pino.destination({ dest: fd, sync: false, maxLength: LOG_BUFFER_MAX_BYTES });
}

/**
 * Ends the process with `code` once the lines still waiting are written, or after `waitMs` at most:
 * the rest is dropped and the output closed first, so nothing flushes it again at exit, waiting for
 * a pipe nobody reads.
 */
export async function exitWhenLogged(
  output: LogOutput,
  clock: Clock,
  code: number,
  waitMs = LOG_DRAIN_MS,
): Promise<void> {
  if (waitMs > 0) {
    const closed = new Promise<void>((resolve) => output.once('close', () => resolve()));
    const bound = new AbortController();
    output.end();
    await Promise.race([closed, clock.sleep(waitMs, bound.signal).catch(() => undefined)]);
    bound.abort();
  }
  output.destroy();
  process.exit(code);
}
