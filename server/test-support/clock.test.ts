/**
 * The test clocks decide when the server's waits and timers end: moving the clock runs what it
 * passes, in order, and a clock with sleeps of scale 0 moves itself on over each sleep.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock, scaledClock } from './clock.ts';

const START = Date.UTC(2026, 10, 28, 12, 0, 0);
const HOUR_MS = 60 * 60 * 1000;

describe('fixedClock', () => {
  it('runs a timer when the clock is ticked to it, in order, and never one that was cancelled', () => {
    const clock = fixedClock(START);
    const ran: string[] = [];
    clock.after(HOUR_MS, () => ran.push('hour'));
    clock.after(1000, () => ran.push('second'));
    const cancel = clock.after(500, () => ran.push('cancelled'));
    cancel();

    clock.tick(999);
    expect(ran).toEqual([]);
    clock.tick(1);
    expect(ran).toEqual(['second']);
    clock.tick(HOUR_MS - 1000);
    expect(ran).toEqual(['second', 'hour']);
  });

  it('runs no timer when the test only sets or advances the date', () => {
    const clock = fixedClock(START);
    const ran: string[] = [];
    clock.after(1000, () => ran.push('second'));
    clock.every(60_000, () => ran.push('minute'));

    clock.set(START + 7 * 24 * HOUR_MS);
    clock.advance(HOUR_MS);
    expect(ran).toEqual([]);
    clock.tick(0);
    expect(ran).toEqual(['second', 'minute']);
  });

  it('runs a periodic timer once for a jump over several periods, then every period from there', () => {
    const clock = fixedClock(START);
    const at: number[] = [];
    const stop = clock.every(60_000, () => at.push(clock.now() - START));

    clock.tick(10 * 60_000);
    clock.tick(59_999);
    clock.tick(1);
    stop();
    clock.tick(60_000);

    expect(at).toEqual([10 * 60_000, 11 * 60_000]);
  });

  it('ends a sleep when the clock passes its end, and rejects it when its signal aborts first', async () => {
    const clock = fixedClock(START);
    const slept = clock.sleep(15 * 60_000);
    clock.tick(15 * 60_000);
    await expect(slept).resolves.toBeUndefined();

    const controller = new AbortController();
    const aborted = clock.sleep(HOUR_MS, controller.signal);
    controller.abort(new Error('stopping'));
    await expect(aborted).rejects.toThrow('stopping');
  });
});

describe('scaledClock with scale 0', () => {
  it('moves itself on to the end of each sleep, running the timers it passes', async () => {
    const clock = scaledClock(0, 0);
    const before = clock.now();
    let polled = false;
    clock.after(15_000, () => {
      polled = true;
    });

    await clock.sleep(15 * 60_000);

    expect(clock.now() - before).toBeGreaterThanOrEqual(15 * 60_000);
    expect(polled).toBe(true);
  });
});
