/**
 * The error vocabulary of spec §8, shared by server responses and the web app.
 * Every API error is sent as `{ "error": { "type", "message", "code"? } }`.
 */

export const ERROR_TYPES = [
  'authentication',
  'api_error',
  'network_error',
  'validation_error',
  'permission_error',
  'rate_limit_error',
  'data_corruption',
  'user_action_error',
  'system_error',
  'unknown_error',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export const ERROR_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ErrorSeverity = (typeof ERROR_SEVERITIES)[number];

export interface ApiErrorBody {
  error: {
    type: ErrorType;
    message: string;
    /** A finer, stable code where one exists (e.g. an identity code such as "email-already-in-use"). */
    code?: string;
    /** Field-level problems of a rejected payload, keyed by dotted path. */
    fields?: Record<string, string>;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) {
    return false;
  }
  const inner = value.error;
  if (typeof inner !== 'object' || inner === null) {
    return false;
  }
  const { message, type } = inner as { message?: unknown; type?: unknown };
  return typeof message === 'string' && (ERROR_TYPES as readonly unknown[]).includes(type);
}

/** Spec §5 "Startup". */
export function missingEnvironmentVariableMessage(name: string): string {
  return `Missing required environment variable: ${name}`;
}

/** Objects and arrays nested deeper than this in a JSON body are refused before validation. */
export const JSON_MAX_DEPTH = 32;

/** Messages of the HTTP layer that are Stride's own (the spec has no text for them). */
export const HTTP_MESSAGES = {
  malformedJson: 'The request body is not valid JSON.',
  /** A field the request's schema does not know (strict bodies). */
  unknownField: (name: string) => `Unknown field "${name}".`,
  /** A request refused by its schema without a message of its own. */
  invalidRequest: 'Invalid request.',
  bodyTooLarge: 'The request body is larger than the 1 MB limit.',
  unauthenticated: 'You need to sign in to do that.',
  crossSiteRequest: 'This request came from another site and was refused.',
  /** The Host header names another server than PUBLIC_URL (a rebinding page, a misrouted proxy). */
  unknownHost: (publicUrl: string) =>
    `Open Stride at ${publicUrl} to stay signed in: this server answers only at its own address (PUBLIC_URL), and the request named another host.`,
  internal: 'Something went wrong on our side. Please try again.',
  unknownApiPath: (method: string, path: string) => `Unknown API path: ${method} ${path}`,
  nulCharacter: 'The request contains a NUL character (\\u0000), which Stride does not accept.',
  jsonTooDeep: `The request body nests deeper than ${JSON_MAX_DEPTH} levels.`,
  loneSurrogate:
    'The request contains text that is not valid Unicode (a lone UTF-16 surrogate), which Stride does not accept.',
  /** Sign-in and the other account endpoints read JSON only, so every attempt meets the same checks. */
  jsonOnly: 'Send this request as JSON (Content-Type: application/json).',
  tooManyStreams: 'The server has too many open live connections right now. Please try again in a minute.',
  /** One client address holds the most live-event streams it may (EVENT_STREAMS_PER_ADDRESS). */
  tooManyStreamsFromAddress:
    'Too many live connections are open from your network right now. Close some tabs or try again in a minute.',
  /** A per-user or per-address rate limit of a route (server/http/rate-limit.ts). */
  tooManyRequests: (retryAfterSeconds: number) =>
    `Too many requests. Please try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}.`,
  /** better-auth refused without a code Stride maps to an identity message. */
  authenticationFailed: 'Authentication failed.',
  unknownWebhookSubscription: 'Unknown subscription.',
} as const;

/** 404 answers: what was not found among the signed-in user's own data (another user's is the same 404). */
export const NOT_FOUND_MESSAGES = {
  activity: 'Activity not found.',
  goal: 'Goal not found.',
  plan: 'Training plan not found.',
  /** A plan session that is not there, or one a watch does not run (rest, strength, stretching). */
  workout: 'No workout for this session.',
  route: 'Route not found.',
  medal: 'Medal not found.',
  profile: 'Profile not found.',
  account: 'Account not found.',
  runner: (username: string) => `No runner is called @${username}.`,
} as const;

/**
 * A JSON request body may be at most 1 MB: far more than any form or route of Stride sends, small
 * enough that a hostile body costs the server little. (Spec §9 sets no request size.)
 */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
