/**
 * Time as the server's work sees it: injected, so tests can move it and waits can be cut short.
 * Every wait and timer of the server goes through a Clock (ESLint refuses `setTimeout`,
 * `setInterval` and `Date.now` elsewhere in server/), so a test clock decides when each one ends.
 */
export interface Clock {
  now: () => number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Calls `fn` once after `ms`; the returned function cancels it (a no-op once it ran). The timer
   * alone keeps no process running: the work it guards (a socket, a worker thread) does.
   */
  after: (ms: number, fn: () => void) => () => void;
  /** Calls `fn` every `ms` until the returned function is called; keeps no process running either. */
  every: (ms: number, fn: () => void) => () => void;
}

export const REAL_CLOCK: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
  after: (ms, fn) => {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
  every: (ms, fn) => {
    const timer = setInterval(fn, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/**
 * A signal that aborts with a TimeoutError after `ms` by the clock: AbortSignal.timeout on an
 * injected clock (fetch rejects with the same error).
 */
export function timeoutSignal(clock: Clock, ms: number): AbortSignal {
  const controller = new AbortController();
  clock.after(ms, () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')));
  return controller.signal;
}
