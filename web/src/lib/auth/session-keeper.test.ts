import { describe, expect, it } from 'vitest';
import type { SessionEndReason } from '../../../../core/session.ts';
import { keepSession, type RefreshResult } from './session-keeper.ts';

const START = Date.parse('2026-11-26T12:00:00.000Z');
const MINUTE = 60_000;

/** A keeper on a hand-moved clock: `runDue` moves the clock to the next timer and fires it. */
function harness(expiresAtMs: number, answers: RefreshResult[]) {
  let now = START;
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  const refreshes: number[] = [];
  const events: (string | number)[] = [];
  const stop = keepSession(expiresAtMs, {
    now: () => now,
    after: (ms, run) => {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    refresh: () => {
      refreshes.push(now);
      return Promise.resolve(answers.shift() ?? 'network-failure');
    },
    refreshed: (at) => events.push(at),
    ended: (reason: SessionEndReason) => events.push(reason),
  });
  return {
    stop,
    refreshes,
    events,
    /** Fires the next pending timer (moving the clock to it) and lets its refresh be answered. */
    runDue: async () => {
      const next = timers.find((timer) => !timer.cancelled);
      if (!next) {
        return false;
      }
      next.cancelled = true;
      now = next.at;
      next.run();
      await new Promise((resolve) => setImmediate(resolve));
      return true;
    },
  };
}

describe('keepSession', () => {
  it('refreshes five minutes before expiry and hands on the new expiry', async () => {
    const expiresAt = START + 7 * 24 * 60 * MINUTE;
    const keeper = harness(expiresAt, [{ expiresAtMs: expiresAt + 24 * 60 * MINUTE }]);
    expect(keeper.refreshes).toEqual([]);
    await keeper.runDue();
    expect(keeper.refreshes).toEqual([expiresAt - 5 * MINUTE]);
    expect(keeper.events).toEqual([expiresAt + 24 * 60 * MINUTE]);
  });

  it('retries on network failure after 30 s, 60 s, 120 s… until it gets through', async () => {
    const expiresAt = START + 60 * MINUTE;
    const keeper = harness(expiresAt, [
      'network-failure',
      'network-failure',
      'network-failure',
      { expiresAtMs: expiresAt + MINUTE },
    ]);
    for (let index = 0; index < 4; index += 1) {
      await keeper.runDue();
    }
    const first = expiresAt - 5 * MINUTE;
    expect(keeper.refreshes).toEqual([first, first + 30_000, first + 90_000, first + 210_000]);
    expect(keeper.events).toEqual([expiresAt + MINUTE]);
  });

  it('signs out as expired when no refresh got through before the 30 s margin', async () => {
    const expiresAt = START + 60 * MINUTE;
    const keeper = harness(expiresAt, []);
    while (await keeper.runDue()) {
      // every refresh fails
    }
    const first = expiresAt - 5 * MINUTE;
    // 30 s, 60 s, 120 s, then the last wait is cut to the margin (270 s after the first try).
    expect(keeper.refreshes).toEqual([first, first + 30_000, first + 90_000, first + 210_000, first + 270_000]);
    expect(keeper.events).toEqual(['expired']);
  });

  it('ends the session with the reason the refresh found, and stops when told to', async () => {
    const disabled = harness(START + 60 * MINUTE, [{ ended: 'disabled' }]);
    await disabled.runDue();
    expect(disabled.events).toEqual(['disabled']);

    const stopped = harness(START + 60 * MINUTE, []);
    stopped.stop();
    expect(await stopped.runDue()).toBe(false);
    expect(stopped.refreshes).toEqual([]);
  });
});
