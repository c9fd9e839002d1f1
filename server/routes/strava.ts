/**
 * Strava: the connection, the OAuth callback's code exchange, the runner's own Strava app,
 * the background sync, and Strava's push subscription callback (webhooks, no session: Strava calls it).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { FITNESS_CALLBACK_PATHS } from '../../core/product.ts';
import {
  connectResponseSchema,
  disconnectResponseSchema,
  exchangeBodySchema,
  ownAppBodySchema,
  stravaStatusSchema,
  syncBodySchema,
  syncProgressSchema,
} from '../../core/strava/api.ts';
import { WEBHOOK_POSTS_PER_MINUTE } from '../../core/strava/constants.ts';
import { requireUser } from '../http/require-user.ts';
import { webhookRateLimit } from '../http/webhook-rate-limit.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse } from './openapi.ts';

const emptyBody = z.object({}).strict();

const webhookChallengeQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});

export function stravaRoutes({ auth, config, strava, logger }: RouteDeps) {
  const signedIn = requireUser(auth);
  const tags = ['strava'];
  const webhookLimit = webhookRateLimit({
    maxPerWindow: WEBHOOK_POSTS_PER_MINUTE,
    windowMs: 60_000,
    trustProxyHops: config.trustProxyHops,
  });
  /** A change to the connection answers with the status as it now is. */
  const statusAfter = async (userId: string, change: Promise<void>) => {
    await change;
    return strava.status(userId);
  };
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/strava/status',
        tags,
        middleware: [signedIn] as const,
        responses: { 200: jsonResponse('The Strava connection and the last sync', stravaStatusSchema) },
      }),
      async (c) => c.json(await strava.status(c.var.user.id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/strava/connect',
        tags,
        middleware: [signedIn] as const,
        request: { body: jsonBody(emptyBody) },
        responses: {
          200: jsonResponse("Strava's authorise page, with a single-use state", connectResponseSchema),
          400: errorResponse('No Strava app is configured'),
        },
      }),
      async (c) => {
        const base = config.strava.redirectBaseUrl ?? new URL(c.req.url).origin;
        const redirectUri = `${base}${FITNESS_CALLBACK_PATHS[0]}`;
        return c.json(await strava.connection.beginConnect(c.var.user.id, redirectUri), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/strava/exchange',
        tags,
        middleware: [signedIn] as const,
        request: { body: jsonBody(exchangeBodySchema) },
        responses: {
          200: jsonResponse('Connected; the sync has started', stravaStatusSchema),
          400: errorResponse('A forged, used or expired state, a refusal, or missing permission'),
          409: errorResponse('This Strava athlete is connected to another Stride account'),
          502: errorResponse('Strava refused the code or could not be reached'),
        },
      }),
      async (c) => c.json(await strava.exchange(c.var.user.id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/strava/connection',
        tags,
        middleware: [signedIn] as const,
        responses: {
          200: jsonResponse(
            'Disconnected (and revoked at Strava); the activities from Strava are deleted and counted',
            disconnectResponseSchema,
          ),
        },
      }),
      async (c) => c.json(await strava.disconnect(c.var.user.id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/strava/sync',
        tags,
        middleware: [signedIn] as const,
        request: { body: jsonBody(syncBodySchema) },
        responses: {
          202: jsonResponse('The sync is queued (or already running)', syncProgressSchema),
          409: errorResponse('Strava is not connected'),
        },
      }),
      async (c) => c.json(await strava.requestSync(c.var.user.id, c.req.valid('json').full ?? false), 202),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/api/strava/app',
        tags,
        middleware: [signedIn] as const,
        request: { body: jsonBody(ownAppBodySchema) },
        responses: {
          200: jsonResponse('Your own Strava app is stored (the secret encrypted)', stravaStatusSchema),
          400: errorResponse('Not a Strava client id and secret'),
        },
      }),
      async (c) =>
        c.json(await statusAfter(c.var.user.id, strava.connection.saveOwnApp(c.var.user.id, c.req.valid('json'))), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/api/strava/app',
        tags,
        middleware: [signedIn] as const,
        responses: { 200: jsonResponse('Your own Strava app is removed', stravaStatusSchema) },
      }),
      async (c) => c.json(await statusAfter(c.var.user.id, strava.connection.removeOwnApp(c.var.user.id)), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/strava/webhook',
        tags,
        request: { query: webhookChallengeQuery },
        responses: {
          200: jsonResponse('The hub.challenge echoed', z.object({ 'hub.challenge': z.string() })),
          403: errorResponse('Not the verify token this server registered'),
        },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const challenge = query['hub.challenge'];
        if (
          query['hub.mode'] !== 'subscribe' ||
          challenge === undefined ||
          !(await strava.verifyWebhook(query['hub.verify_token'] ?? ''))
        ) {
          return c.json({ error: { type: 'permission_error' as const, message: 'Unknown subscription.' } }, 403);
        }
        return c.json({ 'hub.challenge': challenge }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/strava/webhook',
        tags,
        middleware: [webhookLimit] as const,
        request: { body: jsonBody(z.record(z.string(), z.unknown())) },
        responses: {
          200: jsonResponse(
            'Received (implausible events are dropped without a Strava call)',
            z.object({ received: z.literal(true) }),
          ),
          429: errorResponse('Too many webhook posts from this address'),
        },
      }),
      (c) => {
        // Strava wants the answer within 2 s; the event is applied afterwards.
        strava.handleWebhook(c.req.valid('json')).catch((error: unknown) => {
          logger.warn({ err: error }, 'Strava webhook failed');
        });
        return c.json({ received: true as const }, 200);
      },
    );
}
