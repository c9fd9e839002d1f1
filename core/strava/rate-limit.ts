/**
 * The Strava client's pacing (spec §8 "Fitness service", §9 rate limit and retries) as pure state:
 * one limiter state per server, shared by every request to Strava. The caller keeps the state,
 * asks nextSlot before each request, stores the returned state, waits waitMs and then sends.
 */
import {
  RATE_LIMIT_FALLBACK_WAIT_MS,
  RATE_LIMIT_INTERACTIVE_RESERVE,
  RATE_LIMIT_MAX_REQUESTS,
  RATE_LIMIT_MIN_SPACING_MS,
  RATE_LIMIT_SYNC_RESERVE,
  RATE_LIMIT_WINDOW_MS,
  REQUEST_BACKOFF_BASE_MS,
  REQUEST_BACKOFF_CAP_MS,
  REQUEST_MAX_RETRIES,
  TOKEN_REFRESH_MAX_RETRIES,
  TOKEN_REFRESH_RETRY_DELAY_MS,
} from './constants.ts';

export interface RateLimitConfig {
  maxRequests: number;
  windowMs: number;
  /** At least this long between two requests; tests and benches shorten it. */
  minSpacingMs: number;
  /** Slots of each window only interactive requests may use (background stops at maxRequests - reserved). */
  reserved?: number;
  /** Further slots deferred requests may not use (they stop at maxRequests - reserved - syncReserved). */
  syncReserved?: number;
}

export const STRAVA_RATE_LIMIT: RateLimitConfig = {
  maxRequests: RATE_LIMIT_MAX_REQUESTS,
  windowMs: RATE_LIMIT_WINDOW_MS,
  minSpacingMs: RATE_LIMIT_MIN_SPACING_MS,
  reserved: RATE_LIMIT_INTERACTIVE_RESERVE,
  syncReserved: RATE_LIMIT_SYNC_RESERVE,
};

/**
 * Who waits for a request: 'interactive' (an opened activity, the OAuth exchange, a disconnect —
 * someone is looking at a spinner) may use the whole window; 'background' (a runner's own sync
 * pages) only the part left after the interactive reserve; 'deferred' (webhook follow-ups,
 * back-fills: work nobody asked for just now) only what is left after the sync's reserve too.
 */
export type RequestPriority = 'interactive' | 'background' | 'deferred';

/** How many requests of a window a priority may take (counting every priority's slots). */
export function allowedInWindow(config: RateLimitConfig, priority: RequestPriority): number {
  const interactiveReserve = config.reserved ?? 0;
  if (priority === 'interactive') {
    return config.maxRequests;
  }
  if (priority === 'background') {
    return config.maxRequests - interactiveReserve;
  }
  return Math.max(1, config.maxRequests - interactiveReserve - (config.syncReserved ?? 0));
}

export interface RateLimitState {
  /** Start times (epoch ms, ascending) of the slots booked that still count in a window (some may lie ahead). */
  readonly slots: readonly number[];
  /** No slot before this time (epoch ms): set from a 429's reset time. */
  readonly blockedUntil: number;
}

export const EMPTY_RATE_LIMIT_STATE: RateLimitState = { slots: [], blockedUntil: 0 };

/**
 * Reserve the next request slot at or after `now`. A slot counts in the rolling window for
 * `windowMs` after it starts: a request at t frees its place at exactly t + windowMs, so the 101st
 * request after 100 at time 0 goes at 15:00.000. Slots are booked when asked for, so concurrent
 * callers queue behind each other rather than bursting. A request takes the earliest time that
 * keeps `minSpacingMs` from every booked slot and leaves its window within its priority's share;
 * so an interactive request may go before a background one booked further out (waiting for a
 * place in the window) instead of queueing behind it.
 */
export function nextSlot(
  state: RateLimitState,
  now: number,
  config: RateLimitConfig = STRAVA_RATE_LIMIT,
  priority: RequestPriority = 'interactive',
): { waitMs: number; state: RateLimitState } {
  const start = Math.max(now, state.blockedUntil);
  const booked = state.slots.filter((slot) => slot > now - config.windowMs);
  const allowed = allowedInWindow(config, priority);
  // The answer is one of these: at once, right after a booked slot, or when a slot leaves the window.
  const candidates = [
    start,
    ...booked.flatMap((slot) => [slot + config.minSpacingMs, slot + config.windowMs]).filter((at) => at > start),
  ].sort((a, b) => a - b);
  const fits = (at: number) =>
    booked.every((slot) => Math.abs(at - slot) >= config.minSpacingMs) &&
    booked.filter((slot) => slot > at - config.windowMs && slot <= at).length < allowed;
  // The last candidate (the latest slot's window end) always fits, so `find` never comes back empty.
  const at = candidates.find(fits) ?? Math.max(start, (booked.at(-1) ?? start) + config.windowMs);
  const slots = [...booked, at].sort((a, b) => a - b);
  return { waitMs: at - now, state: { slots, blockedUntil: state.blockedUntil } };
}

/** After a 429: no slot for anyone before `until` (epoch ms); an earlier block is never shortened. */
export function blockUntil(state: RateLimitState, until: number): RateLimitState {
  return { ...state, blockedUntil: Math.max(state.blockedUntil, until) };
}

export type RetryKind = 'refresh' | 'request';

/** Spec §9: 2 s, 4 s, 8 s … doubling from 2 s and never above 60 s (attempt counts from 1). */
export function backoffDelay(attempt: number): number {
  return Math.min(REQUEST_BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), REQUEST_BACKOFF_CAP_MS);
}

/**
 * The wait before retry number `attempt` (1 = the first retry), or null when no retry is left.
 * Token refresh (spec §8): 3 retries, 5 s apart. Other requests (spec §9): at most 3 retries with
 * the exponential backoff above, so 2 s, 4 s, 8 s in practice.
 */
export function retryDelay(attempt: number, kind: RetryKind): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) {
    return null;
  }
  if (kind === 'refresh') {
    return attempt <= TOKEN_REFRESH_MAX_RETRIES ? TOKEN_REFRESH_RETRY_DELAY_MS : null;
  }
  return attempt <= REQUEST_MAX_RETRIES ? backoffDelay(attempt) : null;
}

/**
 * Spec §8: 5xx and timeouts are retried (for the refresh, and for other requests too). 429 is not
 * in this set: it waits for the reset time (rateLimitWait) instead of backing off. 4xx never retry.
 */
export function isRetryableFailure(failure: number | 'timeout' | 'network'): boolean {
  return typeof failure === 'number' ? failure >= 500 && failure <= 599 : true;
}

/** Headers as a fetch Response has them, or a plain record (any case). */
export type HeaderSource =
  { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | undefined>>;

function header(headers: HeaderSource, name: string): string | null {
  if (typeof headers.get === 'function') {
    return (headers as { get(name: string): string | null }).get(name);
  }
  const lower = name.toLowerCase();
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === lower);
  const value = key === undefined ? undefined : record[key];
  return typeof value === 'string' ? value : (value?.[0] ?? null);
}

function finiteNumber(text: string | null): number | null {
  if (text === null || text.trim() === '') {
    return null;
  }
  const value = Number(text.trim());
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * How long to wait after a 429 (spec §8/§9). `Retry-After` (seconds, or an HTTP date) wins over
 * `X-RateLimit-Reset` (epoch seconds) because it is relative and immune to clock skew. Without a
 * usable header: 60 s. A reset already past gives 0. The wait is capped at one rate-limit window
 * (15 min): no honest reset lies further out, and a header in milliseconds would otherwise stall
 * the sync for decades.
 */
export function rateLimitWait(headers: HeaderSource, now: number): number {
  const retryAfterText = header(headers, 'Retry-After');
  const retryAfterSeconds = finiteNumber(retryAfterText);
  let wait: number | null = null;
  if (retryAfterSeconds !== null) {
    wait = retryAfterSeconds * 1000;
  } else if (retryAfterText !== null && retryAfterText.trim() !== '' && !Number.isNaN(Date.parse(retryAfterText))) {
    wait = Date.parse(retryAfterText) - now;
  } else {
    const reset = finiteNumber(header(headers, 'X-RateLimit-Reset'));
    wait = reset === null ? null : reset * 1000 - now;
  }
  if (wait === null) {
    return RATE_LIMIT_FALLBACK_WAIT_MS;
  }
  return Math.min(Math.max(0, Math.ceil(wait)), RATE_LIMIT_WINDOW_MS);
}
