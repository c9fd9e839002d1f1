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
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { byClientAddress, bySignedInUser, rateLimit } from '../http/rate-limit.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

const emptyBody = z.object({}).strict();

const webhookChallengeQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});

export function stravaRoutes({ services, auth, config, logger, clock }: RouteDeps) {
  const { strava } = services;
  const tags = ['strava'];
  const limits = config.routeRateLimits;
  /** Connect and exchange each start work at Strava; one user may not flood them. */
  const connectLimit = rateLimit({
    key: bySignedInUser,
    limit: limits.stravaConnectsPerUser,
    windowMs: limits.windowMs,
    clock,
  });
  const exchangeLimit = rateLimit({
    key: bySignedInUser,
    limit: limits.stravaConnectsPerUser,
    windowMs: limits.windowMs,
    clock,
  });
  /**
   * The webhook has no session to limit by: posts per client address, answered 429 without touching
   * the database. Strava itself sends far fewer; what passes is still filtered by core/strava/webhook-gate.ts.
   */
  const webhookLimit = rateLimit({
    key: byClientAddress(config.trustProxyHops),
    limit: limits.webhookPostsPerAddress,
    windowMs: limits.windowMs,
    clock,
  });
  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/strava/status',
        tags,
        responses: { 200: jsonResponse('The Strava connection and the last sync', stravaStatusSchema) },
      }),
      async (c) => c.json(await strava.status(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/strava/connect',
        tags,
        middleware: [connectLimit] as const,
        request: { body: jsonBody(emptyBody) },
        responses: {
          200: jsonResponse("Strava's authorise page, with a single-use state", connectResponseSchema),
          400: errorResponse('No Strava app is configured'),
          429: errorResponse('Too many connection attempts; try again after Retry-After seconds'),
        },
      }),
      async (c) => {
        const base = config.strava.redirectBaseUrl ?? config.publicUrl;
        const redirectUri = `${base}${FITNESS_CALLBACK_PATHS[0]}`;
        return c.json(await strava.connect(c.var.user.id, { redirectUri }), 200);
      },
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/strava/exchange',
        tags,
        middleware: [exchangeLimit] as const,
        request: { body: jsonBody(exchangeBodySchema) },
        responses: {
          200: jsonResponse('Connected; the sync has started', stravaStatusSchema),
          400: errorResponse('A forged, used or expired state, a refusal, or missing permission'),
          409: errorResponse('This Strava athlete is connected to another Stride account'),
          429: errorResponse('Too many connection attempts; try again after Retry-After seconds'),
          502: errorResponse('Strava refused the code or could not be reached'),
        },
      }),
      async (c) => c.json(await strava.exchange(c.var.user.id, c.req.valid('json')), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'delete',
        path: '/api/strava/connection',
        tags,
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
      userRoute(auth, {
        method: 'post',
        path: '/api/strava/sync',
        tags,
        request: { body: jsonBody(syncBodySchema) },
        responses: {
          202: jsonResponse('The sync is queued (or already running)', syncProgressSchema),
          409: errorResponse('Strava is not connected'),
        },
      }),
      async (c) => c.json(await strava.requestSync(c.var.user.id, { full: c.req.valid('json').full ?? false }), 202),
    )
    .openapi(
      userRoute(auth, {
        method: 'put',
        path: '/api/strava/app',
        tags,
        request: { body: jsonBody(ownAppBodySchema) },
        responses: {
          200: jsonResponse('Your own Strava app is stored (the secret encrypted)', stravaStatusSchema),
          400: errorResponse('Not a Strava client id and secret'),
        },
      }),
      async (c) => c.json(await strava.saveOwnApp(c.var.user.id, c.req.valid('json')), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'delete',
        path: '/api/strava/app',
        tags,
        responses: { 200: jsonResponse('Your own Strava app is removed', stravaStatusSchema) },
      }),
      async (c) => c.json(await strava.removeOwnApp(c.var.user.id), 200),
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
          return c.json(
            { error: { type: 'permission_error' as const, message: HTTP_MESSAGES.unknownWebhookSubscription } },
            403,
          );
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
