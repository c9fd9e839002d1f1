/**
 * A rate limit of the Strava webhook endpoint of its own (it has no session to limit by): posts per
 * client address in a fixed one-minute window, counted in this process. Past the limit the post is
 * answered 429 without touching the database. Strava itself sends far fewer; a flood of forged
 * events stops here, and what passes is still filtered by core/strava/webhook-gate.ts.
 */
import type { MiddlewareHandler } from 'hono';
import { clientAddress } from './client-address.ts';

export interface WebhookRateLimitOptions {
  maxPerWindow: number;
  windowMs: number;
  trustProxyHops: number;
  now?: () => number;
}

export function webhookRateLimit(options: WebhookRateLimitOptions): MiddlewareHandler {
  const now = options.now ?? Date.now;
  let windowStart = 0;
  // Cleared every window, so it holds at most one window's addresses.
  let counts = new Map<string, number>();
  return async (c, next) => {
    const at = now();
    if (at - windowStart >= options.windowMs) {
      windowStart = at;
      counts = new Map();
    }
    const address = clientAddress(c, options.trustProxyHops) ?? 'in-process';
    const count = (counts.get(address) ?? 0) + 1;
    counts.set(address, count);
    if (count > options.maxPerWindow) {
      c.header('Retry-After', String(Math.ceil((windowStart + options.windowMs - at) / 1000)));
      return c.json({ error: { type: 'rate_limit_error', message: 'Too many webhook events.' } }, 429);
    }
    await next();
  };
}
