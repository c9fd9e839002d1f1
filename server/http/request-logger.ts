/**
 * One structured log line per request: method, path, status, duration (the logger limits repeats of
 * one method, path and status and counts what it held back). Every 4xx answer is also counted per
 * client address and status in the security log, so a burst shows as one line with its count.
 */
import { createMiddleware } from 'hono/factory';
import type { Logger } from 'pino';
import { clientAddress } from './client-address.ts';
import type { SecurityLog } from './security-log.ts';

export function requestLogger(logger: Logger, securityLog: SecurityLog, trustProxyHops: number) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const line = { method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500) {
      logger.error(line, 'request');
    } else {
      logger.info(line, 'request');
    }
    if (status >= 400 && status < 500) {
      securityLog.record('client-error', { status, address: clientAddress(c, trustProxyHops) ?? 'unknown' });
    }
  });
}
