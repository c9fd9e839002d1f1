/** The trophy case and medal awarding (spec §3 Medal record, §4 Medals). */
import { z } from '@hono/zod-openapi';
import {
  medalCheckSchema,
  timeZoneBodySchema,
  timeZoneQuerySchema,
  trophyCaseSchema,
  unseenCountSchema,
} from '../../core/medals/api.ts';
import { MEDAL_IDS } from '../../core/medals/catalogue.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

export function medalRoutes({ services, auth }: RouteDeps) {
  const { medals } = services;
  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/medals',
        tags: ['medals'],
        request: { query: timeZoneQuerySchema },
        responses: { 200: jsonResponse('Every medal of the catalogue, earned or not', trophyCaseSchema) },
      }),
      async (c) => c.json(await medals.trophyCase(c.var.user.id, c.req.valid('query').timeZone), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/medals/unseen',
        tags: ['medals'],
        responses: { 200: jsonResponse('How many medals are new', unseenCountSchema) },
      }),
      async (c) => c.json(await medals.unseenCount(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/medals/check',
        tags: ['medals'],
        request: { body: jsonBody(timeZoneBodySchema) },
        responses: { 200: jsonResponse('Medals newly awarded by this check', medalCheckSchema) },
      }),
      async (c) => c.json(await medals.check(c.var.user.id, c.req.valid('json').timeZone), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/medals/{medalId}/viewed',
        tags: ['medals'],
        request: { params: z.object({ medalId: z.enum(MEDAL_IDS) }) },
        responses: {
          200: jsonResponse('Marked viewed', unseenCountSchema),
          404: errorResponse('Not a medal the user holds'),
        },
      }),
      async (c) => c.json(await medals.markViewed(c.var.user.id, c.req.valid('param').medalId), 200),
    );
}
