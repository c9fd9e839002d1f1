/**
 * Account Settings → sign-in methods and active sessions: the list of this account's sessions,
 * signing out one other session, the ways into the account, and the phone number it signs in with
 * (a code texted to a new number is confirmed at better-auth's /api/auth/phone-number/verify). Two-factor enrolment, the sign-in
 * challenge, disabling and new backup codes are better-auth's /api/auth/two-factor/* endpoints.
 */
import { z } from '@hono/zod-openapi';
import { accountSessionsSchema, sessionEndedSchema, signInMethodsSchema } from '../../core/account-sessions.ts';
import { phoneCodeRequestSchema, phoneSignInStatusSchema } from '../../core/phone-sign-in-api.ts';
import type { RouteDeps } from './deps.ts';
import { createRouter, errorResponse, jsonBody, jsonResponse, userRoute } from './openapi.ts';

const tags = ['account'];

export function accountSessionRoutes({ services, auth }: RouteDeps) {
  const { accounts } = services;
  return createRouter()
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/account/sessions',
        tags,
        responses: {
          200: jsonResponse("This account's unexpired sessions, the latest used first", accountSessionsSchema),
        },
      }),
      async (c) => c.json({ sessions: await accounts.listSessions(c.var.user) }, 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'delete',
        path: '/api/account/sessions/{id}',
        tags,
        request: { params: z.object({ id: z.string().min(1).max(200) }) },
        responses: {
          200: jsonResponse('That session is signed out', sessionEndedSchema),
          400: errorResponse('It is the session making the request'),
          404: errorResponse('No such session of this account'),
        },
      }),
      async (c) => {
        await accounts.endSession(c.var.user, c.req.valid('param').id);
        return c.json({ ended: true as const }, 200);
      },
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/account/sign-in-methods',
        tags,
        responses: { 200: jsonResponse('The ways into this account', signInMethodsSchema) },
      }),
      async (c) => c.json(await accounts.signInMethods(c.var.user), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'get',
        path: '/api/account/phone-number',
        tags,
        responses: { 200: jsonResponse('The phone number this account signs in with', phoneSignInStatusSchema) },
      }),
      async (c) => c.json(await accounts.phoneSignIn(c.var.user.id), 200),
    )
    .openapi(
      userRoute(auth, {
        method: 'post',
        path: '/api/account/phone-number/code',
        tags,
        request: { body: jsonBody(phoneCodeRequestSchema) },
        responses: {
          202: jsonResponse('A code is texted to the number (within its limits)', z.object({ sent: z.literal(true) })),
          400: errorResponse('Not a phone number with its country code'),
          404: errorResponse('This server sends no text messages'),
          409: errorResponse('The number belongs to another account'),
        },
      }),
      async (c) => {
        await accounts.requestPhoneCode(c.var.user.id, c.req.valid('json').phoneNumber);
        return c.json({ sent: true as const }, 202);
      },
    )
    .openapi(
      userRoute(auth, {
        method: 'delete',
        path: '/api/account/phone-number',
        tags,
        responses: { 200: jsonResponse('The account no longer signs in by phone', phoneSignInStatusSchema) },
      }),
      async (c) => {
        await accounts.forgetPhoneNumber(c.var.user.id);
        return c.json(await accounts.phoneSignIn(c.var.user.id), 200);
      },
    );
}
