/**
 * The route planner (spec §1 "Plan routes"). Public, for planning without an account: leg snapping
 * and elevations through the configured services, and reading a GPX into waypoints; these share
 * one rate limit per client address. Signed in: the runner's saved routes, saved new (POST), saved
 * over after an edit (PUT), renamed (PATCH) and deleted (another runner's id is a 404), and their
 * GPX export.
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../http/context.ts';
import {
  elevationAnswerSchema,
  elevationRequestSchema,
  importedRouteSchema,
  routeDetailSchema,
  routeIdParamSchema,
  routeListSchema,
  routeRenameSchema,
  routeSaveSchema,
  snapRequestSchema,
  snapResponseSchema,
} from '../../core/routes/route-api.ts';
import { download } from '../http/download.ts';
import { byClientAddress, rateLimit } from '../http/rate-limit.ts';
import { requireUser } from '../http/require-user.ts';
import { VISITORS_POOL_OWNER } from '../services/import-pool.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, deleteById, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

/** Where a GPX is posted to become waypoints (its own body limit, server/app.ts). */
export const ROUTE_GPX_IMPORT_PATH = '/api/routes/import.gpx';

export function plannerRoutes({ services, auth, config, clock }: RouteDeps) {
  const { routes } = services;
  const clientKey = byClientAddress(config.trustProxyHops);
  const publicLimit = rateLimit({
    key: clientKey,
    limit: config.routeRateLimits.plannerPerAddress,
    windowMs: config.routeRateLimits.windowMs,
    clock,
  });
  const limited = { 429: errorResponse('Too many requests from this address') };
  /**
   * Whose planner request it is, for the shared queues' fair turns: a signed-in runner as themself,
   * a visitor by address (visitors take their turns together, as one party).
   */
  const partyOf = async (c: Context<AppEnv>) => {
    const session = await auth.sessionOf(c.req.raw.headers);
    return session ? { userId: session.userId } : { visitorAddress: clientKey(c) ?? 'unknown' };
  };
  return (
    createRouter()
      .openapi(
        createRoute({
          method: 'post',
          path: '/api/routes/snap',
          tags: ['routes'],
          middleware: [publicLimit] as const,
          request: { body: jsonBody(snapRequestSchema) },
          responses: {
            200: jsonResponse('Each leg snapped to paths, or null where it is drawn straight', snapResponseSchema),
            400: errorResponse('Invalid legs'),
            ...limited,
          },
        }),
        async (c) => c.json(await routes.snap(c.req.valid('json')), 200),
      )
      .openapi(
        createRoute({
          method: 'post',
          path: '/api/routes/elevation',
          tags: ['routes'],
          middleware: [publicLimit] as const,
          request: { body: jsonBody(elevationRequestSchema) },
          responses: {
            200: jsonResponse('The elevation of each point, or none', elevationAnswerSchema),
            400: errorResponse('Invalid points'),
            ...limited,
          },
        }),
        async (c) => {
          const client = await partyOf(c);
          return c.json(await routes.elevations({ points: c.req.valid('json').points, client }), 200);
        },
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/routes',
          tags: ['routes'],
          responses: { 200: jsonResponse('The runner’s saved routes, last changed first', routeListSchema) },
        }),
        async (c) => c.json({ routes: await routes.list(c.var.user.id) }, 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'post',
          path: '/api/routes',
          tags: ['routes'],
          request: { body: jsonBody(routeSaveSchema) },
          responses: {
            201: jsonResponse('The saved route', routeDetailSchema),
            400: errorResponse('Invalid name or points'),
          },
        }),
        async (c) => c.json(await routes.save(c.var.user.id, c.req.valid('json')), 201),
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/routes/{id}',
          tags: ['routes'],
          request: { params: routeIdParamSchema },
          responses: {
            200: jsonResponse('One saved route', routeDetailSchema),
            404: errorResponse('No such route'),
          },
        }),
        async (c) => c.json(await routes.get(c.var.user.id, c.req.valid('param').id), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'put',
          path: '/api/routes/{id}',
          tags: ['routes'],
          request: { params: routeIdParamSchema, body: jsonBody(routeSaveSchema) },
          responses: {
            200: jsonResponse('The route with its new name, points, line and distance', routeDetailSchema),
            400: errorResponse('Invalid name or points'),
            404: errorResponse('No such route'),
          },
        }),
        async (c) =>
          c.json(await routes.update(c.var.user.id, { id: c.req.valid('param').id, route: c.req.valid('json') }), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'patch',
          path: '/api/routes/{id}',
          tags: ['routes'],
          request: { params: routeIdParamSchema, body: jsonBody(routeRenameSchema) },
          responses: {
            200: jsonResponse('The renamed route', routeDetailSchema),
            400: errorResponse('Invalid name'),
            404: errorResponse('No such route'),
          },
        }),
        async (c) =>
          c.json(
            await routes.rename(c.var.user.id, { id: c.req.valid('param').id, name: c.req.valid('json').name }),
            200,
          ),
      )
      .openapi(
        userRoute(
          auth,
          deleteById({
            path: '/api/routes/{id}',
            tags: ['routes'],
            params: routeIdParamSchema,
            deleted: 'Deleted',
            notFound: 'No such route',
          }),
        ),
        async (c) => {
          await routes.delete(c.var.user.id, c.req.valid('param').id);
          return c.json({ deleted: true as const }, 200);
        },
      )
      // A GPX file in, a GPX file out: outside the JSON contracts. The file is read in an import
      // worker, in the runner's share of the pool (the one their uploads use) or the visitors' share.
      .post(ROUTE_GPX_IMPORT_PATH, publicLimit, async (c) => {
        const bytes = new Uint8Array(await c.req.arrayBuffer());
        const party = await partyOf(c);
        const owner = party.userId ?? VISITORS_POOL_OWNER;
        const route = await routes.importGpx({ bytes, owner, signal: c.req.raw.signal });
        return c.json(importedRouteSchema.parse(route), 200);
      })
      .get('/api/routes/:id/export.gpx', requireUser(auth), async (c) =>
        download(c, await routes.exportGpx(c.var.user.id, c.req.param('id'))),
      )
  );
}
