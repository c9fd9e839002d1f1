/** Shared pieces of route contracts: the error response and the validation hook. */
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ERROR_TYPES } from '../../core/errors.ts';
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
