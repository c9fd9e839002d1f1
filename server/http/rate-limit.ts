/**
 * A rate limit a route declares in its own definition (rate limit → authenticate → validate →
 * handler, STYLE.md): requests per key (a user, a client address) in a fixed window, counted in
 * this process. Past the limit the request is answered 429 with a sentence and `Retry-After`
 * before anything else runs. Limits that must hold across app servers are counted in the database
 * instead (sign-in, the upload quotas).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import type { Clock } from '../clock.ts';
import { clientAddress } from './client-address.ts';
import type { AppEnv } from './context.ts';
import { errorBody, sendError } from './errors.ts';

export interface RateLimitOptions {
  /** Whose requests count together. */
  key(c: Context<AppEnv>): string;
  /** Requests allowed per key in one window. */
  limit: number;
  windowMs: number;
  clock: Clock;
}

export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  let windowStart = Number.NEGATIVE_INFINITY;
  // Cleared every window, so it holds at most one window's keys.
  let counts = new Map<string, number>();
  return async (c, next) => {
    const at = options.clock.now();
    if (at - windowStart >= options.windowMs) {
      windowStart = at;
      counts = new Map();
    }
    const key = options.key(c);
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > options.limit) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + options.windowMs - at) / 1000));
      c.header('Retry-After', String(retryAfter));
      return sendError(c, 429, errorBody('rate_limit_error', HTTP_MESSAGES.tooManyRequests(retryAfter)));
    }
    await next();
  };
}

/** Counts by the signed-in user: goes after the session check. */
export const bySignedInUser = (c: Context<AppEnv>): string => c.var.user.id;

/** Counts by the client's address (TRUST_PROXY_HOPS decides which one), for routes without a session. */
export const byClientAddress =
  (trustProxyHops: number) =>
  (c: Context<AppEnv>): string =>
    clientAddress(c, trustProxyHops) ?? 'in-process';
