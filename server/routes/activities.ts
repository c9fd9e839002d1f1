/**
 * Activities (spec §3, §5): upload files, add a manual activity, list with filters, read, edit,
 * delete (one, or several at once, or give several one type or gear), undo a deletion, download the
 * original, export GPX, and add or remove the sample runs. Another user's id is always a 404.
 */
import path from 'node:path';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { activityBulkResultSchema, activityBulkSchema } from '../../core/activity/activity-bulk.ts';
import { activityRestoreResultSchema } from '../../core/activity/activity-undo.ts';
import {
  activityDetailSchema,
  activityListQuerySchema,
  activityPageSchema,
  displayTrackSchema,
  type UploadEvent,
} from '../../core/activity/schemas.ts';
import { sportTotalsSchema } from '../../core/activity/sport-totals.ts';
import { activityEditSchema, givenUploadStart, manualActivitySchema } from '../../core/activity/activity-edit.ts';
import { FALLBACK_TIME_ZONE, isValidTimeZone, TIME_ZONE_MESSAGES } from '../../core/activity/time-zone.ts';
import { checkUploadBatch, UPLOAD_MESSAGES } from '../../core/activity/upload-rules.ts';
import { activityBestEffortsSchema } from '../../core/running/best-efforts-api.ts';
import { timeZoneBodySchema } from '../../core/medals/api.ts';
import { shareTrackSchema } from '../../core/profile-privacy.ts';
import type { AppEnv } from '../http/context.ts';
import { invalid } from '../errors.ts';
import { download } from '../http/download.ts';
import { receiveUpload } from '../http/multipart-upload.ts';
import { bySignedInUser, rateLimit } from '../http/rate-limit.ts';
import { requireUser } from '../http/require-user.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, deleteById, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

export const UPLOAD_PATH = '/api/activities/uploads';

const idParam = z.object({ id: z.string().min(1).max(64) });

export function activityRoutes({ services, auth, config, logger, clock }: RouteDeps) {
  const { activities, imports } = services;
  const signedIn = requireUser(auth);
  const tmpDir = path.join(config.dataDir, 'tmp');
  /** Upload requests per user, before any quota is read; the per-minute and per-hour quotas stay in the database. */
  const uploadRateLimit = rateLimit({
    key: bySignedInUser,
    limit: config.routeRateLimits.uploadsPerUser,
    windowMs: config.routeRateLimits.windowMs,
    clock,
  });

  /** Receives the body within the user's limits; the in-flight slot is the caller's to release. */
  const receiveWithinLimits = async (c: Context<AppEnv>, userId: string) => {
    const release = await imports.admit(userId);
    try {
      const upload = await receiveUpload(c.req.raw, tmpDir, {
        idleTimeoutMs: config.uploads.idleTimeoutMs,
        clock,
      });
      const check = checkUploadBatch(upload.files);
      try {
        if (check.error) {
          throw invalid(check.error);
        }
        const timeZone = upload.fields.timeZone;
        if (timeZone !== undefined && !isValidTimeZone(timeZone)) {
          throw invalid(`timeZone: ${TIME_ZONE_MESSAGES.unknown}`);
        }
        const givenStart = givenStartOf(upload.fields, upload.files.length);
        const bytes = upload.files.reduce((sum, file) => sum + file.size, 0);
        await imports.accept(userId, { files: upload.files.length, bytes });
        return { upload, warnings: check.warnings, release, givenStart };
      } catch (error) {
        await upload.cleanup();
        throw error;
      }
    } catch (error) {
      release();
      throw error;
    }
  };

  /** The start the runner gave a file without any date (`startDateLocal`, one file only). */
  const givenStartOf = (fields: Record<string, string>, files: number): number | undefined => {
    const local = fields.startDateLocal;
    if (local === undefined) {
      return undefined;
    }
    if (files !== 1) {
      throw invalid(UPLOAD_MESSAGES.dateForOneFile);
    }
    const given = givenUploadStart(local, fields.timeZone ?? FALLBACK_TIME_ZONE, clock.now());
    if (!given.ok) {
      throw invalid(given.message);
    }
    return given.startMs;
  };

  const uploadHandler = async (c: Context<AppEnv>) => {
    const user = c.var.user;
    const { upload, warnings, release, givenStart } = await receiveWithinLimits(c, user.id);
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    return stream(c, async (out) => {
      // The client going away stops the import: queued files are dropped, a running worker is ended.
      const gone = new AbortController();
      out.onAbort(() => gone.abort());
      c.req.raw.signal.addEventListener('abort', () => gone.abort(), { once: true });
      const emit = async (event: UploadEvent) => {
        if (!gone.signal.aborted) {
          await out.write(`${JSON.stringify(event)}\n`);
        }
      };
      try {
        await emit({
          kind: 'accepted',
          files: upload.files.map((file) => ({ index: file.index, name: file.name, size: file.size })),
          warnings,
        });
        const outcome = await imports.importFiles(user.id, {
          files: upload.files,
          timeZone: upload.fields.timeZone ?? FALLBACK_TIME_ZONE,
          givenStart,
          signal: gone.signal,
          emit,
        });
        if (gone.signal.aborted) {
          logger.info({ userId: user.id, imported: outcome.imported }, 'upload abandoned by the client');
        }
      } finally {
        release();
        await upload.cleanup();
      }
    });
  };

  return (
    createRouter()
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/activities',
          tags: ['activities'],
          request: { query: activityListQuerySchema },
          responses: {
            200: jsonResponse('A page of activities, newest first', activityPageSchema),
            400: errorResponse('Bad filter or cursor'),
          },
        }),
        async (c) => c.json(await activities.list(c.var.user.id, c.req.valid('query')), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/activities/totals',
          tags: ['activities'],
          responses: {
            200: jsonResponse('What counts in the totals, per sport: runs first, then the others', sportTotalsSchema),
          },
        }),
        async (c) => c.json(await activities.totals(c.var.user.id), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'post',
          path: '/api/activities/manual',
          tags: ['activities'],
          request: { body: jsonBody(manualActivitySchema) },
          responses: {
            201: jsonResponse('The manual activity', activityDetailSchema),
            400: errorResponse('A field is not valid, or the start is in the future'),
          },
        }),
        async (c) => c.json(await activities.addManual(c.var.user.id, c.req.valid('json')), 201),
      )
      .openapi(
        userRoute(auth, {
          method: 'post',
          path: '/api/activities/samples',
          tags: ['activities'],
          responses: { 200: jsonResponse('The sample runs were added', z.object({ added: z.number().int() })) },
        }),
        async (c) => c.json({ added: await activities.addSamples(c.var.user.id) }, 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'delete',
          path: '/api/activities/samples',
          tags: ['activities'],
          responses: { 200: jsonResponse('The sample runs were removed', z.object({ removed: z.number().int() })) },
        }),
        async (c) => c.json({ removed: await activities.removeSamples(c.var.user.id) }, 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'post',
          path: '/api/activities/bulk',
          tags: ['activities'],
          request: { body: jsonBody(activityBulkSchema) },
          responses: {
            200: jsonResponse('All the selected activities were changed', activityBulkResultSchema),
            400: errorResponse('No selection, too many, or an unknown type'),
            404: errorResponse('One of them, or the gear, is not the runner’s: nothing was changed'),
            409: errorResponse('A new type or gear for a Strava activity: nothing was changed'),
          },
        }),
        async (c) => c.json(await activities.changeMany(c.var.user.id, c.req.valid('json')), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/activities/{id}',
          tags: ['activities'],
          request: { params: idParam },
          responses: {
            200: jsonResponse('One activity', activityDetailSchema),
            404: errorResponse('No such activity'),
          },
        }),
        async (c) => c.json(await activities.get(c.var.user.id, c.req.valid('param').id), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/activities/{id}/best-efforts',
          tags: ['activities'],
          request: { params: idParam },
          responses: {
            200: jsonResponse('The activity’s best efforts and their places', activityBestEffortsSchema),
            404: errorResponse('No such activity'),
          },
        }),
        async (c) => c.json(await activities.bestEfforts(c.var.user.id, c.req.valid('param').id), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/activities/{id}/track',
          tags: ['activities'],
          request: { params: idParam },
          responses: {
            200: jsonResponse('The track, thinned for display', displayTrackSchema),
            404: errorResponse('No such activity'),
          },
        }),
        async (c) => c.json(await activities.displayTrack(c.var.user.id, c.req.valid('param').id), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/activities/{id}/share-track',
          tags: ['activities'],
          description:
            "What the activity's share card draws of its route: the lines every public surface shows, with the runner's privacy zones and 200 m around the start and the end cut out.",
          request: { params: idParam },
          responses: {
            200: jsonResponse('The route as shared', shareTrackSchema),
            404: errorResponse('No such activity, or one without a route'),
          },
        }),
        async (c) => c.json(await activities.shareTrack(c.var.user.id, c.req.valid('param').id), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'patch',
          path: '/api/activities/{id}',
          tags: ['activities'],
          request: { params: idParam, body: jsonBody(activityEditSchema) },
          responses: {
            200: jsonResponse('The edited activity', activityDetailSchema),
            400: errorResponse('A field is not valid'),
            409: errorResponse('A Strava activity’s name, type, description, gear and figures are changed on Strava'),
            404: errorResponse('No such activity'),
          },
        }),
        async (c) =>
          c.json(await activities.edit(c.var.user.id, { id: c.req.valid('param').id, edit: c.req.valid('json') }), 200),
      )
      .openapi(
        userRoute(
          auth,
          deleteById({
            path: '/api/activities/{id}',
            tags: ['activities'],
            params: idParam,
            deleted: 'Deleted',
            notFound: 'No such activity',
          }),
        ),
        async (c) => {
          await activities.delete(c.var.user.id, c.req.valid('param').id);
          return c.json({ deleted: true as const }, 200);
        },
      )
      .openapi(
        userRoute(auth, {
          method: 'post',
          path: '/api/activities/{id}/restore',
          tags: ['activities'],
          request: { params: idParam },
          responses: {
            200: jsonResponse('Restored', activityRestoreResultSchema),
            410: errorResponse('Not deleted, or deleted too long ago to restore'),
          },
        }),
        async (c) => {
          await activities.restore(c.var.user.id, c.req.valid('param').id);
          return c.json({ restored: true as const }, 200);
        },
      )
      .openapi(
        userRoute(auth, {
          method: 'post',
          path: '/api/activities/{id}/confirm',
          tags: ['activities'],
          request: { params: idParam, body: jsonBody(timeZoneBodySchema) },
          responses: {
            200: jsonResponse('The activity, confirmed', activityDetailSchema),
            404: errorResponse('No such activity'),
          },
        }),
        async (c) =>
          c.json(
            await activities.confirm(c.var.user.id, {
              id: c.req.valid('param').id,
              timeZone: c.req.valid('json').timeZone,
            }),
            200,
          ),
      )
      .openapi(
        userRoute(auth, {
          method: 'post',
          path: '/api/activities/{id}/revert',
          tags: ['activities'],
          request: { params: idParam, body: jsonBody(timeZoneBodySchema) },
          responses: {
            200: jsonResponse('The activity with its file’s figures again', activityDetailSchema),
            404: errorResponse('No such activity'),
            409: errorResponse('A manual activity has no file to revert to'),
          },
        }),
        async (c) =>
          c.json(
            await activities.revert(c.var.user.id, {
              id: c.req.valid('param').id,
              timeZone: c.req.valid('json').timeZone,
            }),
            200,
          ),
      )
      // Multipart in, NDJSON and files out: outside the zod/OpenAPI contracts.
      .post(UPLOAD_PATH, signedIn, uploadRateLimit, uploadHandler)
      .get('/api/activities/:id/original', signedIn, async (c) =>
        download(c, await activities.originalFile(c.var.user.id, c.req.param('id'))),
      )
      .get('/api/activities/:id/export.gpx', signedIn, async (c) =>
        download(c, await activities.exportGpx(c.var.user.id, c.req.param('id'))),
      )
  );
}
