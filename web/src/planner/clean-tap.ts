/**
 * Which clicks on the planner's map add a point (spec §1 "no accidental points while panning"):
 * only a clean tap — one finger or button, pressed and released within TAP_LIMITS.maxMs, moving
 * at most TAP_LIMITS.maxMovePx, with the map neither panned nor zoomed in between. A drag, a pinch,
 * a long press or the tap that ends a fling adds nothing.
 */
export const TAP_LIMITS = { maxMovePx: 10, maxMs: 600 } as const;

export interface TapTracker {
  /** A pointer went down at (x, y) at `at` ms. */
  down(x: number, y: number, at: number): void;
  /** A pointer went up or was cancelled. */
  up(): void;
  /** The map moved or zoomed: the gesture under way is not a tap. */
  spoil(): void;
  /** Whether a click at (x, y) at `at` ms ends a clean tap; each gesture answers yes at most once. */
  isCleanTap(x: number, y: number, at: number): boolean;
}

export function createTapTracker(limits: { maxMovePx: number; maxMs: number } = TAP_LIMITS): TapTracker {
  let start: { x: number; y: number; at: number } | null = null;
  let spoiled = false;
  let pointers = 0;
  return {
    down(x, y, at) {
      pointers += 1;
      if (pointers === 1) {
        start = { x, y, at };
        spoiled = false;
      } else {
        // A second finger: a pinch, never a tap.
        spoiled = true;
      }
    },
    up() {
      pointers = Math.max(0, pointers - 1);
    },
    spoil() {
      spoiled = true;
    },
    isCleanTap(x, y, at) {
      const gesture = start;
      start = null;
      if (gesture === null || spoiled) {
        return false;
      }
      return Math.hypot(x - gesture.x, y - gesture.y) <= limits.maxMovePx && at - gesture.at <= limits.maxMs;
    },
  };
}
