/**
 * Errors a use case throws on purpose: a domain kind (what went wrong) and the error type the API
 * names. Services throw them through the named factories below without knowing HTTP; the HTTP
 * layer (server/http/errors.ts) maps each kind to its status and answers
 * `{ error: { type, message, code?, fields? } }`.
 */
import type { ErrorType } from '../core/errors.ts';

export type AppErrorKind =
  /** The request itself is wrong, or cannot be done as asked. */
  | 'invalid'
  | 'not-found'
  /** It clashes with what is stored (a taken name, a Strava-owned activity, no connection). */
  | 'conflict'
  /** More bytes than the limit allows. */
  | 'too-large'
  /** The client stopped sending. */
  | 'stalled'
  /** Over a rate or concurrency limit. */
  | 'too-many'
  /** An outside service (Strava) failed or answered what could not be used. */
  | 'upstream'
  /** The signed-in runner may not use this (a feature their subscription does not cover). */
  | 'forbidden'
  /** It existed and is gone for good (an expired download). */
  | 'gone';

export interface AppErrorDetails {
  code?: string;
  fields?: Record<string, string>;
}

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    readonly type: ErrorType,
    message: string,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError('not-found', 'api_error', message);
export const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError('invalid', 'validation_error', message, fields ? { fields } : {});
/** A request refused with a machine-readable `code` (and, when given, the fields at fault). */
export const refused = (message: string, details: AppErrorDetails) =>
  new AppError('invalid', 'validation_error', message, details);
/** The runner chose not to go on (e.g. denied access at Strava). */
export const userAction = (message: string, code?: string) =>
  new AppError('invalid', 'user_action_error', message, code ? { code } : {});
export const conflict = (message: string, details: AppErrorDetails = {}) =>
  new AppError('conflict', 'validation_error', message, details);
export const payloadTooLarge = (message: string) => new AppError('too-large', 'validation_error', message);
export const stalled = (message: string) => new AppError('stalled', 'validation_error', message);
export const tooMany = (message: string) => new AppError('too-many', 'rate_limit_error', message);
export const upstreamFailed = (message: string) => new AppError('upstream', 'api_error', message);
export const gone = (message: string) => new AppError('gone', 'api_error', message);
export const forbidden = (message: string, code?: string) =>
  new AppError('forbidden', 'permission_error', message, code ? { code } : {});
