/**
 * Shared pieces of route contracts: the error response, the validation hook, signed-in routes and
 * the deletion of one of the runner's things by its id.
 */
import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../http/require-user.ts';
import { ERROR_TYPES } from '../../core/errors.ts';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { validationFailure } from '../http/errors.ts';

export const errorResponseSchema = z.object({
  error: z.object({
    type: z.enum(ERROR_TYPES),
    message: z.string(),
    code: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorResponseSchema } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

export const jsonResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A router whose rejected payloads answer 400 with the field-level error body. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(validationFailure(result.error), 400);
      }
      return undefined;
    },
  });
}

/**
 * A route for signed-in users: the session check (401 without a session, 403 for a disabled
 * account) runs first, before the route's own middleware (a per-user rate limit), and the 401 is
 * declared in the OpenAPI document. The handler reads the user from `c.var.user`.
 */
export function userRoute<P extends string, R extends Omit<RouteConfig, 'path'> & { path: P }>(auth: Auth, route: R) {
  const own =
    route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
  return createRoute({
    ...route,
    middleware: [requireUser(auth), ...own] as MiddlewareHandler<AppEnv>[],
    responses: { ...route.responses, 401: errorResponse('Not signed in') },
  });
}

const deletedSchema = z.object({ deleted: z.literal(true) });

/**
 * The contract of a DELETE of one of the runner's things by the `{id}` of `params` (for
 * `userRoute`): 200 `{ deleted: true }` (said `deleted`), 404 with `notFound` when the runner has
 * no such thing.
 */
export function deleteById<P extends string, Params extends z.ZodObject<{ id: z.ZodString }>>(route: {
  path: P;
  tags: string[];
  params: Params;
  deleted: string;
  notFound: string;
}) {
  return {
    method: 'delete' as const,
    path: route.path,
    tags: route.tags,
    request: { params: route.params },
    responses: { 200: jsonResponse(route.deleted, deletedSchema), 404: errorResponse(route.notFound) },
  };
}
