/**
 * The client's address for rate limiting and session records. It comes from the socket, or, behind
 * TRUST_PROXY_HOPS trusted proxies, from X-Forwarded-For counted from the right: each proxy appends
 * the address it was called from, so the Nth entry from the right was written by the outermost
 * trusted proxy. Anything further left was written by the client and is never believed; a
 * client-sent value is always replaced.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The address `hops` trusted proxies vouch for, or undefined when the header is missing or too short. */
export function forwardedAddress(header: string | undefined, hops: number): string | undefined {
  if (hops <= 0 || header === undefined) {
    return undefined;
  }
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length >= hops ? entries[entries.length - hops] : undefined;
}

export function clientAddress(c: Context, trustProxyHops: number): string | undefined {
  const forwarded = forwardedAddress(c.req.header('x-forwarded-for'), trustProxyHops);
  if (forwarded) {
    return forwarded;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // No socket: the app was called in-process.
  }
}
