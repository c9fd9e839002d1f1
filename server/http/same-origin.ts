/**
 * Refuses state-changing requests that a page on another origin made a signed-in browser send.
 *
 * Cookies are scoped by site, not origin: a page on another port of the same host (or another
 * subdomain) is "same site", so SameSite=Lax still attaches the session cookie to its form posts
 * and credentialed fetches. The server therefore checks where each request came from itself.
 *
 * The rule, for every method but GET, HEAD and OPTIONS (GET must never change state; the event
 * stream is a GET):
 * 1. `Sec-Fetch-Site: same-origin` passes (the browser computes it; a page cannot forge it).
 * 2. Otherwise an `Origin` header must be one of the allowed origins: PUBLIC_URL's origin and,
 *    outside production, the origin the browser used to reach this server when that is a loopback
 *    address (`http://localhost:5173` behind `npm run dev`'s proxy, tests on any port). A page on
 *    another port has another origin and is refused.
 * 3. No Origin but a `Sec-Fetch-Site` of anything else (same-site, cross-site, none): refused.
 * 4. Neither header: a browser always sends Origin on a cross-origin POST, so this is a program
 *    (curl, a script, a test client). Allowed when it carries no cookie, so it cannot be riding on a
 *    browser session; refused when it carries one.
 * Strava's push callback is exempt: Strava's servers call it without cookies or Origin, and the
 * event only names a Strava athlete and activity that the sync then reads with stored tokens. So is
 * Stripe's webhook: Stripe signs the raw body with the endpoint's secret, which the route verifies.
 * And so is a mail's one-click unsubscribe (RFC 8058): the mail provider posts it from its own
 * servers, and the signed token in its address is the key; it can only turn a mail preference off.
 *
 * Before that, every request (GET included) must name PUBLIC_URL's host in its Host header; outside
 * production a loopback alias (localhost, 127.0.0.1, [::1]) on any port is accepted as well. A page
 * that rebinds its own DNS name to this server sends its own name as Host (and as Origin), so it is
 * refused here and can neither read answers nor pass the origin rule. Only the health check answers
 * any Host: load balancers probe it by address.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { UNSUBSCRIBE_PATH } from '../../core/mailings/mail-preferences.ts';
import type { Config } from '../config.ts';
import { clientAddress } from './client-address.ts';
import { errorBody, sendError } from './errors.ts';
import type { SecurityLog } from './security-log.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths called by other servers, authenticated by other means. */
export const CROSS_ORIGIN_EXEMPT_PATHS: ReadonlySet<string> = new Set([
  '/api/strava/webhook',
  '/api/stripe/webhook',
  UNSUBSCRIBE_PATH,
]);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Names of this machine that only a local browser or program can reach the server by. */
const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Paths that answer whatever the Host header says (probes by address). */
const ANY_HOST_PATHS: ReadonlySet<string> = new Set(['/api/health']);

function isLoopback(url: string): boolean {
  try {
    return LOOPBACK_HOSTNAMES.has(new URL(url).hostname.toLowerCase());
  } catch {
    return false;
  }
}

/** Whether a request reached the server by its own name (see the module comment). */
export function hostAllowed(config: Pick<Config, 'env' | 'publicUrl'>, requestUrl: string): boolean {
  let host: string;
  try {
    host = new URL(requestUrl).host.toLowerCase();
  } catch {
    return false;
  }
  if (host === new URL(config.publicUrl).host.toLowerCase()) {
    return true;
  }
  return config.env !== 'production' && isLoopback(requestUrl);
}

/** The origins a state-changing request may come from (see the module comment, rule 2). */
export function allowedOrigins(config: Pick<Config, 'env' | 'publicUrl'>, requestUrl: string): string[] {
  const origins = [originOf(config.publicUrl)];
  if (config.env !== 'production' && isLoopback(requestUrl)) {
    origins.push(originOf(requestUrl));
  }
  return origins.filter((origin): origin is string => origin !== undefined);
}

export type SameOriginVerdict = 'allowed' | 'refused';

export function judgeRequest(
  request: { method: string; path: string; url: string; header: (name: string) => string | undefined },
  config: Pick<Config, 'env' | 'publicUrl'>,
): SameOriginVerdict {
  if (SAFE_METHODS.has(request.method) || CROSS_ORIGIN_EXEMPT_PATHS.has(request.path)) {
    return 'allowed';
  }
  const fetchSite = request.header('sec-fetch-site')?.trim().toLowerCase();
  if (fetchSite === 'same-origin') {
    return 'allowed';
  }
  const origin = request.header('origin')?.trim();
  if (origin !== undefined && origin !== '') {
    return allowedOrigins(config, request.url).includes(origin) ? 'allowed' : 'refused';
  }
  if (fetchSite !== undefined && fetchSite !== '') {
    return 'refused';
  }
  return request.header('cookie') ? 'refused' : 'allowed';
}

export function sameOrigin(
  config: Pick<Config, 'env' | 'publicUrl' | 'trustProxyHops'>,
  securityLog: SecurityLog,
): MiddlewareHandler {
  const refused = (c: Context, reason: 'host' | 'origin') =>
    securityLog.record('request-refused', { reason, address: clientAddress(c, config.trustProxyHops) ?? 'unknown' });
  return async (c, next) => {
    if (!ANY_HOST_PATHS.has(c.req.path) && !hostAllowed(config, c.req.url)) {
      refused(c, 'host');
      return sendError(c, 421, errorBody('permission_error', HTTP_MESSAGES.unknownHost));
    }
    const verdict = judgeRequest(
      { method: c.req.method, path: c.req.path, url: c.req.url, header: (name) => c.req.header(name) },
      config,
    );
    if (verdict === 'refused') {
      refused(c, 'origin');
      return sendError(c, 403, errorBody('permission_error', HTTP_MESSAGES.crossSiteRequest));
    }
    await next();
  };
}
