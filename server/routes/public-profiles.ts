/** GET /api/public/profiles/{username}: what the public page /{username} shows. No sign-in needed. */
import { createRoute, z } from '@hono/zod-openapi';
import { publicProfileSchema } from '../../core/profile.ts';
import { getPublicProfile } from '../services/profile-service.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonResponse } from './openapi.ts';

export function publicProfileRoutes({ db }: RouteDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/api/public/profiles/{username}',
      tags: ['public'],
      request: { params: z.object({ username: z.string().min(1).max(64) }) },
      responses: { 200: jsonResponse('A public profile', publicProfileSchema), 404: errorResponse('No such runner') },
    }),
    async (c) => c.json(await getPublicProfile(db, c.req.valid('param').username), 200),
  );
}
