/**
 * Which origins are this server's own: PUBLIC_URL's origin and, outside production, the origin a
 * request reached it by when that is a loopback address (`http://localhost:5173` behind
 * `npm run dev`'s proxy, tests on any port). Never a wildcard port: a page on another port of
 * localhost is another origin. Both the same-origin check (server/http/same-origin.ts) and
 * better-auth's trusted origins (server/auth/auth.ts) use this one rule.
 */

/** The settings the rule reads (of server/config.ts's Config, which sits above this module). */
export interface OriginSettings {
  env: string;
  publicUrl: string;
}

/** Names of this machine that only a local browser or program can reach the server by. */
const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Whether a URL names this machine by a loopback alias. */
export function isLoopback(url: string): boolean {
  try {
    return LOOPBACK_HOSTNAMES.has(new URL(url).hostname.toLowerCase());
  } catch {
    return false;
  }
}

/** The origins a state-changing request may come from. */
export function allowedOrigins(config: OriginSettings, requestUrl: string): string[] {
  const origins = [originOf(config.publicUrl)];
  if (config.env !== 'production' && isLoopback(requestUrl)) {
    origins.push(originOf(requestUrl));
  }
  return origins.filter((origin): origin is string => origin !== undefined);
}
