/** GET /api/health: liveness plus the database kind and the migration it is on. */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { currentMigration } from '../db/database.ts';
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

export function healthRoutes({ db, databaseKind, version }: RouteDeps) {
  return new OpenAPIHono().openapi(route, async (c) =>
    c.json({ status: 'ok' as const, database: databaseKind, migration: await currentMigration(db), version }, 200),
  );
}
