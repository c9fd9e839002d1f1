/** The trophy case and medal awarding (spec §3 Medal record, §4 Medals). */
import { createRoute, z } from '@hono/zod-openapi';
import {
  medalCheckSchema,
  timeZoneBodySchema,
  timeZoneQuerySchema,
  trophyCaseSchema,
  unseenCountSchema,
} from '../../core/medals/api.ts';
import { MEDAL_IDS } from '../../core/medals/catalogue.ts';
import { requireUser } from '../http/require-user.ts';
import { checkMedals, getTrophyCase, getUnseenCount, markMedalViewed } from '../services/medal-service.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse } from './openapi.ts';

export function medalRoutes({ db, auth, events, logger }: RouteDeps) {
  const signedIn = requireUser(auth);
  const context = { db, events, logger };
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/medals',
        tags: ['medals'],
        middleware: [signedIn] as const,
        request: { query: timeZoneQuerySchema },
        responses: { 200: jsonResponse('Every medal of the catalogue, earned or not', trophyCaseSchema) },
      }),
      async (c) => c.json(await getTrophyCase(context, c.var.user.id, c.req.valid('query').timeZone), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/medals/unseen',
        tags: ['medals'],
        middleware: [signedIn] as const,
        responses: { 200: jsonResponse('How many medals are new', unseenCountSchema) },
      }),
      async (c) => c.json(await getUnseenCount(db, c.var.user.id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/medals/check',
        tags: ['medals'],
        middleware: [signedIn] as const,
        request: { body: jsonBody(timeZoneBodySchema) },
        responses: { 200: jsonResponse('Medals newly awarded by this check', medalCheckSchema) },
      }),
      async (c) => c.json(await checkMedals(context, c.var.user.id, c.req.valid('json').timeZone), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/medals/{medalId}/viewed',
        tags: ['medals'],
        middleware: [signedIn] as const,
        request: { params: z.object({ medalId: z.enum(MEDAL_IDS) }) },
        responses: {
          200: jsonResponse('Marked viewed', unseenCountSchema),
          404: errorResponse('Not a medal the user holds'),
        },
      }),
      async (c) => c.json(await markMedalViewed(context, c.var.user.id, c.req.valid('param').medalId), 200),
    );
}
