/** GET /api/events: the signed-in user's live events as Server-Sent Events (DESIGN.md). */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ServerEvent } from '../../core/events.ts';
import type { AppEnv } from '../http/context.ts';
import { requireUser } from '../http/require-user.ts';
import type { RouteDeps } from './deps.ts';

/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;

export function eventRoutes({ auth, events }: RouteDeps) {
  return new Hono<AppEnv>().get('/api/events', requireUser(auth), (c) => {
    const userId = c.var.user.id;
    return streamSSE(c, async (stream) => {
      const queue: ServerEvent[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = events.subscribe(userId, (event) => {
        queue.push(event);
        wake?.();
      });
      let open = true;
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      try {
        while (open) {
          const event = queue.shift();
          if (event) {
            await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, KEEPALIVE_MS);
          });
          wake = undefined;
          if (open && queue.length === 0) {
            await stream.write(': keep-alive\n\n');
          }
        }
      } finally {
        unsubscribe();
      }
    });
  });
}
