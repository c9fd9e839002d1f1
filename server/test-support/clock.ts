/** Clocks for tests that decide what time it is for the server, and when its waits and timers end. */
import { REAL_CLOCK, type Clock } from '../clock.ts';

/**
 * A clock the test moves. `set` and `advance` change the time the server reads (another day, a
 * later hour) and run no timer, as a date changed by hand; `tick` lets time pass for the server's
 * waits and timers too: those due by then run, earliest first.
 */
export interface MovableClock extends SteppingClock {
  /** Puts the clock at `ms` (epoch milliseconds). */
  set(ms: number): void;
}

export interface SteppingClock extends Clock {
  /** Moves the clock on by `ms`. */
  advance(ms: number): void;
  /** Moves the clock on by `ms` and runs the waits and timers due by then. */
  tick(ms: number): void;
}

interface Timer {
  due: number;
  fire: () => void;
}

/**
 * The waits and timers of a test clock. Each is due `ms` after it was set, by the clock's time: it
 * runs when the test ticks the clock to it, or else after `realMs(ms)` of the
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
 * A clock that stands at `ms` until the test moves it. Ticking it runs the waits and timers it
 * passes; one the test does not tick past still ends after its time has passed on the machine (the
 * time the clock tells does not pass with it), so a sleep that was asked for still ends.
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
    },
    advance: (by) => {
      now += by;
    },
    tick: (by) => {
      now += by;
      timers.runDue();
    },
  };
}

/** A clock that runs with the machine's time, `offset` ms ahead of it; the test can move it on. */
export function shiftedClock(offset = 0): SteppingClock {
  return scaledClock(offset, 1);
}

/**
 * A clock that runs with the machine's time, `offset` ms ahead of it, whose sleeps that the test
 * does not step take `scale` times their time on the machine. Timers (after, every) keep their
 * time: moving the clock on is what cuts them short. With `scale` 0 a sleep takes no time on the
 * machine and moves the clock on to its end instead (the timers it passes run), so the server's
 * waits (a rate limiter's queue) pass in order without the test waiting for them.
 */
export function scaledClock(offset: number, scale: number): SteppingClock {
  let shift = offset;
  const now = () => Date.now() + shift;
  const advance = (by: number) => {
    shift += by;
  };
  const tick = (by: number) => {
    advance(by);
    timers.runDue();
    shortSleeps.runDue();
  };
  const timers = clockTimers(now, (waitMs) => waitMs);
  const shortSleeps = clockTimers(
    now,
    (waitMs) => waitMs * scale,
    (due) => {
      if (scale === 0 && due > now()) {
        tick(due - now());
      }
    },
  );
  return { now, sleep: shortSleeps.sleep, after: timers.after, every: timers.every, advance, tick };
}
