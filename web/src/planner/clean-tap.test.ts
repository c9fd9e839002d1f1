import { describe, expect, it } from 'vitest';
import { createTapTracker, TAP_LIMITS } from './clean-tap.ts';

describe('createTapTracker', () => {
  it('takes a quick press and release in place as a tap, once', () => {
    const tracker = createTapTracker();
    tracker.down(100, 100, 0);
    tracker.up();
    expect(tracker.isCleanTap(103, 98, 120)).toBe(true);
    expect(tracker.isCleanTap(103, 98, 130)).toBe(false);
  });

  it('refuses a drag, a long press, a pan or zoom in between, and a pinch', () => {
    const tracker = createTapTracker();
    tracker.down(100, 100, 0);
    tracker.up();
    expect(tracker.isCleanTap(100 + TAP_LIMITS.maxMovePx + 1, 100, 50)).toBe(false);

    tracker.down(100, 100, 1_000);
    tracker.up();
    expect(tracker.isCleanTap(100, 100, 1_000 + TAP_LIMITS.maxMs + 1)).toBe(false);

    tracker.down(100, 100, 2_000);
    tracker.spoil();
    tracker.up();
    expect(tracker.isCleanTap(100, 100, 2_050)).toBe(false);

    tracker.down(100, 100, 3_000);
    tracker.down(200, 200, 3_010);
    tracker.up();
    tracker.up();
    expect(tracker.isCleanTap(100, 100, 3_050)).toBe(false);

    // The next clean tap counts again.
    tracker.down(50, 50, 4_000);
    tracker.up();
    expect(tracker.isCleanTap(50, 50, 4_050)).toBe(true);
  });

  it('refuses a click without a press it saw', () => {
    expect(createTapTracker().isCleanTap(0, 0, 0)).toBe(false);
  });
});
