/** One structured log line per request: method, path, status, duration. */
import { createMiddleware } from 'hono/factory';
import type { Logger } from 'pino';

export function requestLogger(logger: Logger) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.res.status >= 500) {
      logger.error(line, 'request');
    } else {
      logger.info(line, 'request');
    }
  });
}
