/**
 * Account → "Download my data" (core/data-export.ts): ask for the ZIP, follow its state, and
 * download it while signed in until it expires.
 */
import { dataExportStatusSchema } from '../../core/data-export.ts';
import { requireUser } from '../http/require-user.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, jsonResponse, userRoute } from './openapi.ts';

export function dataExportRoutes({ services, auth }: RouteDeps) {
  const { dataExports } = services;
  return (
    createRouter()
      .openapi(
        userRoute(auth, {
          method: 'get',
          path: '/api/account/data-export',
          tags: ['account'],
          responses: {
            200: jsonResponse(
              'The newest export still of use (building, ready or failed), or null',
              dataExportStatusSchema,
            ),
          },
        }),
        async (c) => c.json(await dataExports.status(c.var.user.id), 200),
      )
      .openapi(
        userRoute(auth, {
          method: 'post',
          path: '/api/account/data-export',
          tags: ['account'],
          responses: {
            200: jsonResponse(
              'The export building: a new one, or the one already building (one at a time per runner)',
              dataExportStatusSchema,
            ),
          },
        }),
        async (c) => c.json(await dataExports.request(c.var.user.id), 200),
      )
      // A ZIP streamed from disk: outside the JSON contracts, as the other downloads.
      .get('/api/account/data-export/:id/download', requireUser(auth), async (c) => {
        const file = await dataExports.file(c.var.user.id, c.req.param('id'));
        return c.body(dataExports.openFile(file), 200, {
          'Content-Type': 'application/zip',
          'Content-Length': String(file.sizeBytes),
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          'Cache-Control': 'private, no-store',
        });
      })
  );
}
