/** GET /api/config: what the web app needs to know about this server (public, no secrets). */
import { createRoute, z } from '@hono/zod-openapi';
import type { RouteDeps } from './deps.ts';
import { createRouter, jsonResponse } from './openapi.ts';

const clientConfigSchema = z.object({
  mapTileUrl: z.string(),
  mapAttribution: z.string(),
  /** Whether "Continue with Google" is offered (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set). */
  google: z.boolean(),
});

export function clientConfigRoutes({ config }: RouteDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/api/config',
      tags: ['system'],
      responses: { 200: jsonResponse('Settings the browser needs', clientConfigSchema) },
    }),
    (c) =>
      c.json(
        { mapTileUrl: config.mapTileUrl, mapAttribution: config.mapAttribution, google: config.google !== null },
        200,
      ),
  );
}
