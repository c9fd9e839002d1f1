/**
 * The web app's only door to the server. Product routes are typed end to end from the server's
 * route types (Hono RPC); better-auth's endpoints are plain JSON posts. Every failure becomes an
 * ApiError carrying the server's `{ type, message, code, fields }`.
 */
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '../../../server/app.ts';
import { isApiErrorBody, type ApiErrorBody } from '../../../core/errors.ts';
import { IDENTITY_ERROR_MESSAGES, IDENTITY_REQUEST_TIMEOUT_MS } from '../../../core/identity-errors.ts';
import { OFFLINE_WRITE_CODE, OFFLINE_WRITE_REFUSED } from '../../../core/offline.ts';

export type ApiErrorDetails = ApiErrorBody['error'];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly details: ApiErrorDetails,
  ) {
    super(details.message);
    this.name = 'ApiError';
  }

  get fields(): Record<string, string> {
    return this.details.fields ?? {};
  }
}

/** A change asked for while the browser is offline: refused, never queued to be sent later. */
export function offlineWriteError(): ApiError {
  return new ApiError(0, { type: 'network_error', code: OFFLINE_WRITE_CODE, message: OFFLINE_WRITE_REFUSED });
}

const READ_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/**
 * Throws the offline refusal for a request that would change something (any method but a read)
 * while the browser reports no connection, before anything is sent.
 */
export function refuseWriteWhenOffline(method: string, online: boolean = navigator.onLine): void {
  if (!online && !READ_METHODS.includes(method.toUpperCase())) {
    throw offlineWriteError();
  }
}

/** fetch, with changes refused while offline. */
const guardedFetch: typeof fetch = async (input, init) => {
  refuseWriteWhenOffline(init?.method ?? (input instanceof Request ? input.method : 'GET'));
  return fetch(input, init);
};

export const api = hc<ApiRoutes>(window.location.origin, { fetch: guardedFetch }).api;

/** The request never got an answer (offline, refused, aborted by the network). */
export function networkError(): ApiError {
  return new ApiError(0, {
    type: 'network_error',
    code: 'network-request-failed',
    message: IDENTITY_ERROR_MESSAGES['network-request-failed'],
  });
}

/**
 * A failed answer as an ApiError: the server's `{ error }` when the body is one, otherwise (a
 * proxy's page, an empty body) "Request failed: <status>". For calls made without `unwrap`
 * (raw fetch, XMLHttpRequest); `body` is the parsed JSON or null.
 */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  return new ApiError(
    status,
    isApiErrorBody(body) ? body.error : { type: 'api_error', message: `Request failed: ${status}` },
  );
}

async function failure(response: Response): Promise<ApiError> {
  return apiErrorFrom(response.status, await response.json().catch(() => null));
}

/** The body of the successful responses among a route's declared responses. */
type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, string> ? (S extends SuccessStatusCode ? T : never) : never;

/** Awaits a typed RPC call and returns its JSON, or throws an ApiError. */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<SuccessBody<R>> {
  let response: R;
  try {
    response = await call;
  } catch (error) {
    throw error instanceof ApiError ? error : networkError();
  }
  if (!response.ok) {
    throw await failure(response);
  }
  return (await response.json()) as SuccessBody<R>;
}

/** MUI's phone widths (below its `sm` breakpoint): where identity requests get the longer timeout. */
const PHONE_WIDTH_QUERY = '(max-width: 599.95px)';

/** Spec §7: a request to the identity provider gives up after 30 s on a desktop, 60 s on a phone. */
export function identityRequestTimeoutMs(
  mobile: boolean = typeof window.matchMedia === 'function' && window.matchMedia(PHONE_WIDTH_QUERY).matches,
): number {
  return mobile ? IDENTITY_REQUEST_TIMEOUT_MS.mobile : IDENTITY_REQUEST_TIMEOUT_MS.desktop;
}

/**
 * POST/GET to an untyped endpoint (better-auth's, the identity provider's calls): one that gets no
 * answer within the spec §7 timeout fails as a network error, instead of leaving a form waiting.
 */
export async function requestJson<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; timeoutMs?: number } = {},
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), init.timeoutMs ?? identityRequestTimeoutMs());
  try {
    let response: Response;
    try {
      response = await guardedFetch(path, {
        method: init.method ?? 'POST',
        credentials: 'same-origin',
        headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
        body: init.body === undefined ? null : JSON.stringify(init.body),
        signal: controller.signal,
      });
    } catch (error) {
      throw error instanceof ApiError ? error : networkError();
    }
    if (!response.ok) {
      throw await failure(response);
    }
    return (await response.json().catch(() => {
      throw networkError();
    })) as T;
  } finally {
    clearTimeout(timer);
  }
}
