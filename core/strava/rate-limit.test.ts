import { describe, expect, it } from 'vitest';
import {
  allowedInWindow,
  backoffDelay,
  blockUntil,
  EMPTY_RATE_LIMIT_STATE,
  isRetryableFailure,
  nextSlot,
  type RateLimitConfig,
  type RateLimitState,
  rateLimitWait,
  retryDelay,
  STRAVA_RATE_LIMIT,
} from './rate-limit.ts';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const MINUTE = 60_000;

/** Ask for `count` slots, each at the moment the previous one may go; returns the send times. */
function run(count: number, config: RateLimitConfig = STRAVA_RATE_LIMIT, start = T0) {
  let state: RateLimitState = EMPTY_RATE_LIMIT_STATE;
  let now = start;
  const sentAt: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const slot = nextSlot(state, now, config);
    state = slot.state;
    now += slot.waitMs;
    sentAt.push(now);
  }
  return { sentAt, state, now };
}

describe('nextSlot with an interactive reserve', () => {
  /** Background requests back to back, each when the limiter lets it go. */
  function background(count: number) {
    let state: RateLimitState = EMPTY_RATE_LIMIT_STATE;
    let now = T0;
    const sentAt: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const slot = nextSlot(state, now, STRAVA_RATE_LIMIT, 'background');
      state = slot.state;
      now += slot.waitMs;
      sentAt.push(now);
    }
    return { state, now, sentAt };
  }

  it('keeps 20 of the 100 for interactive requests', () => {
    expect(STRAVA_RATE_LIMIT.maxRequests - (STRAVA_RATE_LIMIT.reserved ?? 0)).toBe(80);
  });

  it('holds the 81st background request until the first leaves the window', () => {
    const { sentAt } = background(81);
    expect(sentAt[79]).toBe(T0 + 79 * 2000);
    expect(sentAt[80]).toBe(T0 + 15 * MINUTE);
  });

  it('lets an interactive request through at once (after the spacing) when background has used its share', () => {
    const { state, sentAt } = background(80);
    const after = (sentAt.at(-1) ?? T0) + 2000;
    expect(nextSlot(state, after, STRAVA_RATE_LIMIT, 'interactive').waitMs).toBe(0);
    expect(nextSlot(state, after, STRAVA_RATE_LIMIT, 'background').waitMs).toBe(T0 + 15 * MINUTE - after);
  });

  it('gives interactive requests the reserve and no more', () => {
    let { state, now } = background(80);
    const waits: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      const slot = nextSlot(state, now, STRAVA_RATE_LIMIT, 'interactive');
      state = slot.state;
      now += slot.waitMs;
      waits.push(slot.waitMs);
    }
    expect(waits.slice(1, 20).every((wait) => wait === 2000)).toBe(true);
    expect(now).toBe(T0 + 15 * MINUTE);
  });

  it('lets an interactive request go before a background one booked ahead, keeping the spacing', () => {
    const { state, now } = background(80);
    const queued = nextSlot(state, now + 2000, STRAVA_RATE_LIMIT, 'background');
    expect(queued.waitMs).toBe(T0 + 15 * MINUTE - (now + 2000));
    const opened = nextSlot(queued.state, now + 2000, STRAVA_RATE_LIMIT, 'interactive');
    expect(opened.waitMs).toBe(0);
    const nearTheBooked = nextSlot(opened.state, T0 + 15 * MINUTE - 1000, STRAVA_RATE_LIMIT, 'interactive');
    expect(nearTheBooked.waitMs).toBe(3000);
  });

  it('never lets background use the reserve, even when interactive requests left it unused', () => {
    const { state, now } = background(80);
    const slot = nextSlot(state, now + 10 * MINUTE, STRAVA_RATE_LIMIT, 'background');
    expect(slot.waitMs).toBe(T0 + 15 * MINUTE - (now + 10 * MINUTE));
  });
});

describe('nextSlot with deferred work (webhook follow-ups, back-fills)', () => {
  function book(count: number, priority: 'background' | 'deferred', from: RateLimitState = EMPTY_RATE_LIMIT_STATE) {
    let state = from;
    let now = T0;
    const sentAt: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const slot = nextSlot(state, now, STRAVA_RATE_LIMIT, priority);
      state = slot.state;
      now += slot.waitMs;
      sentAt.push(now);
    }
    return { state, now, sentAt };
  }

  it('takes at most 50 of a window, the 51st waiting for the first to leave it', () => {
    expect(allowedInWindow(STRAVA_RATE_LIMIT, 'deferred')).toBe(50);
    const { sentAt } = book(51, 'deferred');
    expect(sentAt[49]).toBe(T0 + 49 * 2000);
    expect(sentAt[50]).toBe(T0 + 15 * MINUTE);
  });

  it("leaves a runner's sync 30 pages and a connect 20 more after 50 webhook follow-ups", () => {
    const { state, now } = book(50, 'deferred');
    let syncState = state;
    let at = now + 2000;
    for (let page = 0; page < 30; page += 1) {
      const slot = nextSlot(syncState, at, STRAVA_RATE_LIMIT, 'background');
      expect(slot.waitMs).toBe(0);
      syncState = slot.state;
      at += 2000;
    }
    expect(nextSlot(syncState, at, STRAVA_RATE_LIMIT, 'background').waitMs).toBeGreaterThan(10 * MINUTE);
    expect(nextSlot(syncState, at, STRAVA_RATE_LIMIT, 'interactive').waitMs).toBe(0);
  });

  it('gets nothing while syncs have used 50 or more of the window', () => {
    const { state, now } = book(50, 'background');
    expect(nextSlot(state, now + 2000, STRAVA_RATE_LIMIT, 'deferred').waitMs).toBe(T0 + 15 * MINUTE - (now + 2000));
    expect(nextSlot(state, now + 2000, STRAVA_RATE_LIMIT, 'background').waitMs).toBe(0);
  });
});

describe('nextSlot', () => {
  it('lets the first request go at once', () => {
    expect(nextSlot(EMPTY_RATE_LIMIT_STATE, T0).waitMs).toBe(0);
  });

  it.each([
    [1900, 100],
    [1999, 1],
    [2000, 0],
    [2100, 0],
  ])('keeps 2 s between requests: %d ms after the last waits %d ms', (after, wait) => {
    const first = nextSlot(EMPTY_RATE_LIMIT_STATE, T0);
    expect(nextSlot(first.state, T0 + after).waitMs).toBe(wait);
  });

  it('queues concurrent callers 2 s apart', () => {
    let state = EMPTY_RATE_LIMIT_STATE;
    const waits = [0, 1, 2, 3].map(() => {
      const slot = nextSlot(state, T0);
      state = slot.state;
      return slot.waitMs;
    });
    expect(waits).toEqual([0, 2000, 4000, 6000]);
  });

  it('sends 100 requests 2 s apart, then holds the 101st until 15 min after the first', () => {
    const { sentAt } = run(102);
    expect(sentAt[99]).toBe(T0 + 198_000);
    expect(sentAt[100]).toBe(T0 + 15 * MINUTE);
    expect(sentAt[101]).toBe(T0 + 15 * MINUTE + 2000);
  });

  it('with spacing off, bursts 100 and holds the 101st exactly one window', () => {
    const config = { ...STRAVA_RATE_LIMIT, minSpacingMs: 0 };
    const { sentAt, state } = run(100, config);
    expect(new Set(sentAt)).toEqual(new Set([T0]));
    expect(nextSlot(state, T0 + 15 * MINUTE - 1, config).waitMs).toBe(1);
    expect(nextSlot(state, T0 + 15 * MINUTE, config).waitMs).toBe(0);
    expect(nextSlot(state, T0, config).waitMs).toBe(15 * MINUTE);
  });

  it('never has more than 100 requests in any 15-minute window', () => {
    const { sentAt } = run(350, { ...STRAVA_RATE_LIMIT, minSpacingMs: 0 });
    for (const [index, at] of sentAt.entries()) {
      const inWindow = sentAt.filter((other) => other > at - 15 * MINUTE && other <= at);
      expect(inWindow.length, `request ${index}`).toBeLessThanOrEqual(100);
    }
  });

  it('forgets slots that left the window, so the state stays small', () => {
    const { state } = run(100);
    const later = nextSlot(state, T0 + 60 * MINUTE);
    expect(later.waitMs).toBe(0);
    expect(later.state.slots).toEqual([T0 + 60 * MINUTE]);
  });

  it('holds everyone until a 429 block ends, and never shortens it', () => {
    const blocked = blockUntil(EMPTY_RATE_LIMIT_STATE, T0 + MINUTE);
    expect(nextSlot(blocked, T0).waitMs).toBe(MINUTE);
    expect(blockUntil(blocked, T0 + 1000).blockedUntil).toBe(T0 + MINUTE);
    expect(nextSlot(blocked, T0 + 2 * MINUTE).waitMs).toBe(0);
  });

  it('does not change the state it was given', () => {
    const state = nextSlot(EMPTY_RATE_LIMIT_STATE, T0).state;
    const copy = structuredClone(state);
    nextSlot(state, T0 + 10);
    expect(state).toEqual(copy);
    expect(EMPTY_RATE_LIMIT_STATE.slots).toEqual([]);
  });

  it('has the spec numbers by default', () => {
    expect(STRAVA_RATE_LIMIT).toEqual({
      maxRequests: 100,
      windowMs: 900_000,
      minSpacingMs: 2000,
      reserved: 20,
      syncReserved: 30,
    });
  });
});

describe('backoffDelay and retryDelay', () => {
  it('doubles from 2 s and caps at 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(backoffDelay)).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('retries other requests 3 times: 2 s, 4 s, 8 s, then stops', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelay(attempt, 'request'))).toEqual([2000, 4000, 8000, null]);
  });

  it('retries a token refresh 3 times, 5 s apart, then stops', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelay(attempt, 'refresh'))).toEqual([5000, 5000, 5000, null]);
  });

  it.each([0, -1, 1.5, Number.NaN])('has no retry numbered %d', (attempt) => {
    expect(retryDelay(attempt, 'request')).toBeNull();
    expect(retryDelay(attempt, 'refresh')).toBeNull();
  });

  it.each([
    [500, true],
    [502, true],
    [599, true],
    [499, false],
    [429, false],
    [400, false],
    [401, false],
    [600, false],
    ['timeout', true],
    ['network', true],
  ] as const)('%s retryable: %s', (failure, expected) => {
    expect(isRetryableFailure(failure)).toBe(expected);
  });
});

describe('rateLimitWait', () => {
  const nowSeconds = T0 / 1000;

  it('waits until X-RateLimit-Reset (epoch seconds)', () => {
    expect(rateLimitWait({ 'X-RateLimit-Reset': String(nowSeconds + 42) }, T0)).toBe(42_000);
  });

  it('reads header names in any case, from a record or a Headers-like object', () => {
    expect(rateLimitWait({ 'x-ratelimit-reset': String(nowSeconds + 3) }, T0)).toBe(3000);
    const headers = new Map([['retry-after', '7']]);
    expect(rateLimitWait({ get: (name: string) => headers.get(name.toLowerCase()) ?? null }, T0)).toBe(7000);
    expect(rateLimitWait({ 'Retry-After': ['9', '1'] }, T0)).toBe(9000);
  });

  it('waits Retry-After seconds, preferring it over X-RateLimit-Reset', () => {
    expect(rateLimitWait({ 'Retry-After': '30' }, T0)).toBe(30_000);
    expect(rateLimitWait({ 'Retry-After': '1.5' }, T0)).toBe(1500);
    expect(rateLimitWait({ 'Retry-After': '30', 'X-RateLimit-Reset': String(nowSeconds + 90) }, T0)).toBe(30_000);
  });

  it('accepts Retry-After as an HTTP date', () => {
    expect(rateLimitWait({ 'Retry-After': new Date(T0 + 20_000).toUTCString() }, T0)).toBe(20_000);
  });

  it('waits 60 s without a usable header', () => {
    expect(rateLimitWait({}, T0)).toBe(60_000);
    expect(rateLimitWait({ 'Retry-After': '' }, T0)).toBe(60_000);
    expect(rateLimitWait({ 'Retry-After': 'soon' }, T0)).toBe(60_000);
    expect(rateLimitWait({ 'X-RateLimit-Reset': 'never' }, T0)).toBe(60_000);
    expect(rateLimitWait({ 'X-RateLimit-Reset': '-5' }, T0)).toBe(60_000);
    expect(rateLimitWait({ get: () => null }, T0)).toBe(60_000);
  });

  it('falls back to X-RateLimit-Reset when Retry-After is unusable', () => {
    expect(rateLimitWait({ 'Retry-After': 'soon', 'X-RateLimit-Reset': String(nowSeconds + 5) }, T0)).toBe(5000);
  });

  it('waits 0 for a reset already past and at most one window', () => {
    expect(rateLimitWait({ 'X-RateLimit-Reset': String(nowSeconds - 10) }, T0)).toBe(0);
    expect(rateLimitWait({ 'X-RateLimit-Reset': String(T0 + 5000) }, T0)).toBe(15 * MINUTE);
    expect(rateLimitWait({ 'Retry-After': '3600' }, T0)).toBe(15 * MINUTE);
  });
});
