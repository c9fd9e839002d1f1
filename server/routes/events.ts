/**
 * GET /api/events: the signed-in user's live events as Server-Sent Events (DESIGN.md). Streams are
 * capped per user (fewer for an account younger than a day), per client address and per server
 * (config.eventStreams): a user's newest stream closes their oldest with a `superseded` event, a
 * full address answers 429 and a full server 503.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { STREAM_READY_EVENT, STREAM_SUPERSEDED_EVENT, type ServerEvent } from '../../core/events.ts';
import { createStreamRegistry } from '../events/stream-registry.ts';
import type { AppEnv } from '../http/context.ts';
import { clientAddress } from '../http/client-address.ts';
import { errorBody, sendError } from '../http/errors.ts';
import { requireUser } from '../http/require-user.ts';
import type { RouteDeps } from './deps.ts';

/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;

export function eventRoutes({ auth, events, config, services, clock }: RouteDeps) {
  const streams = createStreamRegistry(config.eventStreams);
  return new Hono<AppEnv>().get('/api/events', requireUser(auth), async (c) => {
    const userId = c.var.user.id;
    const address = clientAddress(c, config.trustProxyHops);
    const newAccount = await services.accounts.isNewAccount(userId);
    const queue: ServerEvent[] = [];
    let wake: (() => void) | undefined;
    let open = true;
    let superseded = false;
    const opening = streams.open({ userId, address, newAccount }, () => {
      superseded = true;
      open = false;
      wake?.();
    });
    if ('refused' in opening) {
      c.header('Retry-After', '60');
      return opening.refused === 'address-full'
        ? sendError(c, 429, errorBody('rate_limit_error', HTTP_MESSAGES.tooManyStreamsFromAddress))
        : sendError(c, 503, errorBody('system_error', HTTP_MESSAGES.tooManyStreams));
    }
    const { slot } = opening;
    return streamSSE(c, async (stream) => {
      const end = () => {
        open = false;
        wake?.();
      };
      // The server stopping ends the stream too: the page reconnects once a server answers again.
      const unsubscribe = events.subscribe(
        userId,
        (event) => {
          queue.push(event);
          wake?.();
        },
        end,
      );
      stream.onAbort(end);
      try {
        await stream.writeSSE({ event: STREAM_READY_EVENT, data: '{}' });
        while (open) {
          const event = queue.shift();
          if (event) {
            await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
            continue;
          }
          let cancelKeepAlive: () => void = () => undefined;
          await new Promise<void>((resolve) => {
            wake = resolve;
            cancelKeepAlive = clock.after(KEEPALIVE_MS, resolve);
          });
          cancelKeepAlive();
          wake = undefined;
          if (open && queue.length === 0) {
            await stream.write(': keep-alive\n\n');
          }
        }
        if (superseded) {
          await stream.writeSSE({ event: STREAM_SUPERSEDED_EVENT, data: '{}' });
        }
      } finally {
        unsubscribe();
        slot.release();
      }
    });
  });
}
