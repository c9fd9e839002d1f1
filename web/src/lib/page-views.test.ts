import { describe, expect, it } from 'vitest';
import { PAGE_VIEW_BATCH_SIZE, PAGE_VIEW_FLUSH_INTERVAL_MS, PAGE_VIEWS_KEPT } from '../../../core/page-views.ts';
import type { SendOutcome } from './batch-queue.ts';
import { createPageViewTracker } from './page-views.ts';

/** A tracker on a hand-fired timer, whose sends are recorded and answered by `answer`. */
function harness(answer: () => SendOutcome = () => 'received') {
  let timer: (() => void) | undefined;
  let interval: number | undefined;
  const sent: string[][] = [];
  const tracker = createPageViewTracker({
    send: (views) => {
      sent.push(views);
      return Promise.resolve(answer());
    },
    every: (ms, run) => {
      interval = ms;
      timer = run;
      return () => {
        timer = undefined;
      };
    },
  });
  return {
    tracker,
    sent,
    interval: () => interval,
    /** The flush timer fires; resolves once its batch is answered (the sends answer at once). */
    tick: async () => {
      timer?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('the page-view tracker', () => {
  it('queues route changes by route pattern and sends them when the 30 s timer fires, not before', async () => {
    const { tracker, sent, tick, interval } = harness();
    tracker.start();
    expect(interval()).toBe(PAGE_VIEW_FLUSH_INTERVAL_MS);
    tracker.view('/');
    tracker.view('/activities/8f1c2d');
    tracker.view('/activities/77aa');
    tracker.view('/a/b/c');
    tracker.view('/calculators/');
    expect(sent).toEqual([]);
    expect(tracker.waiting()).toBe(4);
    await tick();
    expect(sent).toEqual([['/', '/activities/:id', '/activities/:id', '/calculators']]);
    expect(tracker.waiting()).toBe(0);
    await tick();
    expect(sent).toHaveLength(1);
  });

  it(`sends at most ${PAGE_VIEW_BATCH_SIZE} views a batch, and keeps what the server did not take for the next`, async () => {
    let outcome: SendOutcome = 'retry';
    const { tracker, sent, tick } = harness(() => outcome);
    tracker.start();
    for (let index = 0; index < PAGE_VIEW_BATCH_SIZE + 3; index += 1) {
      tracker.view(index % 2 === 0 ? '/' : '/account');
    }
    await tick();
    expect(sent[0]).toHaveLength(PAGE_VIEW_BATCH_SIZE);
    expect(tracker.waiting()).toBe(PAGE_VIEW_BATCH_SIZE + 3);
    outcome = 'received';
    await tick();
    await tick();
    expect(sent.map((batch) => batch.length)).toEqual([PAGE_VIEW_BATCH_SIZE, PAGE_VIEW_BATCH_SIZE, 3]);
    expect(tracker.waiting()).toBe(0);
  });

  it(`keeps the last ${PAGE_VIEWS_KEPT} views while they wait`, () => {
    const { tracker } = harness();
    for (let index = 0; index < PAGE_VIEWS_KEPT + 10; index += 1) {
      tracker.view('/water');
    }
    expect(tracker.waiting()).toBe(PAGE_VIEWS_KEPT);
  });

  it('sends the next batch by beacon when the page is left, and keeps it when the beacon is not taken', () => {
    const { tracker, sent } = harness();
    tracker.view('/run-planner');
    tracker.view('/someone');
    const beacons: string[][] = [];
    tracker.leave((views) => {
      beacons.push(views);
      return false;
    });
    expect(tracker.waiting()).toBe(2);
    tracker.leave((views) => {
      beacons.push(views);
      return true;
    });
    expect(beacons).toEqual([
      ['/run-planner', '/:username'],
      ['/run-planner', '/:username'],
    ]);
    expect(tracker.waiting()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('flushes on demand and stops its timer', async () => {
    const { tracker, sent, tick } = harness();
    tracker.start();
    tracker.stop();
    tracker.view('/medals');
    await tick();
    expect(sent).toEqual([]);
    await tracker.flush();
    expect(sent).toEqual([['/medals']]);
  });
});
