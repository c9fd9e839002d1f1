import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { SIGNAL_COPY_MS, stopOnSignals } from './stop-signals.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A process stand-in: signals are emitted by the test, the stop settles when the test says. */
function harness() {
  const signals = new EventEmitter();
  const exits: number[] = [];
  let now = 1_000_000;
  let stops = 0;
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  stopOnSignals({
    stop: () => {
      stops += 1;
      return new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
      });
    },
    logger: quiet,
    clock: { now: () => now },
    signals: signals as unknown as Pick<NodeJS.Process, 'on'>,
    exit: (code) => exits.push(code),
  });
  return {
    exits,
    stops: () => stops,
    signal: (name: 'SIGINT' | 'SIGTERM') => signals.emit(name),
    advance: (ms: number) => {
      now += ms;
    },
    settle: () => settle!,
  };
}

describe('stopOnSignals', () => {
  it('stops on the first signal and exits 0 once the stop has ended', async () => {
    const process = harness();
    process.signal('SIGTERM');
    expect(process.stops()).toBe(1);
    expect(process.exits).toEqual([]);
    process.settle().resolve();
    await expect.poll(() => process.exits).toEqual([0]);
  });

  it('exits 1 when the stop did not end cleanly', async () => {
    const process = harness();
    process.signal('SIGINT');
    process.settle().reject(new Error('the job queue did not stop'));
    await expect.poll(() => process.exits).toEqual([1]);
  });

  it("takes a copy of the first signal within a second as the same stop (npm's forwarded copy)", () => {
    const process = harness();
    process.signal('SIGINT');
    process.advance(SIGNAL_COPY_MS - 1);
    process.signal('SIGINT');
    process.signal('SIGTERM');
    expect(process.stops()).toBe(1);
    expect(process.exits).toEqual([]);
  });

  it('exits at once with 128 + the signal number on a second signal', () => {
    const terminated = harness();
    terminated.signal('SIGTERM');
    terminated.advance(SIGNAL_COPY_MS);
    terminated.signal('SIGTERM');
    expect(terminated.exits).toEqual([143]);

    const interrupted = harness();
    interrupted.signal('SIGTERM');
    interrupted.advance(5_000);
    interrupted.signal('SIGINT');
    expect(interrupted.exits).toEqual([130]);
    expect(interrupted.stops()).toBe(1);
  });
});
