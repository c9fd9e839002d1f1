/** Clocks for tests that decide what time it is for the server. */
import { REAL_CLOCK, type Clock } from '../clock.ts';

export interface MovableClock extends Clock {
  /** Puts the clock at `ms` (epoch milliseconds). */
  set(ms: number): void;
  /** Moves the clock on by `ms`. */
  advance(ms: number): void;
}

/**
 * A clock that stands at `ms` until the test moves it. Its waits are real (the time it tells does
 * not pass with them), so a sleep that was asked for still ends.
 */
export function fixedClock(ms: number): MovableClock {
  let now = ms;
  return {
    now: () => now,
    sleep: (waitMs, signal) => REAL_CLOCK.sleep(waitMs, signal),
    set: (next) => {
      now = next;
    },
    advance: (by) => {
      now += by;
    },
  };
}

/** A clock that runs with the machine's time, `offset` ms ahead of it; the test can move it on. */
export function shiftedClock(offset = 0): Clock & { advance(ms: number): void } {
  let shift = offset;
  return {
    now: () => Date.now() + shift,
    sleep: (waitMs, signal) => REAL_CLOCK.sleep(waitMs, signal),
    advance: (by) => {
      shift += by;
    },
  };
}
