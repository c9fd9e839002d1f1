/**
 * The paced HTTP under Stride's Strava client. One transport per server process: its limiter
 * (core/strava/rate-limit.ts) paces every request of every user — 100 per 15 minutes, at least 2 s
 * apart — a 429 blocks everyone until Strava's reset time, and 5xx, timeouts and refused
 * connections are retried (spec §8, §9). Callers get a Response or the outcome that replaced one.
 */
import type { Logger } from 'pino';
import { STRAVA_MESSAGES, STRAVA_SERVICE_NAME } from '../../../core/strava/messages.ts';
import {
  blockUntil,
  EMPTY_RATE_LIMIT_STATE,
  isRetryableFailure,
  nextSlot,
  rateLimitWait,
  retryDelay,
  STRAVA_RATE_LIMIT,
  type RateLimitState,
  type RequestPriority,
  type RetryKind,
} from '../../../core/strava/rate-limit.ts';
import { REAL_CLOCK, timeoutSignal, type Clock } from '../../clock.ts';
import { StravaError } from './strava-error.ts';

/**
 * How long a request someone waits for (an opened activity, the callback, a disconnect) may queue
 * behind the limiter before it fails as rate-limited instead: a sync may have used the 15-minute
 * budget, and a page must not hang for minutes. The sync's list requests wait as long as needed.
 */
export const INTERACTIVE_MAX_QUEUE_MS = 10_000;

/**
 * How a call is made: `signal` ends it (its limiter wait, retries and the request itself), and
 * `priority` says whether someone waits for it (default), it is a runner's sync ('background', not
 * the interactive reserve), or work nobody asked for now ('deferred': webhook follow-ups and
 * back-fills, which also leave the sync's reserve alone; core/strava/rate-limit.ts).
 */
export interface RequestOptions {
  signal?: AbortSignal | undefined;
  priority?: RequestPriority;
  /** Hears how long the request waits for its slot of the limiter, before it waits. */
  onWait?: ((waitMs: number) => Promise<void>) | undefined;
}

export interface StravaTransportOptions {
  baseUrl: string;
  minSpacingMs: number;
  /** Spec §9's numbers unless a test scales them down. */
  maxRequests?: number;
  interactiveReserve?: number;
  /** Slots deferred requests (webhooks, back-fills) leave to syncs, beyond the interactive reserve. */
  syncReserve?: number;
  logger: Logger;
  clock?: Clock;
}

export type Outcome = Response | 'timeout' | 'network';

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new StravaError(STRAVA_MESSAGES.invalidApiResponse, 'invalid-response', response.status);
  }
}

export function createStravaTransport(options: StravaTransportOptions) {
  const clock = options.clock ?? REAL_CLOCK;
  const limits = {
    ...STRAVA_RATE_LIMIT,
    minSpacingMs: options.minSpacingMs,
    maxRequests: options.maxRequests ?? STRAVA_RATE_LIMIT.maxRequests,
    reserved: options.interactiveReserve ?? STRAVA_RATE_LIMIT.reserved,
    syncReserved: options.syncReserve ?? STRAVA_RATE_LIMIT.syncReserved,
  };
  const { logger } = options;
  let limiter: RateLimitState = EMPTY_RATE_LIMIT_STATE;

  const url = (path: string, query: Record<string, string | number | undefined> = {}) => {
    const target = new URL(`${options.baseUrl}${path}`);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) {
        target.searchParams.set(key, String(value));
      }
    }
    return target;
  };

  /**
   * Books the next slot of the limiter for this priority and waits for it. A request that would
   * queue longer than `maxQueueMs` is not sent: it fails as rate-limited.
   */
  async function takeSlot(
    priority: RequestPriority,
    maxQueueMs: number,
    signal?: AbortSignal,
    onWait?: RequestOptions['onWait'],
  ): Promise<void> {
    const slot = nextSlot(limiter, clock.now(), limits, priority);
    if (slot.waitMs > maxQueueMs) {
      throw new StravaError(STRAVA_MESSAGES.rateLimited, 'rate-limit', null, slot.waitMs);
    }
    limiter = slot.state;
    if (slot.waitMs > 0) {
      await onWait?.(slot.waitMs);
      await clock.sleep(slot.waitMs, signal);
    }
  }

  /** One paced attempt. A timeout or a refused connection is an outcome, not an exception. */
  async function attempt(
    target: URL,
    init: RequestInit,
    timeoutMs: number,
    maxQueueMs: number,
    priority: RequestPriority,
    signal?: AbortSignal,
    onWait?: RequestOptions['onWait'],
  ): Promise<Outcome> {
    await takeSlot(priority, maxQueueMs, signal, onWait);
    const timeout = timeoutSignal(clock, timeoutMs);
    try {
      return await fetch(target, { ...init, signal: signal ? AbortSignal.any([timeout, signal]) : timeout });
    } catch (error) {
      if (signal?.aborted) {
        throw signal.reason as Error;
      }
      if (timeout.aborted) {
        return 'timeout';
      }
      logger.debug({ err: error, url: target.pathname }, 'Strava unreachable');
      return 'network';
    }
  }

  /** Spec §8/§9: 5xx, timeouts and refused connections are retried (refresh: 3 × 5 s; others: 2, 4, 8 s). */
  async function send(
    kind: RetryKind,
    target: URL,
    init: RequestInit,
    timeoutMs: number,
    options: RequestOptions = {},
    maxQueueMs = INTERACTIVE_MAX_QUEUE_MS,
  ): Promise<Outcome> {
    const { signal, priority = 'interactive', onWait } = options;
    for (let retry = 1; ; retry += 1) {
      const outcome = await attempt(target, init, timeoutMs, maxQueueMs, priority, signal, onWait);
      const failure = typeof outcome === 'string' ? outcome : outcome.status;
      const delay = isRetryableFailure(failure) ? retryDelay(retry, kind) : null;
      if (delay === null) {
        return outcome;
      }
      logger.warn({ url: target.pathname, failure, retry, delayMs: delay }, 'Strava request failed; retrying');
      await clock.sleep(delay, signal);
    }
  }

  /** Spec §8: a 429 blocks every request of the server until the reset time (or 60 s). */
  function rateLimited(response: Response): StravaError {
    const wait = rateLimitWait(response.headers, clock.now());
    limiter = blockUntil(limiter, clock.now() + wait);
    logger.warn({ waitMs: wait }, 'Strava rate limit reached');
    return new StravaError(STRAVA_MESSAGES.rateLimited, 'rate-limit', 429, wait);
  }

  function unreachable(outcome: 'timeout' | 'network', timeoutMs: number): StravaError {
    return outcome === 'timeout'
      ? new StravaError(`Network error: ${STRAVA_SERVICE_NAME} did not answer within ${timeoutMs / 1000} s`, 'timeout')
      : new StravaError(`Network error: ${STRAVA_SERVICE_NAME} could not be reached`, 'network');
  }

  return { url, send, rateLimited, unreachable };
}

export type StravaTransport = ReturnType<typeof createStravaTransport>;
