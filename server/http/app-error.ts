/** An error a service throws on purpose; the HTTP layer turns it into `{ error: { type, message } }`. */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorType } from '../../core/errors.ts';

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

/**
 * The client went away before its request was answered (closed the tab, cancelled the upload). It is
 * not a server fault: the error handler logs nothing more than the request line (status 499).
 */
export class ClientAbortedError extends Error {
  constructor() {
    super('The client closed the connection.');
    this.name = 'ClientAbortedError';
  }
}
