/**
 * Errors a use case throws on purpose, with the status and type the API answers with. Services
 * throw them without knowing HTTP; the HTTP layer's error handler turns each into
 * `{ error: { type, message } }` with its status.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorType } from '../core/errors.ts';

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly type: ErrorType,
    message: string,
    readonly details: { code?: string; fields?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError(404, 'api_error', message);
export const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'validation_error', message, fields ? { fields } : {});
