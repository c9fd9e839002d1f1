/** The signed-in user's own profile: read and merge-update (spec §3, §7 "Read, create, and merge-update"). */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { PROFILE_PHOTO_MAX_BYTES } from '../../core/profile-photo.ts';
import { profileSchema, profileUpdateSchema } from '../../core/profile.ts';
import { requireUser } from '../http/require-user.ts';
import type { AppEnv } from '../http/context.ts';
import { removeProfilePhoto, setProfilePhoto } from '../services/profile-photo-service.ts';
import { getProfile, updateOwnProfile } from '../services/profile-service.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse } from './openapi.ts';

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
    )
    .openapi(
      createRoute({
        method: 'post',
        path: PROFILE_PHOTO_PATH,
        tags: ['profile'],
        description:
          'Sets the profile photo: a PNG, JPEG or WebP image of at most 2 MB, as the raw body or the one file of a multipart form. The type is read from the bytes.',
        middleware: [signedIn] as const,
        responses: {
          200: jsonResponse('The profile with its new photoURL', profileSchema),
          400: errorResponse('Not a PNG, JPEG or WebP image, or empty'),
          401: errorResponse('Not signed in'),
          413: errorResponse('Larger than 2 MB'),
        },
      }),
      async (c) => c.json(await setProfilePhoto(db, c.var.user.id, await photoBytes(c)), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: PROFILE_PHOTO_PATH,
        tags: ['profile'],
        middleware: [signedIn] as const,
        responses: {
          200: jsonResponse('The profile without a photo', profileSchema),
          401: errorResponse('Not signed in'),
        },
      }),
      async (c) => c.json(await removeProfilePhoto(db, c.var.user.id), 200),
    );
}
