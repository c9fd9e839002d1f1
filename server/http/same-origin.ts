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
 * 2. Otherwise an `Origin` header must be one of the allowed origins (server/security/allowed-origins.ts):
 *    PUBLIC_URL's origin and, outside production, the origin the browser used to reach this server
 *    when that is a loopback address. A page on another port has another origin and is refused.
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
 * refused here and can neither read answers nor pass the origin rule; the refusal names PUBLIC_URL,
 * as a page when a browser asked for one, so a runner who typed another address learns the right
 * one. Only the health check answers any Host: load balancers probe it by address.
 *
 * Outside production, a GET or HEAD of a page at a loopback alias on PUBLIC_URL's own port
 * (127.0.0.1:3000 when PUBLIC_URL is http://localhost:3000) is redirected to PUBLIC_URL with its path
 * and query: the session cookie belongs to PUBLIC_URL's host, so at the alias the runner would seem
 * signed out (and Strava's answer, sent to PUBLIC_URL, would land in another cookie jar). API calls
 * are answered where they are: a script or a command on the machine talks to 127.0.0.1 with its own
 * cookies, and a redirect would drop them.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { escapeHtml } from '../../core/mailings/mail-body.ts';
import { UNSUBSCRIBE_PATH } from '../../core/mailings/mail-preferences.ts';
import type { Config } from '../config.ts';
import { allowedOrigins, isLoopback } from '../security/allowed-origins.ts';
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

/** Paths that answer whatever the Host header says (probes by address). */
const ANY_HOST_PATHS: ReadonlySet<string> = new Set(['/api/health']);

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

/** A URL's port, or its scheme's default. */
function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * Outside production, where a page request at a loopback alias of PUBLIC_URL's host (same port,
 * another name) belongs: the same path and query at PUBLIC_URL. Null for every other request.
 */
export function loopbackRedirect(config: Pick<Config, 'env' | 'publicUrl'>, requestUrl: string): string | null {
  if (config.env === 'production' || !isLoopback(requestUrl)) {
    return null;
  }
  const request = new URL(requestUrl);
  const target = new URL(config.publicUrl);
  if (
    request.host.toLowerCase() === target.host.toLowerCase() ||
    portOf(request) !== portOf(target) ||
    request.pathname.startsWith('/api/')
  ) {
    return null;
  }
  return `${config.publicUrl}${request.pathname}${request.search}`;
}

/** The page a browser gets when it reached the server by another name: which address to use. */
function wrongHostPage(publicUrl: string): string {
  const escaped = escapeHtml(publicUrl);
  const sentence = HTTP_MESSAGES.unknownHost(escaped).replace(escaped, `<a href="${escaped}">${escaped}</a>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stride</title></head><body style="font-family:system-ui,sans-serif;background:#121212;color:#fff;margin:2rem;line-height:1.5"><p>${sentence}</p></body></html>`;
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
    if (SAFE_METHODS.has(c.req.method) && !ANY_HOST_PATHS.has(c.req.path)) {
      const target = loopbackRedirect(config, c.req.url);
      if (target !== null) {
        return c.redirect(target, 307);
      }
    }
    if (!ANY_HOST_PATHS.has(c.req.path) && !hostAllowed(config, c.req.url)) {
      refused(c, 'host');
      if (c.req.method === 'GET' && !c.req.path.startsWith('/api/') && c.req.header('accept')?.includes('text/html')) {
        return c.html(wrongHostPage(config.publicUrl), 421);
      }
      return sendError(c, 421, errorBody('permission_error', HTTP_MESSAGES.unknownHost(config.publicUrl)));
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
