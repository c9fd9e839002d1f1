/**
 * One-click unsubscribe (RFC 8058), reached from every mail without signing in: the token in the
 * address is the key. GET shows a page that asks first (mail scanners open links); a POST with the
 * body `List-Unsubscribe=One-Click` (a mail client's one-click, or the page's button) turns the
 * preference off. Both are limited per client address, as they need no session.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  ONE_CLICK_BODY_FIELD,
  ONE_CLICK_BODY_VALUE,
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_PATH,
} from '../../core/mailings/mail-preferences.ts';
import { byClientAddress, rateLimit } from '../http/rate-limit.ts';
import { unsubscribePage } from '../mail/unsubscribe-page.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse } from './openapi.ts';

const htmlResponse = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const tokenQuery = z.object({ token: z.string().max(1024).optional() });

export function mailRoutes({ services, config, clock }: RouteDeps) {
  const { mail } = services;
  const limited = rateLimit({
    key: byClientAddress(config.trustProxyHops),
    limit: config.routeRateLimits.unsubscribesPerAddress,
    windowMs: config.routeRateLimits.windowMs,
    clock,
  });
  const tooMany = { 429: errorResponse('Too many requests from this address') };
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: UNSUBSCRIBE_PATH,
        tags: ['public'],
        description: 'The page a mail’s unsubscribe link opens: it asks first and changes nothing.',
        middleware: [limited] as const,
        request: { query: tokenQuery },
        responses: {
          200: htmlResponse('The page with its button'),
          400: htmlResponse('The link is not valid'),
          ...tooMany,
        },
      }),
      (c) => {
        const token = c.req.valid('query').token ?? '';
        const preference = mail.unsubscribeTarget(token);
        c.header('Cache-Control', 'no-store');
        if (preference === null) {
          return c.html(unsubscribePage(UNSUBSCRIBE_MESSAGES.badToken), 400);
        }
        const postTo = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
        return c.html(unsubscribePage(UNSUBSCRIBE_MESSAGES.confirm(preference), postTo), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: UNSUBSCRIBE_PATH,
        tags: ['public'],
        description: `RFC 8058 one-click unsubscribe: the body is \`${ONE_CLICK_BODY_FIELD}=${ONE_CLICK_BODY_VALUE}\` (form-encoded or multipart).`,
        middleware: [limited] as const,
        request: { query: tokenQuery },
        responses: {
          200: htmlResponse('The preference is off'),
          400: htmlResponse('The link is not valid, or the body is not the one-click body'),
          ...tooMany,
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        const body: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
        if (body[ONE_CLICK_BODY_FIELD] !== ONE_CLICK_BODY_VALUE) {
          return c.html(unsubscribePage(UNSUBSCRIBE_MESSAGES.badBody), 400);
        }
        const preference = await mail.unsubscribe(c.req.valid('query').token ?? '');
        if (preference === null) {
          return c.html(unsubscribePage(UNSUBSCRIBE_MESSAGES.badToken), 400);
        }
        return c.html(unsubscribePage(UNSUBSCRIBE_MESSAGES.done(preference)), 200);
      },
    );
}
