/** Clocks for tests that decide what time it is for the server, and when its waits and timers end. */
import { REAL_CLOCK, type Clock } from '../clock.ts';

export interface MovableClock extends Clock {
  /** Puts the clock at `ms` (epoch milliseconds); the waits and timers due by then run. */
  set(ms: number): void;
  /** Moves the clock on by `ms`; the waits and timers due by then run. */
  advance(ms: number): void;
}

interface Timer {
  due: number;
  fire: () => void;
}

/**
 * The waits and timers of a test clock. Each is due `ms` after it was set, by the clock's time: it
 * runs when the test moves the clock to it (set, advance), or else after `realMs(ms)` of the
 * machine's time, so a wait the test does not step still ends as it would on REAL_CLOCK. A
 * periodic timer the clock jumps several periods past runs once and goes on from the new time,
 * as setInterval does after a busy event loop.
 */
function clockTimers(
  now: () => number,
  realMs: (ms: number) => number,
  reached: (due: number) => void = () => undefined,
) {
  const timers = new Set<Timer>();

  const after = (ms: number, fn: () => void): (() => void) => {
    let cancelReal: () => void = () => undefined;
    const timer: Timer = {
      due: now() + ms,
      fire: () => {
        if (timers.delete(timer)) {
          cancelReal();
          fn();
        }
      },
    };
    timers.add(timer);
    cancelReal = REAL_CLOCK.after(realMs(ms), () => {
      if (timers.has(timer)) {
        reached(timer.due);
        timer.fire();
      }
    });
    return () => {
      if (timers.delete(timer)) {
        cancelReal();
      }
    };
  };

  const every = (ms: number, fn: () => void): (() => void) => {
    let stopped = false;
    let cancel: () => void = () => undefined;
    const schedule = () => {
      cancel = after(ms, () => {
        if (!stopped) {
          schedule();
          fn();
        }
      });
    };
    schedule();
    return () => {
      stopped = true;
      cancel();
    };
  };

  const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const onAbort = () => {
        cancel();
        reject(signal?.reason as Error);
      };
      const cancel = after(ms, () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  /** Runs every wait and timer due by the clock's time now, earliest first. */
  const runDue = () => {
    const at = now();
    const due = [...timers].filter((timer) => timer.due <= at).sort((a, b) => a.due - b.due);
    for (const timer of due) {
      timer.fire();
    }
  };

  return { after, every, sleep, runDue };
}

/**
 * A clock that stands at `ms` until the test moves it. Moving it runs the waits and timers it
 * passes; one the test does not step still ends after its time has passed on the machine (the time
 * the clock tells does not pass with it), so a sleep that was asked for still ends.
 */
export function fixedClock(ms: number): MovableClock {
  let now = ms;
  const timers = clockTimers(
    () => now,
    (waitMs) => waitMs,
  );
  return {
    now: () => now,
    sleep: timers.sleep,
    after: timers.after,
    every: timers.every,
    set: (next) => {
      now = next;
      timers.runDue();
    },
    advance: (by) => {
      now += by;
      timers.runDue();
    },
  };
}

/**
 * A clock that runs with the machine's time, `offset` ms ahead of it; the test can move it on, which
 * runs the waits and timers due by then.
 */
export function shiftedClock(offset = 0): Clock & { advance(ms: number): void } {
  return scaledClock(offset, 1);
}

/**
 * A clock that runs with the machine's time, `offset` ms ahead of it, whose sleeps that the test
 * does not step take `scale` times their time on the machine. Timers (after, every) keep their
 * time: moving the clock on is what cuts them short. With `scale` 0 a sleep takes no time on the
 * machine and moves the clock on to its end instead (the timers it passes run), so the server's
 * waits (a rate limiter's queue) pass in order without the test waiting for them.
 */
export function scaledClock(offset: number, scale: number): Clock & { advance(ms: number): void } {
  let shift = offset;
  const now = () => Date.now() + shift;
  const advance = (by: number) => {
    shift += by;
    timers.runDue();
    shortSleeps.runDue();
  };
  const timers = clockTimers(now, (waitMs) => waitMs);
  const shortSleeps = clockTimers(
    now,
    (waitMs) => waitMs * scale,
    (due) => {
      if (scale === 0 && due > now()) {
        advance(due - now());
      }
    },
  );
  return { now, sleep: shortSleeps.sleep, after: timers.after, every: timers.every, advance };
}
