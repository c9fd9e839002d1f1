/**
 * GET /api/health: liveness plus the database kind and the migration it is on. The migration is the
 * one this server migrated to at start (server.ts), so a health probe never touches the database:
 * reading the migration table on every call made it the slowest route under load.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { RouteDeps } from './deps.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  migration: z.string(),
  version: z.string(),
});

const route = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['system'],
  responses: { 200: { description: 'The server is up', content: { 'application/json': { schema: healthSchema } } } },
});

export function healthRoutes({ databaseKind, migration, version }: RouteDeps) {
  return new OpenAPIHono().openapi(route, (c) =>
    c.json({ status: 'ok' as const, database: databaseKind, migration, version }, 200),
  );
}
