/**
 * Account → Public profile: whether /{username} is on and shows the location, and the runner's
 * privacy zones (core/profile-privacy.ts). Signed-in runners only, each their own.
 */
import { z } from '@hono/zod-openapi';
import {
  privacyZoneInputSchema,
  privacyZoneSchema,
  profilePrivacySchema,
  profilePrivacyUpdateSchema,
} from '../../core/profile-privacy.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, deleteById, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

const zoneIdParamSchema = z.object({ id: z.string().min(1).max(64) });

export function profilePrivacyRoutes({ services, auth }: RouteDeps) {
  const { privacy } = services;
  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/profile/privacy',
        tags: ['profile'],
        responses: {
          200: jsonResponse('Whether the public profile is on and shows the location', profilePrivacySchema),
        },
      }),
      async (c) => c.json(await privacy.get(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'patch',
        path: '/api/profile/privacy',
        tags: ['profile'],
        request: { body: jsonBody(profilePrivacyUpdateSchema) },
        responses: {
          200: jsonResponse('The settings after the change', profilePrivacySchema),
          400: errorResponse('Invalid settings'),
        },
      }),
      async (c) => c.json(await privacy.update(c.var.user.id, c.req.valid('json')), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/profile/privacy-zones',
        tags: ['profile'],
        responses: { 200: jsonResponse('The privacy zones, oldest first', z.array(privacyZoneSchema)) },
      }),
      async (c) => c.json(await privacy.zones(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/profile/privacy-zones',
        tags: ['profile'],
        request: { body: jsonBody(privacyZoneInputSchema) },
        responses: {
          201: jsonResponse('The zone added', privacyZoneSchema),
          400: errorResponse('Invalid zone (radius, position or name)'),
          409: errorResponse('Already the most zones allowed'),
        },
      }),
      async (c) => c.json(await privacy.addZone(c.var.user.id, c.req.valid('json')), 201),
    )
    .openapi(
      userRoute(
        auth,
        deleteById({
          path: '/api/profile/privacy-zones/{id}',
          tags: ['profile'],
          params: zoneIdParamSchema,
          deleted: 'Deleted',
          notFound: 'No such zone',
        }),
      ),
      async (c) => {
        await privacy.removeZone(c.var.user.id, c.req.valid('param').id);
        return c.json({ deleted: true as const }, 200);
      },
    );
}
