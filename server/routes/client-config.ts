/** GET /api/config: what the web app needs to know about this server (public, no secrets). */
import { createRoute, z } from '@hono/zod-openapi';
import type { RouteDeps } from './deps.ts';
import { createRouter, jsonResponse } from './openapi.ts';

const clientConfigSchema = z.object({
  mapTileUrl: z.string(),
  mapAttribution: z.string(),
  /** The tiles (and their attribution) for a runner whose profile has dark mode on. */
  mapTileUrlDark: z.string(),
  mapAttributionDark: z.string(),
  /** Whether this server sends mail (SMTP is configured); Account says so next to the mail switches when not. */
  sendsMail: z.boolean(),
  /** Whether "Continue with Google" is offered (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set). */
  google: z.boolean(),
  /** Whether "Sign in with phone" is offered (this server sends text messages: SMS_* settings, or development). */
  phoneSignIn: z.boolean(),
});

export function clientConfigRoutes({ config, services }: RouteDeps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/api/config',
      tags: ['system'],
      responses: { 200: jsonResponse('Settings the browser needs', clientConfigSchema) },
    }),
    (c) =>
      c.json(
        {
          mapTileUrl: config.mapTileUrl,
          mapAttribution: config.mapAttribution,
          mapTileUrlDark: config.mapTileUrlDark,
          mapAttributionDark: config.mapAttributionDark,
          sendsMail: services.mail.sendsMail,
          google: config.google !== null,
          phoneSignIn: services.auth.phoneSignIn,
        },
        200,
      ),
  );
}
