/**
 * Accounts: better-auth's endpoints under /api/auth/* (answers rewritten into Stride's error shape
 * with the identity codes of spec §8; e-mail sign-in behind the per-account throttle), the password
 * policy, changing the password, ending other sessions, and account deletion.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import {
  otherSessionsEndedSchema,
  passwordChangeResultSchema,
  passwordChangeSchema,
} from '../../core/account-security.ts';
import { HTTP_MESSAGES } from '../../core/errors.ts';
import { EMAIL_LINK_ERRORS } from '../../core/email-links.ts';
import { IDENTITY_ERROR_MESSAGES, IDENTITY_ERROR_TYPES, identityCodeFor } from '../../core/identity-errors.ts';
import { tooManyAttemptsMessage } from '../../core/login-throttle.ts';
import { passwordPolicySchema } from '../../core/password-policy-schema.ts';
import { passwordLengthMessages, type PasswordPolicy } from '../../core/password-policy.ts';
import { accountDeletionSchema } from '../../core/profile.ts';
import { twoFactorErrorFor } from '../../core/two-factor.ts';
import { PHONE_CODE_ERROR_CODES, PHONE_SIGN_IN_TEXTS } from '../../core/phone-sign-in.ts';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from '../auth/auth.ts';
import { clientAddress } from '../http/client-address.ts';
import { errorBody, errorTypeForStatus, sendError } from '../http/errors.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, type errorResponseSchema, jsonBody, jsonResponse, userRoute } from './openapi.ts';

/** better-call's text for an unparsable body; the API answers every such body with one message. */
const UPSTREAM_MALFORMED_JSON = 'Invalid JSON in request body';

/** Codes whose message Stride's own sign-up check already wrote as a sentence for the form. */
const OWN_MESSAGE_CODES = new Set(['WEAK_PASSWORD', 'MISSING_FIELDS']);

async function translateAuthError(response: Response, policy: PasswordPolicy): Promise<Response> {
  if (response.ok || !response.headers.get('content-type')?.includes('application/json')) {
    return response;
  }
  const upstream = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const code = identityCodeFor(response.status, upstream.code);
  const twoFactorError = twoFactorErrorFor(upstream.code);
  const linkError = upstream.code === undefined ? undefined : EMAIL_LINK_ERRORS[upstream.code];
  let body;
  if (upstream.message === UPSTREAM_MALFORMED_JSON) {
    body = errorBody('validation_error', HTTP_MESSAGES.malformedJson);
  } else if (upstream.code !== undefined && PHONE_CODE_ERROR_CODES.has(upstream.code)) {
    body = errorBody('validation_error', PHONE_SIGN_IN_TEXTS.invalidCode, { code: 'invalid-verification-code' });
  } else if (upstream.code === 'INVALID_PHONE_NUMBER') {
    body = errorBody('validation_error', PHONE_SIGN_IN_TEXTS.invalidNumber, { code: 'invalid-phone-number' });
  } else if (upstream.code === 'PHONE_NUMBER_EXIST') {
    body = errorBody('validation_error', PHONE_SIGN_IN_TEXTS.numberTaken, { code: 'phone-number-taken' });
  } else if (twoFactorError) {
    body = errorBody(twoFactorError.type, twoFactorError.message, { code: twoFactorError.code });
  } else if (code === undefined && linkError !== undefined) {
    body = errorBody(errorTypeForStatus(response.status), linkError.message, { code: linkError.code });
  } else if (code === undefined) {
    body = errorBody(errorTypeForStatus(response.status), upstream.message ?? HTTP_MESSAGES.authenticationFailed);
  } else {
    let message: string = IDENTITY_ERROR_MESSAGES[code];
    if (upstream.code !== undefined && OWN_MESSAGE_CODES.has(upstream.code) && upstream.message) {
      message = upstream.message;
    } else if (upstream.code === 'PASSWORD_TOO_SHORT') {
      message = passwordLengthMessages(policy).tooShort;
    } else if (upstream.code === 'PASSWORD_TOO_LONG') {
      message = passwordLengthMessages(policy).tooLong;
    }
    body = errorBody(IDENTITY_ERROR_TYPES[code], message, { code });
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

const SIGN_IN_PATH = `${AUTH_BASE_PATH}/sign-in/email`;
const GET_SESSION_PATH = `${AUTH_BASE_PATH}/get-session`;

/**
 * Whether a request to better-auth carries a body in an encoding Stride's clients never send.
 * better-auth would also parse form-encoded and multipart bodies, which the per-account throttle
 * (and every other check that reads the JSON) would not see; so only JSON, or no body, gets through.
 */
async function hasNonJsonBody(request: Request): Promise<boolean> {
  if (request.method !== 'POST' || request.body === null) {
    return false;
  }
  const contentType = request.headers.get('content-type')?.trim() ?? '';
  if (contentType !== '') {
    return !/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);
  }
  return (await request.clone().text()) !== '';
}

/** An account in the security log: the start of the throttle's keyed hash, never the e-mail typed. */
function accountTag(throttleKey: string): string {
  return throttleKey.slice(0, 16);
}

/** The e-mail of a sign-in body, read from a copy so the request can still be passed on. */
async function signInEmail(request: Request): Promise<string | undefined> {
  const body = (await request
    .clone()
    .json()
    .catch(() => undefined)) as { email?: unknown } | undefined;
  return typeof body?.email === 'string' && body.email.trim() !== '' ? body.email : undefined;
}

export function accountRoutes({ services, auth, config, securityLog }: RouteDeps) {
  const { accounts } = services;

  const handleAuth = async (c: Context) => {
    // The session the web app asks for on every page load, from memory when it holds it (the same
    // answer better-auth gives; a query string is better-auth's to read).
    if (c.req.method === 'GET' && c.req.path === GET_SESSION_PATH && !c.req.url.includes('?')) {
      const cached = await auth.cachedSessionAnswer(c.req.raw.headers);
      if (cached !== undefined) {
        return c.body(cached, 200, { 'content-type': 'application/json' });
      }
    }
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const address = clientAddress(c, config.trustProxyHops);
    if (address) {
      headers.set(CLIENT_IP_HEADER, address);
    }
    const request = new Request(c.req.raw, { headers });
    if (await hasNonJsonBody(request)) {
      securityLog.record('request-refused', { reason: 'encoding', path: c.req.path, address: address ?? 'unknown' });
      return sendError(c, 415, errorBody('validation_error', HTTP_MESSAGES.jsonOnly));
    }
    // Per-account throttle on top of better-auth's per-address limit: keyed by the e-mail whether
    // or not an account has it, and refusing even the right password while a wait runs.
    const email = c.req.method === 'POST' && c.req.path === SIGN_IN_PATH ? await signInEmail(request) : undefined;
    const attempt = email === undefined ? undefined : await accounts.claimSignInAttempt(email);
    if (attempt && !attempt.allowed) {
      securityLog.record('sign-in-throttled', { account: accountTag(attempt.key), address: address ?? 'unknown' });
      c.header('Retry-After', String(attempt.retryAfterSeconds));
      return sendError(
        c,
        429,
        errorBody('rate_limit_error', tooManyAttemptsMessage(attempt.retryAfterSeconds), { code: 'too-many-requests' }),
      );
    }
    const response = await auth.handler(request);
    if (attempt?.allowed && response.ok) {
      await accounts.recordSignInSuccess(attempt.key);
    } else if (attempt?.allowed && response.status === 401) {
      securityLog.record('sign-in-failed', { account: accountTag(attempt.key), address: address ?? 'unknown' });
    }
    return translateAuthError(response, config.passwordPolicy);
  };

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/password-policy',
        tags: ['account'],
        responses: { 200: jsonResponse('The password policy (spec §5)', passwordPolicySchema) },
      }),
      (c) => c.json(config.passwordPolicy, 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'delete',
        path: '/api/account',
        tags: ['account'],
        request: { body: jsonBody(accountDeletionSchema) },
        responses: {
          200: jsonResponse('Deleted; every session is signed out', z.object({ deleted: z.literal(true) })),
          400: errorResponse('The confirmation does not match'),
        },
      }),
      async (c) => {
        await accounts.delete(c.var.user, c.req.valid('json'));
        const cookies = (await auth.$context).authCookies;
        for (const cookie of [cookies.sessionToken, cookies.sessionData, cookies.dontRememberToken]) {
          deleteCookie(c, cookie.name, cookie.attributes);
        }
        return c.json({ deleted: true as const }, 200);
      },
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/account/password',
        tags: ['account'],
        request: { body: jsonBody(passwordChangeSchema) },
        responses: {
          200: jsonResponse(
            'Changed; every other session is signed out and this one gets a new cookie',
            passwordChangeResultSchema,
          ),
          400: errorResponse('The current password is wrong, or the new one does not meet the policy'),
        },
      }),
      async (c) => {
        const { response, otherSessionsEnded } = await accounts.changePassword(c.var.user, {
          change: c.req.valid('json'),
          headers: c.req.raw.headers,
        });
        if (!response.ok) {
          const translated = await translateAuthError(response, config.passwordPolicy);
          const body = (await translated.json()) as z.infer<typeof errorResponseSchema>;
          return c.json(body, translated.status === 401 ? 401 : 400);
        }
        for (const cookie of response.headers.getSetCookie()) {
          c.header('Set-Cookie', cookie, { append: true });
        }
        return c.json({ changed: true as const, otherSessionsEnded }, 200);
      },
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/account/sessions/end-others',
        tags: ['account'],
        responses: {
          200: jsonResponse('Every other session of this account is signed out', otherSessionsEndedSchema),
        },
      }),
      async (c) => c.json({ otherSessionsEnded: await accounts.endOtherSessions(c.var.user) }, 200),
    )
    .on(['GET', 'POST'], `${AUTH_BASE_PATH}/*`, handleAuth);
}
