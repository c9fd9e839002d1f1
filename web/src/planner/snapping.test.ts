import { describe, expect, it } from 'vitest';
import { ROUTE_MESSAGES } from '../../../core/routes/route-api.ts';
import {
  nextRetryIn,
  planSnap,
  recordAnswers,
  snapNotice,
  snapping,
  SNAP_RETRY_MS,
  type Leg,
  type SnapAnswers,
} from './snapping.ts';

const point = (n: number) => ({ lat: 46 + n / 1000, lng: 14 });
const leg = (index: number): Leg => ({ index, from: point(index), to: point(index + 1) });
const path = (l: Leg) => [l.from, { lat: l.from.lat, lng: 14.001 }, l.to];
const none: ReadonlySet<string> = new Set();

describe('snapping bookkeeping', () => {
  it('asks for new legs once, reuses a snapped path, and asks again for a failed leg after the back-off', () => {
    const [a, b] = [leg(0), leg(1)];
    let answers: SnapAnswers = new Map();
    expect(planSnap([a, b], answers, none, 0).ask).toEqual([a, b]);
    answers = recordAnswers(answers, [a, b], { available: true, legs: [{ path: path(a) }, { path: null }] }, 1_000);
    expect(planSnap([b], answers, none, 1_000)).toEqual({ known: [], ask: [] });
    expect(planSnap([a], answers, none, 1_000).known).toEqual([{ ...a, path: path(a) }]);
    expect(nextRetryIn([b], answers, 1_000)).toBe(SNAP_RETRY_MS);
    expect(planSnap([b], answers, none, 1_000 + SNAP_RETRY_MS).ask).toEqual([b]);
    // A second failure (here the request itself) doubles the wait; a leg being asked is not asked twice.
    answers = recordAnswers(answers, [b], null, 10_000);
    expect(nextRetryIn([b], answers, 10_000)).toBe(2 * SNAP_RETRY_MS);
    expect(planSnap([b], answers, new Set(['46.001,14;46.002,14']), 20_000).ask).toEqual([]);
  });

  it('keeps the straight-lines notice while any leg is straight because routing failed', () => {
    const [a, b, c] = [leg(0), leg(1), leg(2)];
    let answers = recordAnswers(new Map(), [a], null, 0);
    expect(snapNotice([a, b], answers)).toBe(ROUTE_MESSAGES.snappingFailed);
    // Another chunk snapping fine does not clear it while leg a is still straight.
    answers = recordAnswers(answers, [b], { available: true, legs: [{ path: path(b) }] }, 1);
    expect(snapNotice([a], answers)).toBe(ROUTE_MESSAGES.snappingFailed);
    // Once leg a is routed on a retry, nothing is straight: no notice.
    answers = recordAnswers(answers, [a], { available: true, legs: [{ path: path(a) }] }, SNAP_RETRY_MS);
    expect(snapNotice([], answers)).toBeNull();
    expect(snapNotice([c], answers)).toBeNull();
  });

  it('without a routing service draws legs straight with its notice and never asks again', () => {
    const a = leg(0);
    const answers = recordAnswers(new Map(), [a], { available: false, legs: [{ path: null }] }, 0);
    expect(snapNotice([a], answers)).toBe(ROUTE_MESSAGES.snappingOff);
    expect(planSnap([a], answers, none, 1e9).ask).toEqual([]);
    expect(nextRetryIn([a], answers, 0)).toBeNull();
  });

  it('holds a save while a new leg waits for its path, not while a failed or unroutable leg stays straight', () => {
    const [a, b] = [leg(0), leg(1)];
    expect(snapping([a], new Map())).toBe(true);
    let answers = recordAnswers(new Map(), [a], { available: true, legs: [{ path: path(a) }] }, 0);
    // Answered but not drawn yet: the leg is still pending in the editor.
    expect(snapping([a], answers)).toBe(true);
    expect(snapping([], answers)).toBe(false);
    answers = recordAnswers(answers, [b], null, 0);
    expect(snapping([b], answers)).toBe(false);
    expect(snapping([b], recordAnswers(new Map(), [b], { available: false, legs: [{ path: null }] }, 0))).toBe(false);
  });
});
