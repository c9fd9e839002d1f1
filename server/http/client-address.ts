/**
 * The client's address for rate limiting and session records. It comes from the socket, or from
 * the last X-Forwarded-For hop when TRUST_PROXY is set; a client-sent value is always replaced.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export function clientAddress(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const hops = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    const last = hops?.at(-1);
    if (last) {
      return last;
    }
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // No socket: the app was called in-process.
  }
}
