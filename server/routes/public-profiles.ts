/** GET /api/public/profiles/{username}: what the public page /{username} shows. No sign-in needed. */
import { createRoute, z } from '@hono/zod-openapi';
import { publicProfileSchema } from '../../core/profile.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonResponse } from './openapi.ts';

export function publicProfileRoutes({ services }: RouteDeps) {
  const { profiles } = services;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/profile-photos/{userId}',
        tags: ['public'],
        description:
          "A runner's uploaded photo. Its address carries `?v=` the photo's hash, so it is cached for a year; a new photo gets a new address.",
        request: { params: z.object({ userId: z.string().min(1).max(64) }) },
        responses: {
          200: { description: 'The image (PNG, JPEG or WebP)', content: { 'image/*': { schema: z.string() } } },
          404: errorResponse('No photo'),
        },
      }),
      async (c) => {
        const photo = await profiles.readPhoto(c.req.valid('param').userId);
        c.header('Content-Type', photo.contentType);
        // X-Content-Type-Options: nosniff and a CSP of default-src 'none' come from app.ts.
        c.header(
          'Cache-Control',
          c.req.query('v') === photo.sha256.slice(0, 16) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        c.header('ETag', `"${photo.sha256}"`);
        return c.body(new Uint8Array(photo.bytes), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/public/profiles/{username}',
        tags: ['public'],
        request: { params: z.object({ username: z.string().min(1).max(64) }) },
        responses: { 200: jsonResponse('A public profile', publicProfileSchema), 404: errorResponse('No such runner') },
      }),
      async (c) => c.json(await profiles.getPublic(c.req.valid('param').username), 200),
    );
}
