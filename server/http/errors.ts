/**
 * One error shape for the whole API (spec §8 types): `{ "error": { "type", "message", "code"?, "fields"? } }`.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import type { ZodError } from 'zod';
import { HTTP_MESSAGES, type ApiErrorBody, type ErrorType } from '../../core/errors.ts';
import { AppError, type AppErrorKind } from '../errors.ts';
import { ClientAbortedError } from './client-aborted.ts';

/** Not an HTTP status anyone reads: the client is gone. Logged as such (nginx's "client closed request"). */
export const CLIENT_CLOSED_REQUEST = 499 as ContentfulStatusCode;

/** The status each domain error kind answers with. */
export const STATUS_OF_KIND: Readonly<Record<AppErrorKind, ContentfulStatusCode>> = {
  invalid: 400,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  stalled: 408,
  'too-many': 429,
  upstream: 502,
  forbidden: 403,
  gone: 410,
};

/** Kinds refused before or while the body was read: the unread rest makes the connection unusable. */
const CLOSES_CONNECTION: ReadonlySet<AppErrorKind> = new Set(['too-large', 'stalled', 'too-many']);

export function errorBody(
  type: ErrorType,
  message: string,
  extra: Omit<ApiErrorBody['error'], 'type' | 'message'> = {},
): ApiErrorBody {
  return { error: { type, message, ...extra } };
}

export function errorTypeForStatus(status: number): ErrorType {
  if (status === 400 || status === 409 || status === 413 || status === 422) {
    return 'validation_error';
  }
  if (status === 401) {
    return 'authentication';
  }
  if (status === 403) {
    return 'permission_error';
  }
  if (status === 404 || status === 405) {
    return 'api_error';
  }
  if (status === 429) {
    return 'rate_limit_error';
  }
  return status >= 500 ? 'system_error' : 'unknown_error';
}

export function sendError(c: Context, status: ContentfulStatusCode, body: ApiErrorBody): Response {
  return c.json(body, status);
}

/** Zod issues → `{ "field.path": "first message" }` and a sentence naming the first problem. */
export function validationFailure(error: ZodError): ApiErrorBody {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '(body)';
    if (issue.code === 'unrecognized_keys') {
      for (const unknownKey of issue.keys) {
        fields[[...issue.path, unknownKey].join('.')] = HTTP_MESSAGES.unknownField(unknownKey);
      }
      continue;
    }
    fields[key] ??= issue.message;
  }
  const [firstField, firstMessage] = Object.entries(fields)[0] ?? ['(body)', HTTP_MESSAGES.invalidRequest];
  const message = firstField === '(body)' ? firstMessage : `${firstField}: ${firstMessage}`;
  return errorBody('validation_error', message, { fields });
}

export function createErrorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof ClientAbortedError) {
      // Nobody reads this answer; the request logger's one info line (status 499) records it.
      return sendError(c, CLIENT_CLOSED_REQUEST, errorBody('user_action_error', error.message));
    }
    if (error instanceof AppError) {
      if (CLOSES_CONNECTION.has(error.kind)) {
        // An upload refused part-way, stalled or refused before its body.
        c.header('Connection', 'close');
      }
      return sendError(c, STATUS_OF_KIND[error.kind], errorBody(error.type, error.message, error.details));
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      // Hono's JSON validator throws this for a body that does not parse.
      const message = /malformed json/i.test(error.message)
        ? HTTP_MESSAGES.malformedJson
        : error.message || HTTP_MESSAGES.internal;
      return sendError(c, status, errorBody(errorTypeForStatus(status), message));
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
    return sendError(c, 500, errorBody('system_error', HTTP_MESSAGES.internal));
  };
}

export const apiNotFound: NotFoundHandler = (c) =>
  sendError(c, 404, errorBody('api_error', HTTP_MESSAGES.unknownApiPath(c.req.method, c.req.path)));
