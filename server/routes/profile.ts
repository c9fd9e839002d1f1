/** The signed-in user's own profile: read and merge-update (spec §3, §7 "Read, create, and merge-update"). */
import type { Context } from 'hono';
import { PROFILE_PHOTO_MAX_BYTES } from '../../core/profile-photo.ts';
import { profileSchema, profileUpdateSchema } from '../../core/profile.ts';
import type { AppEnv } from '../http/context.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

export const PROFILE_PHOTO_PATH = '/api/profile/photo';
/** The photo's own limit, with room for a multipart envelope around it. */
export const PROFILE_PHOTO_BODY_LIMIT = PROFILE_PHOTO_MAX_BYTES + 64 * 1024;

/** The photo's bytes: the body itself, or the first file of a multipart form. */
async function photoBytes(c: Context<AppEnv>): Promise<Uint8Array> {
  if (/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    const form = await c.req.parseBody();
    const file = Object.values(form).find((value): value is File => value instanceof File);
    return file ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  }
  return new Uint8Array(await c.req.arrayBuffer());
}

export function profileRoutes({ services, auth }: RouteDeps) {
  const { profiles } = services;
  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/profile',
        tags: ['profile'],
        responses: { 200: jsonResponse('Your profile', profileSchema) },
      }),
      async (c) => c.json(await profiles.get(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'patch',
        path: '/api/profile',
        tags: ['profile'],
        request: { body: jsonBody(profileUpdateSchema) },
        responses: {
          200: jsonResponse('The updated profile', profileSchema),
          400: errorResponse('Invalid fields'),
          409: errorResponse('Username taken'),
        },
      }),
      async (c) => c.json(await profiles.update(c.var.user.id, c.req.valid('json')), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: PROFILE_PHOTO_PATH,
        tags: ['profile'],
        description:
          'Sets the profile photo: a PNG, JPEG or WebP image of at most 2 MB, as the raw body or the one file of a multipart form. The type is read from the bytes.',
        responses: {
          200: jsonResponse('The profile with its new photoURL', profileSchema),
          400: errorResponse('Not a PNG, JPEG or WebP image, or empty'),
          413: errorResponse('Larger than 2 MB'),
        },
      }),
      async (c) => c.json(await profiles.setPhoto(c.var.user.id, await photoBytes(c)), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'delete',
        path: PROFILE_PHOTO_PATH,
        tags: ['profile'],
        responses: {
          200: jsonResponse('The profile without a photo', profileSchema),
        },
      }),
      async (c) => c.json(await profiles.removePhoto(c.var.user.id), 200),
    );
}
