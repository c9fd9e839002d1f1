/**
 * Importing a whole export archive (core/activity/archive-rules.ts): its own entry point beside
 * the 10-file upload. POST streams the ZIP to disk and queues the import (one at a time per
 * runner); GET reads the runner's latest import, its progress and its per-file report.
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { archiveImportSchema } from '../../core/activity/archive-api.ts';
import { FALLBACK_TIME_ZONE, isValidTimeZone, TIME_ZONE_MESSAGES } from '../../core/activity/time-zone.ts';
import { invalid } from '../errors.ts';
import { receiveArchive } from '../http/archive-upload.ts';
import type { AppEnv } from '../http/context.ts';
import { bySignedInUser, rateLimit } from '../http/rate-limit.ts';
import { requireUser } from '../http/require-user.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonResponse, userRoute } from './openapi.ts';

export const ARCHIVE_UPLOAD_PATH = '/api/activities/archive-imports';

const archiveQuerySchema = z.object({
  name: z.string().max(255).optional(),
  timeZone: z.string().max(64).optional(),
});

export function archiveImportRoutes({ services, auth, config, clock }: RouteDeps) {
  const { archives } = services;
  const signedIn = requireUser(auth);
  const archiveRateLimit = rateLimit({
    key: bySignedInUser,
    limit: config.routeRateLimits.uploadsPerUser,
    windowMs: config.routeRateLimits.windowMs,
    clock,
  });

  const uploadHandler = async (c: Context<AppEnv>) => {
    const user = c.var.user;
    const query = archiveQuerySchema.safeParse({ name: c.req.query('name'), timeZone: c.req.query('timeZone') });
    const timeZone = query.success ? (query.data.timeZone ?? FALLBACK_TIME_ZONE) : FALLBACK_TIME_ZONE;
    if (!isValidTimeZone(timeZone)) {
      throw invalid(`timeZone: ${TIME_ZONE_MESSAGES.unknown}`);
    }
    // Refused before a byte is stored while one runs; the insert checks again (two at once).
    await archives.ensureNoneRunning(user.id);
    const filePath = await archives.newArchivePath();
    const fileSize = await receiveArchive(c.req.raw, filePath);
    const fileName = (query.success ? query.data.name : undefined) || 'export.zip';
    return c.json(await archives.start(user.id, { filePath, fileName, fileSize, timeZone }), 202);
  };

  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: ARCHIVE_UPLOAD_PATH,
        tags: ['activities'],
        responses: {
          200: jsonResponse('The latest archive import: progress, then the per-file report', archiveImportSchema),
          404: errorResponse('No archive imported yet'),
        },
      }),
      async (c) => c.json(await archives.latest(c.var.user.id), 200),
    )
    .post(ARCHIVE_UPLOAD_PATH, signedIn, archiveRateLimit, uploadHandler);
}
