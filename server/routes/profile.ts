/** The signed-in user's own profile: read and merge-update (spec §3, §7 "Read, create, and merge-update"). */
import { createRoute } from '@hono/zod-openapi';
import { profileSchema, profileUpdateSchema } from '../../core/profile.ts';
import { requireUser } from '../http/require-user.ts';
import { getProfile, updateOwnProfile } from '../services/profile-service.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse } from './openapi.ts';

export function profileRoutes({ db, auth }: RouteDeps) {
  const signedIn = requireUser(auth);
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/profile',
        tags: ['profile'],
        middleware: [signedIn] as const,
        responses: { 200: jsonResponse('Your profile', profileSchema), 401: errorResponse('Not signed in') },
      }),
      async (c) => c.json(await getProfile(db, c.var.user.id), 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/api/profile',
        tags: ['profile'],
        middleware: [signedIn] as const,
        request: { body: jsonBody(profileUpdateSchema) },
        responses: {
          200: jsonResponse('The updated profile', profileSchema),
          400: errorResponse('Invalid fields'),
          401: errorResponse('Not signed in'),
          409: errorResponse('Username taken'),
        },
      }),
      async (c) => c.json(await updateOwnProfile(db, c.var.user.id, c.req.valid('json')), 200),
    );
}
