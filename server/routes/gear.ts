/**
 * Shoes and gear (core/gear.ts): the runner's gear with the distance and time of each, added,
 * changed, retired and deleted, and the default gear per sport. Signed-in runners only, each their
 * own: another runner's gear id is the same 404 as a missing one.
 */
import { z } from '@hono/zod-openapi';
import { gearDefaultSchema, gearInputSchema, gearListSchema, gearSchema, gearUpdateSchema } from '../../core/gear.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, deleteById, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

const gearIdParamSchema = z.object({ id: z.string().min(1).max(64) });

export function gearRoutes({ services, auth }: RouteDeps) {
  const { gear } = services;
  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/gear',
        tags: ['gear'],
        responses: { 200: jsonResponse('The gear, active first, each in the order added', gearListSchema) },
      }),
      async (c) => c.json(await gear.list(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/gear',
        tags: ['gear'],
        request: { body: jsonBody(gearInputSchema) },
        responses: {
          201: jsonResponse('The gear added', gearSchema),
          400: errorResponse('Invalid gear (kind, name, date or distances)'),
          409: errorResponse('Already the most gear allowed'),
        },
      }),
      async (c) => c.json(await gear.add(c.var.user.id, c.req.valid('json')), 201),
    )
    .openapi(
      userRoute(auth, {
        method: 'put',
        path: '/api/gear/defaults',
        tags: ['gear'],
        request: { body: jsonBody(gearDefaultSchema) },
        responses: {
          200: jsonResponse('The gear after the change', gearListSchema),
          400: errorResponse('Unknown sport, or a retired gear'),
          404: errorResponse('No such gear of the runner'),
        },
      }),
      async (c) => c.json(await gear.setDefault(c.var.user.id, c.req.valid('json')), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'patch',
        path: '/api/gear/{id}',
        tags: ['gear'],
        request: { params: gearIdParamSchema, body: jsonBody(gearUpdateSchema) },
        responses: {
          200: jsonResponse('The gear after the change', gearSchema),
          400: errorResponse('Invalid change'),
          404: errorResponse('No such gear of the runner'),
        },
      }),
      async (c) =>
        c.json(await gear.update(c.var.user.id, { id: c.req.valid('param').id, update: c.req.valid('json') }), 200),
    )
    .openapi(
      userRoute(
        auth,
        deleteById({
          path: '/api/gear/{id}',
          tags: ['gear'],
          params: gearIdParamSchema,
          deleted: 'Deleted: its activities keep no gear',
          notFound: 'No such gear of the runner',
        }),
      ),
      async (c) => {
        await gear.remove(c.var.user.id, c.req.valid('param').id);
        return c.json({ deleted: true as const }, 200);
      },
    );
}
